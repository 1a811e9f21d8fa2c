// Reports result lines that no scanner took: a block whose banner was lost must not vanish in silence.

import {splitLabel} from "./lines.js";
import type {TextScan} from "./scan.js";
import {looksLikeResult} from "./serving-labels.js";
import {TRTLLM_BENCH_RESULT_LABELS} from "./trtllm-bench-text.js";

export function reportOrphans(scan: TextScan): void {
  const {lines, claimed} = scan;
  let inRun = false;
  for (let i = 0; i < lines.length; i++) {
    if (claimed[i]) {
      inRun = false;
      continue;
    }
    const lv = lines[i].text === "" ? null : splitLabel(lines[i].text);
    const result = lv !== null && (looksLikeResult(lv.key) || TRTLLM_BENCH_RESULT_LABELS.has(lv.key));
    if (result && !inRun) {
      scan.errors.push({
        line: lines[i].n,
        message: `"${lv.label}:" is outside any recognized result block (its banner or section header is missing)`
      });
    }
    // Neighbouring result lines belong to the same lost block: one error for all of them.
    if (result) inRun = true;
    else if (lv === null && lines[i].text !== "" && !/^[-=]+/.test(lines[i].text)) inRun = false;
  }
}
