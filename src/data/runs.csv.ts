import {runsCsv} from "../../loaders/export/csv.js";
import {studyForLoader} from "../../loaders/live/for-loader.js";

async function load(): Promise<string> {
  const {rows} = await studyForLoader();
  return runsCsv(rows);
}

process.stdout.write(await load());
