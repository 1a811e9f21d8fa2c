import {checkWarning, qualityPage} from "../../loaders/pages/quality.js";
import {studyDir} from "../../loaders/analysis/report.js";
import {studyForLoader} from "../../loaders/live/for-loader.js";

async function load(): Promise<string> {
  const {report, rows} = await studyForLoader();
  // The site still builds from a study with errors; the build's log says so on one line.
  const warning = checkWarning(report, studyDir());
  if (warning) process.stderr.write(`${warning}\n`);
  return JSON.stringify(qualityPage(report, rows));
}

process.stdout.write(await load());
