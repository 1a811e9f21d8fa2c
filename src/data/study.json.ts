import {studyPage} from "../../loaders/pages/study.js";
import {studyForLoader} from "../../loaders/live/for-loader.js";

async function load(): Promise<string> {
  const {report} = await studyForLoader();
  return JSON.stringify(studyPage(report));
}

process.stdout.write(await load());
