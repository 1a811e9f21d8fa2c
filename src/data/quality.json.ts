import {qualityPage} from "../../loaders/pages/quality.js";
import {studyForLoader} from "../../loaders/live/for-loader.js";

async function load(): Promise<string> {
  const {report, rows} = await studyForLoader();
  return JSON.stringify(qualityPage(report, rows));
}

process.stdout.write(await load());
