import {setupPage} from "../../loaders/pages/setup.js";
import {studyForLoader} from "../../loaders/live/for-loader.js";

async function load(): Promise<string> {
  const {report, rows} = await studyForLoader();
  return JSON.stringify(setupPage(report, rows));
}

process.stdout.write(await load());
