import {headroomPage} from "../../loaders/pages/headroom.js";
import {studyForLoader} from "../../loaders/live/for-loader.js";

async function load(): Promise<string> {
  const {report, rows} = await studyForLoader();
  return JSON.stringify(headroomPage(report, rows));
}

process.stdout.write(await load());
