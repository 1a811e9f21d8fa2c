import {runsCsv} from "../../loaders/export/csv.js";
import {studyForLoader} from "../../loaders/live/for-loader.js";
import {runLoader} from "../../loaders/files/write-stdout.js";

async function load(): Promise<string> {
  const {rows} = await studyForLoader();
  return runsCsv(rows);
}

await runLoader("runs.csv", load);
