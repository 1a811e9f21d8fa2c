// Every run's page data in one ZIP (data/runs.zip → data/runs/<run>.json): one loader process reads the plan once,
// instead of one process per run page.
import {join} from "node:path";
import {runDetail} from "../study/run-detail.js";
import {listRunDirs} from "../study/runs.js";
import {loadStudyPlanCached} from "./plan-cache.js";
import {ZipWriter} from "./zip-writer.js";

export async function writeRunArchive(dir: string, write: (chunk: Buffer) => void): Promise<number> {
  const plan = loadStudyPlanCached(dir);
  const zip = new ZipWriter(write);
  const runs = listRunDirs(join(dir, "runs"));
  for (const run of runs) zip.add(`${run}.json`, Buffer.from(JSON.stringify(await runDetail(dir, run, plan))));
  zip.finish();
  return runs.length;
}
