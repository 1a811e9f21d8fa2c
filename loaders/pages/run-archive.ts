// Every run's page data in one ZIP (data/runs.zip → data/runs/<run>.json, or data/runs/set-<k>.json above the
// per-run page limit): one loader process reads the plan once, instead of one process per run page.
import {join} from "node:path";
import {runDetail} from "../runs/run-detail.js";
import {listRunDirs} from "../runs/read-runs.js";
import {loadStudyPlanCached} from "../study/plan-cache.js";
import {runPageLayout, type RunSetRule} from "./run-pages.js";
import {ZipWriter} from "./zip-writer.js";
import type {RunDetail} from "../runs/run-detail.js";

export async function writeRunArchive(dir: string, rule: RunSetRule, write: (chunk: Buffer) => void): Promise<number> {
  const plan = loadStudyPlanCached(dir);
  const zip = new ZipWriter(write);
  const runs = listRunDirs(join(dir, "runs"));
  const layout = runPageLayout(runs, rule);
  if (layout.sets === 0) {
    for (const run of runs) zip.add(`${run}.json`, Buffer.from(JSON.stringify(await runDetail(dir, run, plan))));
  } else {
    for (const [set, members] of layout.members.entries()) {
      if (!members.length) continue;
      const data: RunSet = {set, sets: layout.sets, runs: []};
      for (const run of members) data.runs.push(await runDetail(dir, run, plan));
      zip.add(`set-${set}.json`, Buffer.from(JSON.stringify(data)));
    }
  }
  zip.finish();
  return runs.length;
}

/** Run pages grouped in sets (above the per-run page limit): one page per set shows any of its runs. */
export interface RunSet {
  set: number;
  sets: number;
  runs: RunDetail[];
}
