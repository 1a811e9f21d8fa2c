// Result lines with no banner above them: a block whose banner was lost, a second block printed without one, a
// tail that starts inside a block. They are read as partial blocks, or joined to an open block they continue.

import {splitLabel, type LabelValue} from "./lines.js";
import {claim, type TextScan} from "./scan.js";
import {looksLikeResult, servingTarget} from "./serving-labels.js";
import {TRTLLM_BENCH_RESULT_LABELS} from "./trtllm-bench-text.js";
import {FOOTER, isSection, readBody, type ServingRecord} from "./serving-text.js";

const FAILED_BANNER = /^=+!.*!=+$/;
/** Non-blank lines an interruption (a log line, a progress bar) may take before the rest of its block. */
const MAX_INTERRUPTION = 3;

/** Longer lines are log lines or argument dumps: block lines are a 40-column label and a value. */
const MAX_BODY_LINE = 120;

function isBodyLine(text: string): boolean {
  if (text.length > MAX_BODY_LINE) return false;
  if (isSection(text) || (text.charCodeAt(0) === 61 && FAILED_BANNER.test(text))) return true;
  const lv = splitLabel(text);
  return lv !== null && servingTarget(lv.key) !== null;
}

/** A trtllm-bench result line no report took (its rules and titles were lost) is named, not dropped. */
function reportLostReportLine(scan: TextScan, i: number, lv: LabelValue | null, inRun: boolean): boolean {
  if (!lv || !TRTLLM_BENCH_RESULT_LABELS.has(lv.key)) return false;
  if (!inRun)
    scan.errors.push({
      line: scan.lines[i].n,
      message: `"${lv.label}:" is outside any recognized result block (its banner or section header is missing)`
    });
  return true;
}

export function scanServingFragments(scan: TextScan, file: string, records: ServingRecord[]): void {
  const {lines, claimed} = scan;
  let lostRun = false;
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i].text;
    if (claimed[i] || text === "") continue;
    // One label split per line: most unclaimed lines are log lines that are neither block nor report lines.
    if (text.length > MAX_BODY_LINE) {
      lostRun = false;
      continue;
    }
    if (!isSection(text) && !(text.charCodeAt(0) === 61 && FAILED_BANNER.test(text))) {
      const lv = splitLabel(text);
      if (lv === null || servingTarget(lv.key) === null) {
        lostRun = reportLostReportLine(scan, i, lv, lostRun);
        continue;
      }
    }
    lostRun = false;
    let end = i;
    let proof = false;
    for (let j = i; j < lines.length && !claimed[j]; j++) {
      const text = lines[j].text;
      if (text === "") continue;
      if (FOOTER.test(text)) {
        end = j;
        break;
      }
      if (!isBodyLine(text)) break;
      const lv = splitLabel(text);
      if (lv && looksLikeResult(lv.key)) proof = true;
      end = j;
    }
    if (proof) {
      const record = readBody(scan, i, end + 1, file, false);
      if (!joinPrevious(scan, records, record)) {
        claim(scan, record.from, Math.max(record.to, record.consumed));
        records.push(record);
      }
    }
    i = end;
  }
  records.sort((a, b) => a.from - b.from);
}

/** Joins a fragment to the open block just above it when it could be that block's rest; true if joined. */
function joinPrevious(scan: TextScan, records: ServingRecord[], fragment: ServingRecord): boolean {
  let previous: ServingRecord | null = null;
  for (const record of records)
    if (record.to < fragment.from && (!previous || record.to > previous.to)) previous = record;
  if (!previous || previous.footer) return false;
  let between = 0;
  for (let j = previous.to + 1; j < fragment.from; j++) {
    if (scan.claimed[j]) return false;
    if (scan.lines[j].text !== "") between++;
  }
  if (between > MAX_INTERRUPTION) return false;
  const own = previous.builder;
  const theirs = fragment.builder;
  for (const key of theirs.seen) if (own.seen.has(key)) return false;
  for (const key of Object.keys(theirs.extra)) if (key in own.extra) return false;
  const {lines} = scan;
  previous.continuation = `${previous.stop} interrupts it; lines ${lines[fragment.from].n}-${lines[fragment.to].n} are read as its continuation`;
  for (const [key, value] of Object.entries(theirs.metrics)) own.metrics[key] = value;
  for (const [key, value] of Object.entries(theirs.extra)) own.extra[key] = value;
  for (const key of theirs.seen) own.seen.add(key);
  own.errors.push(...theirs.errors);
  own.warnings.push(...theirs.warnings);
  previous.unreadable.push(...fragment.unreadable);
  previous.known += fragment.known;
  previous.marks.sglang += fragment.marks.sglang;
  previous.marks.trtllm += fragment.marks.trtllm;
  previous.to = fragment.to;
  previous.footer = fragment.footer;
  previous.stop = fragment.stop;
  claim(scan, previous.from, previous.to);
  return true;
}
