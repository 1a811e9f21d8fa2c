import {homePage} from "../../loaders/pages/home.js";
import {studyForLoader} from "../../loaders/live/for-loader.js";

async function load(): Promise<string> {
  const {report, rows} = await studyForLoader();
  return JSON.stringify(homePage(report, rows));
}

process.stdout.write(await load());
