// Parses a text file (logs, terminal copies, markdown) that holds benchmark summary blocks.

import type {ParseResult} from "../canonical.js";
import {scanAiperfTables} from "./aiperf.js";
import {scanEmbeddedJson} from "./json-embedded.js";
import {splitLines} from "./lines.js";
import {newScan} from "./scan.js";
import {scanServingFragments} from "./serving-fragments.js";
import {finishServing, scanServingBlocks} from "./serving-text.js";
import {scanTrtllmBenchReports} from "./trtllm-bench-text.js";
import {scanVllm2023Blocks} from "./vllm-2023-text.js";

const BOX = /[│┃]/;

export function parseTextBlocks(content: string, file: string): ParseResult {
  const scan = newScan(splitLines(content));
  // The trtllm-bench report goes first: its `=` rules would otherwise read as footers of other blocks.
  scanTrtllmBenchReports(scan);
  // Box-drawing characters in the file at all, or no AIPerf table to look for.
  if (BOX.test(content)) scanAiperfTables(scan);
  scanEmbeddedJson(scan, content);
  const {records: serving, loose} = scanServingBlocks(scan, file);
  scanVllm2023Blocks(scan);
  // Banner-less result lines last: every line a banner or a report has taken is known by then.
  if (loose) scanServingFragments(scan, file, serving);
  finishServing(scan, serving);
  return {file, blocks: scan.blocks, errors: scan.errors, warnings: scan.warnings};
}
