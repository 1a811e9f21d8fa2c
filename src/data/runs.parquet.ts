import {runsParquet} from "../../loaders/export/parquet.js";
import {studyForLoader} from "../../loaders/live/for-loader.js";
import {writeLoaderOutput} from "../../loaders/files/write-stdout.js";

async function load(): Promise<Uint8Array> {
  const {rows} = await studyForLoader();
  return runsParquet(rows);
}

writeLoaderOutput("runs.parquet", await load());
