// Shared state of one text file's scan: which lines a scanner has taken, and what it found.

import type {ParsedBlock, ParseIssue} from "../canonical.js";
import {FINDING_FORMS} from "../finding.js";
import {fillForm} from "../text.js";
import type {SourceLine} from "./lines.js";

export interface TextScan {
  lines: SourceLine[];
  /** 1 where a scanner has taken the line (as part of a block, well-formed or not). */
  claimed: Uint8Array;
  blocks: ParsedBlock[];
  errors: ParseIssue[];
  warnings: ParseIssue[];
}

export function newScan(lines: SourceLine[]): TextScan {
  return {lines, claimed: new Uint8Array(lines.length), blocks: [], errors: [], warnings: []};
}

/** `line 20 ("Median IT")`: where a block's text stops, for its warning. */
export function describeLine(scan: TextScan, j: number): string {
  const {n, text} = scan.lines[j];
  return `line ${n} (${JSON.stringify(text.slice(0, 60))})`;
}

export function claim(scan: TextScan, from: number, to: number): void {
  scan.claimed.fill(1, from, to + 1);
}

/** Collects one block's metrics and problems before it is accepted or rejected. */
export class BlockBuilder {
  metrics: Record<string, number> = {};
  extra: Record<string, string> = {};
  errors: ParseIssue[] = [];
  warnings: ParseIssue[] = [];
  /** Metric keys whose line was present, whether or not its value could be read. */
  seen = new Set<string>();

  setMetric(key: string, value: number, line: number, label: string): void {
    const old = this.metrics[key];
    if (old !== undefined && old !== value) {
      this.errors.push({line, message: `"${label}" gives ${key} = ${value}, but an earlier line gave ${old}`});
      return;
    }
    this.metrics[key] = value;
  }

  /** A metric line printed a word (`nan`, `inf`, `None`, `N/A`): kept as text, and said so. */
  wordMetric(key: string, word: string, line: number, label: string): void {
    this.setExtra(key, word);
    this.warnings.push({line, message: fillForm(FINDING_FORMS.notANumber, {label, word: JSON.stringify(word)})});
  }

  setExtra(key: string, value: string): void {
    if (!(key in this.extra)) this.extra[key] = value;
  }
}
