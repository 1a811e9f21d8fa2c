import {summaryPage} from "../../loaders/pages/summary.js";
import {studyForLoader} from "../../loaders/live/for-loader.js";

async function load(): Promise<string> {
  const {report, rows} = await studyForLoader();
  return JSON.stringify(summaryPage(report, rows));
}

process.stdout.write(await load());
