// Parses a text file (logs, terminal copies, markdown) that holds benchmark summary blocks.

import type {ParseResult} from "../canonical.js";
import {splitLines} from "./lines.js";
import {reportOrphans} from "./orphans.js";
import {newScan} from "./scan.js";
import {scanServingBlocks} from "./serving-text.js";

export function parseTextBlocks(content: string, file: string): ParseResult {
  const scan = newScan(splitLines(content));
  scanServingBlocks(scan, file);
  reportOrphans(scan);
  return {file, blocks: scan.blocks, errors: scan.errors};
}
