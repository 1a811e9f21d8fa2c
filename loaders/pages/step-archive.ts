// Every step page's data in one ZIP (data/steps.zip → data/steps/<step>.json): the study is read once for all steps.
import type {Report} from "../analysis/report.js";
import type {RunRow} from "../runs/rows.js";
import {ZipWriter} from "./zip-writer.js";
import {stepPages} from "./step.js";

export function writeStepArchive(report: Report, rows: readonly RunRow[], write: (chunk: Buffer) => void): number {
  const zip = new ZipWriter(write);
  let count = 0;
  for (const page of stepPages(report, rows)) {
    zip.add(`${page.step.id}.json`, Buffer.from(JSON.stringify(page)));
    count++;
  }
  zip.finish();
  return count;
}
