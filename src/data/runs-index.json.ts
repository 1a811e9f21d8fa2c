import {runsPage} from "../../loaders/pages/runs.js";
import {studyForLoader} from "../../loaders/live/for-loader.js";

async function load(): Promise<string> {
  const {report, rows} = await studyForLoader();
  return JSON.stringify(runsPage(report, rows));
}

process.stdout.write(await load());
