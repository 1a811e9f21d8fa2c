// Real outputs copied from public GitHub threads (test/fixtures/corpus): the share of printed values recovered exactly.
import {readdirSync, readFileSync} from "node:fs";
import {describe, expect, it} from "vitest";
import type {ParsedBlock} from "../../loaders/canonical.js";
import {shiftDecimal} from "../../loaders/parse/decimal.js";
import {parseBuffer} from "../../loaders/parse/index.js";

const DIR = "test/fixtures/corpus";

interface Printed {
  line: number;
  label: string;
  value: string;
}

const names = readdirSync(DIR)
  .filter((f) => f.endsWith(".txt"))
  .map((f) => f.slice(0, -4))
  .sort();

const number = (text: string): number | null => {
  // `166.88 s`, `5.99 requests/s`: the number is the value, the word its unit
  const plain = text
    .replace(/\s+[A-Za-z/]+$/, "")
    .replace(/,/g, "")
    .replace(/%$/, "");
  return /^[+-]?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/.test(plain) ? Number(plain) : null;
};

/** The block spanning the line, or, for run parameters printed above a banner, the next block below it. */
function owners(blocks: ParsedBlock[], line: number): ParsedBlock[] {
  const spanning = blocks.filter((b) => b.lines[0] <= line && line <= b.lines[1]);
  if (spanning.length) return spanning;
  const below = blocks.filter((b) => b.lines[0] > line).sort((a, b) => a.lines[0] - b.lines[0]);
  return below.slice(0, 1);
}

/** A printed value is recovered when its block holds it as a metric (in the canonical unit) or as text. */
function recovered(blocks: ParsedBlock[], printed: Printed): boolean {
  const n = number(printed.value);
  return owners(blocks, printed.line).some((block) => {
    const metrics = Object.values(block.metrics);
    if (n !== null) {
      if (metrics.includes(n)) return true;
      // ms printed, s stored (trtllm-bench Total Latency); s printed, ms stored (2023 Average latency)
      const numeral = printed.value.split(/\s/)[0];
      if (metrics.includes(shiftDecimal(numeral, -3)) || metrics.includes(shiftDecimal(numeral, 3))) return true;
    }
    return Object.values(block.extra).some((text) => text.trim() === printed.value);
  });
}

const results = names.map((name) => {
  const {values} = JSON.parse(readFileSync(`${DIR}/${name}.json`, "utf8")) as {values: Printed[]};
  const parsed = parseBuffer(readFileSync(`${DIR}/${name}.txt`), name);
  const missed = values.filter((v) => !recovered(parsed.blocks, v));
  return {name, parsed, values, missed};
});

describe("real-world corpus", () => {
  it("holds at least 40 outputs, each with its provenance and hand-checked values", () => {
    expect(names.length).toBeGreaterThanOrEqual(40);
    for (const name of names) {
      const meta = JSON.parse(readFileSync(`${DIR}/${name}.json`, "utf8"));
      expect(meta.source.repository, name).toMatch(/^[\w.-]+\/[\w.-]+$/);
      expect(meta.source.url, name).toMatch(/^https:\/\/github\.com\//);
      expect(meta.values.length, name).toBeGreaterThan(0);
    }
  });

  it("every output gets at least one block; none is answered with nothing", () => {
    expect(results.filter((r) => r.parsed.blocks.length === 0).map((r) => [r.name, r.parsed.errors])).toEqual([]);
  });

  it("recovers at least 98% of the printed values exactly", () => {
    const printed = results.reduce((sum, r) => sum + r.values.length, 0);
    const missed = results.flatMap((r) => r.missed.map((m) => `${r.name}:${m.line} ${m.label} = ${m.value}`));
    const share = (printed - missed.length) / printed;
    console.log(
      `corpus: ${names.length} files, ${printed - missed.length} of ${printed} printed values recovered (${(100 * share).toFixed(1)} %)`
    );
    if (missed.length) console.log(missed.join("\n"));
    expect(share).toBeGreaterThanOrEqual(0.98);
  });
});
