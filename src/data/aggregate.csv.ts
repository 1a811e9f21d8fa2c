import {studyAggregate} from "../../loaders/export/aggregate.js";
import {runsCsv} from "../../loaders/export/csv.js";
import {studyForLoader} from "../../loaders/live/for-loader.js";
import {runLoader} from "../../loaders/files/write-stdout.js";

async function load(): Promise<string> {
  const {plan, rows} = await studyForLoader();
  return runsCsv(studyAggregate(plan, rows));
}

await runLoader("aggregate.csv", load);
