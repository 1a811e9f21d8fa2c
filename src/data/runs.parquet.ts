import {runsParquet} from "../../loaders/export/parquet.js";
import {studyForLoader} from "../../loaders/live/for-loader.js";
import {runLoader} from "../../loaders/files/write-stdout.js";

async function load(): Promise<Uint8Array> {
  const {rows} = await studyForLoader();
  return runsParquet(rows);
}

await runLoader("runs.parquet", load);
