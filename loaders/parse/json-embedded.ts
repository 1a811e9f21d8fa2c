// A JSON result pasted into text (a code fence in an issue, a log): read from its `{` line, cut-off ones included.

import {recordToBlock} from "./json-record.js";
import {closeCutJson} from "./json-partial.js";
import {parseJson} from "./json-text.js";
import {claim, type TextScan} from "./scan.js";

export function scanEmbeddedJson(scan: TextScan, content: string): void {
  const {lines} = scan;
  let rawLines: string[] | null = null;
  for (let i = 0; i < lines.length; i++) {
    if (scan.claimed[i] || lines[i].text !== "{") continue;
    rawLines ??= content.split("\n");
    let end = i + 1;
    while (end < lines.length && !scan.claimed[end] && !lines[end].text.startsWith("```")) end++;
    const text = rawLines.slice(i, end).join("\n");
    let value: unknown;
    let cut = false;
    try {
      value = parseJson(text);
    } catch {
      const closed = closeCutJson(text);
      if (closed === null) continue;
      try {
        value = parseJson(closed);
      } catch {
        continue;
      }
      cut = closed.length <= text.trimEnd().length;
    }
    const last = end - 1;
    const {block, nonFinite} = recordToBlock(value, [lines[i].n, lines[last].n]);
    if (!block) continue;
    claim(scan, i, last);
    if (cut) {
      block.partial = `JSON result at lines ${lines[i].n}-${lines[last].n} is partial: it is cut off before its closing brace; the members before the cut are kept`;
      scan.warnings.push({line: lines[i].n, message: block.partial});
    }
    for (const note of nonFinite ?? []) scan.warnings.push({line: lines[i].n, message: note});
    scan.blocks.push(block);
    i = last;
  }
}
