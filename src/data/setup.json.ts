import {setupPage} from "../../loaders/pages/setup.js";
import {studyForLoader} from "../../loaders/live/for-loader.js";

async function load(): Promise<string> {
  const {report, rows, plan} = await studyForLoader();
  return JSON.stringify(setupPage(report, rows, plan));
}

process.stdout.write(await load());
