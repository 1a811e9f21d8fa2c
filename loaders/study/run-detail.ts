// One run's page data: its row, parsed block and raw logs; reads that run alone so per-run loaders stay O(1).
import {readFileSync} from "node:fs";
import {join} from "node:path";
import type {RunDetail} from "../report-types.js";
import {loadStudyPlan} from "./plan.js";
import {metricColumns, runRows} from "./rows.js";
import {readRun} from "./runs.js";

/** Logs larger than this are cut in the page data (the archive keeps them whole). */
const MAX_LOG_BYTES = 256 * 1024;

export async function runDetail(dir: string, run: string): Promise<RunDetail> {
  const plan = loadStudyPlan(dir);
  const record = await readRun(join(dir, "runs", run));
  const [row] = runRows(plan, [record], metricColumns([record]));
  const logs = record.logs.map((file) => {
    const text = readFileSync(file, "utf8");
    return {
      file,
      text: text.length > MAX_LOG_BYTES ? text.slice(0, MAX_LOG_BYTES) + `\n… (cut at ${MAX_LOG_BYTES} bytes)\n` : text
    };
  });
  return {row, block: record.block, metrics: record.block?.metrics ?? {}, logs};
}
