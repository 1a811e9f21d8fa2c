import {runsParquet} from "../../loaders/export/parquet.js";
import {studyForLoader} from "../../loaders/live/for-loader.js";

async function load(): Promise<Uint8Array> {
  const {rows} = await studyForLoader();
  return runsParquet(rows);
}

process.stdout.write(await load());
