import {studyForLoader} from "../../loaders/live/for-loader.js";
import {writeLoaderOutput} from "../../loaders/files/write-stdout.js";

async function load(): Promise<string> {
  const {report} = await studyForLoader();
  return JSON.stringify(report);
}

writeLoaderOutput("report.json", await load());
