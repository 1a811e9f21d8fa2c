import {studyForLoader} from "../../loaders/live/for-loader.js";

async function load(): Promise<string> {
  const {report} = await studyForLoader();
  return JSON.stringify(report);
}

process.stdout.write(await load());
