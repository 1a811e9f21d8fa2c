import {studyForLoader} from "../../loaders/live/for-loader.js";
import {runLoader} from "../../loaders/files/write-stdout.js";

async function load(): Promise<string> {
  const {report} = await studyForLoader();
  return JSON.stringify(report);
}

await runLoader("report.json", load);
