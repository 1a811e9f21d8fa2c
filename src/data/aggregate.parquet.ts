import {AGGREGATE_INT_COLUMNS, studyAggregate} from "../../loaders/export/aggregate.js";
import {runsParquet} from "../../loaders/export/parquet.js";
import {studyForLoader} from "../../loaders/live/for-loader.js";
import {runLoader} from "../../loaders/files/write-stdout.js";

async function load(): Promise<Uint8Array> {
  const {plan, rows} = await studyForLoader();
  return runsParquet(studyAggregate(plan, rows), AGGREGATE_INT_COLUMNS);
}

await runLoader("aggregate.parquet", load);
