// Mutated real outputs (seeded, so every run tries the same cases): every file gets an answer, none crashes, and a file
// that still shows result lines is never answered with nothing.
import {readdirSync, readFileSync} from "node:fs";
import {describe, expect, it} from "vitest";
import {parseBuffer} from "../../loaders/parse/index.js";

/** mulberry32: a small seeded PRNG. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SOURCES = [
  ...readdirSync("test/fixtures/corpus")
    .filter((f) => f.endsWith(".txt"))
    .map((f) => `test/fixtures/corpus/${f}`),
  ...["vllm-2024-late.txt", "sglang-2025-late.txt", "trtllm-bench.txt", "trtllm-serve.txt", "sglang-output.jsonl"].map(
    (f) => `test/fixtures/parse/${f}`
  ),
  "data/studies/qwen3-32b-a100/runs/engine-selection--vllm--sharegpt/bench.log"
].map((path) => ({path, text: readFileSync(path, "utf8")}));

const GARBAGE = ["12.3.4", "", "nan", "-", "1e999", "∞", "0x1F", "\u0000", "99999999999999999999999", "--", "1,2,3"];

type Mutation = (text: string, rnd: () => number) => string;
const pick = <T>(list: T[], rnd: () => number): T => list[Math.floor(rnd() * list.length)];
const MUTATIONS: Record<string, Mutation> = {
  truncate: (t, r) => t.slice(0, Math.floor(r() * t.length)),
  "delete lines": (t, r) =>
    t
      .split("\n")
      .filter(() => r() > 0.2)
      .join("\n"),
  "shuffle lines": (t, r) => {
    const lines = t.split("\n");
    for (let i = lines.length - 1; i > 0; i--) {
      const j = Math.floor(r() * (i + 1));
      [lines[i], lines[j]] = [lines[j], lines[i]];
    }
    return lines.join("\n");
  },
  "garbage values": (t, r) => t.replace(/(:\s+)(\S+)/g, (m, sep) => (r() < 0.3 ? sep + pick(GARBAGE, r) : m)),
  "binary bytes": (t, r) => {
    const at = Math.floor(r() * t.length);
    const bytes = Array.from({length: 16}, () => String.fromCharCode(Math.floor(r() * 256))).join("");
    return t.slice(0, at) + bytes + t.slice(at);
  },
  crlf: (t) => t.replace(/\n/g, "\r\n"),
  "stray carriage returns": (t, r) => t.replace(/\n/g, (m) => (r() < 0.1 ? "\r" + m : m))
};

const RESULT_LINE =
  /^[\s>#]*(Successful requests|Request throughput \(req\/s\)|Mean TTFT \(ms\)):\s+\d+(?:\.\d+)?\s*$/m;

function check(text: string, label: string): void {
  let result;
  try {
    result = parseBuffer(Buffer.from(text, "utf8"), label);
  } catch (error) {
    throw new Error(`${label}: ${(error as Error).stack}`);
  }
  expect(result.blocks.length + result.errors.length, label).toBeGreaterThan(0);
  for (const issue of [...result.errors, ...result.warnings]) {
    expect(typeof issue.message, label).toBe("string");
    expect(Number.isInteger(issue.line), label).toBe(true);
  }
  if (RESULT_LINE.test(text)) expect(result.blocks.length, `${label} shows result lines`).toBeGreaterThan(0);
}

describe("mutated real outputs", () => {
  it("600 small cases: one answer each, no crash", () => {
    const rnd = prng(13);
    const names = Object.keys(MUTATIONS);
    for (let k = 0; k < 600; k++) {
      const source = pick(SOURCES, rnd);
      const first = pick(names, rnd);
      const second = rnd() < 0.4 ? pick(names, rnd) : null;
      let text = MUTATIONS[first](source.text, rnd);
      if (second) text = MUTATIONS[second](text, rnd);
      check(text, `case ${k}: ${source.path} ${first}${second ? ` + ${second}` : ""}`);
    }
  });

  it("a block inside 10 MB of log noise and binary bytes is found", () => {
    const rnd = prng(7);
    const noise = (n: number): string => {
      const parts: string[] = [];
      let size = 0;
      while (size < n) {
        const line =
          rnd() < 0.9
            ? `INFO 01-02 10:00:${String(Math.floor(rnd() * 60)).padStart(2, "0")} engine.py:267] Added request cmpl-${Math.floor(rnd() * 1e9)}.`
            : Array.from({length: 40}, () => String.fromCharCode(Math.floor(rnd() * 256))).join("");
        parts.push(line);
        size += line.length + 1;
      }
      return parts.join("\n");
    };
    const block = readFileSync("test/fixtures/parse/vllm-2024-late.txt", "utf8");
    const text = `${noise(5e6)}\n${block}\n${noise(5e6)}`;
    const result = parseBuffer(Buffer.from(text, "latin1"), "noisy.log");
    expect(result.blocks).toHaveLength(1);
    expect(result.blocks[0].metrics.completed).toBe(2000);
    expect(result.blocks[0].partial).toBeUndefined();
  });
});
