// The streaming result reader: JSON, arrays of records, JSON Lines, tiny windows, escapes, errors with lines.
import {mkdtempSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {elideArrays} from "../../loaders/requests/elide-arrays.js";
import {readResultJson, ResultJsonError} from "../../loaders/requests/stream-result-json.js";
import {orderStatistics} from "../../loaders/requests/order-statistics.js";
import {selectRanks} from "../../loaders/requests/select-ranks.js";
import {summarize} from "../../loaders/requests/summary.js";

const dir = mkdtempSync(join(tmpdir(), "tps-requests-"));
afterAll(() => rmSync(dir, {recursive: true, force: true}));
let n = 0;
function file(text: string): string {
  const path = join(dir, `r${n++}.json`);
  writeFileSync(path, text);
  return path;
}

// Three requests: 4 output tokens with ITLs 0.1/0.2/0.3 s, 1 output token, and one that failed.
const RECORD = {
  date: "20250101-120000",
  backend: "vllm",
  request_rate: "inf",
  max_concurrency: null,
  duration: 12.5,
  completed: 2,
  failed: 1,
  "request_goodput:": null,
  rps_change_events: [{rps: 1.5, timestamp: "t"}],
  input_lens: [10, 20, 30],
  output_lens: [4, 1, 0],
  ttfts: [0.5, 0.25, 0],
  itls: [[0.1, 0.2, 0.3], [], []],
  generated_texts: ['a "quoted"\n text \u00e7', "b", ""],
  errors: ["", "", "TimeoutError"],
  mean_ttft_ms: 375.0
};

describe("readResultJson", () => {
  it("keeps scalar fields as JSON.parse gives them and folds the arrays into distributions", () => {
    const [record] = readResultJson(file(JSON.stringify(RECORD)));
    const {input_lens, output_lens, ttfts, itls, generated_texts, errors, ...fields} = RECORD;
    expect(record.fields).toEqual(fields);
    expect(record.arrays).toEqual({input_lens: 3, output_lens: 3, ttfts: 3, itls: 3, generated_texts: 3, errors: 3});
    const q = record.requests!;
    expect([q.requests, q.failed, q.errors]).toEqual([3, 1, [{message: "TimeoutError", count: 1}]]);
    expect(q.ttft_ms!.mean).toBe(375);
    expect(q.ttft_ms!.count).toBe(2);
    expect(q.itl_ms!.mean).toBeCloseTo(200, 9);
    expect(q.itl_ms!.quantiles.p50).toBeCloseTo(200, 9);
    // TPOT only for requests with more than one token: (0.5 + 0.6 − 0.5) / 3 s.
    expect(q.tpot_ms!.count).toBe(1);
    expect(q.tpot_ms!.mean).toBeCloseTo(200, 9);
    expect(q.e2el_ms!.quantiles.p100 ?? q.e2el_ms!.max).toBeCloseTo(1100, 9);
    expect(q.input_tokens!.mean).toBe(15);
    void [input_lens, output_lens, ttfts, itls, generated_texts, errors];
  });

  it("reads Python's spacing, JSON Lines and arrays of records, with each record's line", () => {
    const line = JSON.stringify(RECORD).replaceAll(",", ", ").replaceAll(":", ": ");
    const records = readResultJson(file(`${line}\n\n${line}\n`));
    expect(records.map((r) => r.line)).toEqual([1, 3]);
    expect(records[1].requests!.itl_ms!.count).toBe(3);
    const array = readResultJson(file(`[\n${JSON.stringify(RECORD, null, 2)},\n${JSON.stringify(RECORD)}\n]`));
    expect(array).toHaveLength(2);
    expect(array[0].fields.duration).toBe(12.5);
  });

  it("gives the same result through a 16-byte window (tokens split across reads)", () => {
    const path = file(JSON.stringify(RECORD, null, 1));
    expect(readResultJson(path, 16)).toEqual(readResultJson(path));
  });

  it("reads numbers as JSON.parse does, Infinity and NaN as Python writes them", () => {
    const values = [0.06118234567890123, 1e-5, 2.5e22, -3e-7, 123456789012345.6, 0.1, 7];
    const [record] = readResultJson(file(`{"ttfts": [${values.join(", ")}], "x": Infinity, "y": NaN, "z": -Infinity}`));
    expect(record.requests!.ttft_ms!.max).toBe(2.5e22 * 1000);
    expect(record.requests!.ttft_ms!.min).toBe(-3e-7 * 1000);
    expect(record.fields).toEqual({x: Infinity, y: NaN, z: -Infinity});
    const many = Array.from({length: 2000}, (_, i) => Math.exp(Math.sin(i) * 20) / 7);
    const [r] = readResultJson(file(`{"latencies": [${many.join(", ")}]}`));
    expect(r.requests!.e2el_ms!.mean / 1000).toBeCloseTo(many.reduce((a, b) => a + b) / many.length, 6);
  });

  it("names the file and line of a syntax error", () => {
    const path = file('{"duration": 1.0,\n "ttfts": [0.1, 0.2\n "completed": 2}');
    expect(() => readResultJson(path)).toThrow(ResultJsonError);
    expect(() => readResultJson(path)).toThrow(`${path}:3: expected ',' or ']' in a list of numbers, found '"'`);
    expect(() => readResultJson(file(""))).toThrow("no JSON result record");
  });

  it("returns no distributions for a result saved without --save-detailed", () => {
    const [record] = readResultJson(file('{"duration": 3.0, "completed": 5, "mean_ttft_ms": 10.0}'));
    expect(record.requests).toBeNull();
    expect(record.fields.completed).toBe(5);
  });
});

describe("summaries", () => {
  it("match numpy: mean, population std, linear percentiles", () => {
    const s = summarize(Float64Array.from([4, 1, 3, 2, 10]));
    expect([s.count, s.mean, s.min, s.max]).toEqual([5, 4, 1, 10]);
    expect(s.std).toBeCloseTo(Math.sqrt(10), 12);
    expect(s.quantiles.p50).toBe(3);
    // numpy.percentile([1,2,3,4,10], 90) = 4 + 0.6 * 6 = 7.6
    expect(s.quantiles.p90).toBeCloseTo(7.6, 12);
    expect(s.histogram.counts.reduce((a, b) => a + b)).toBe(5);
  });

  it("select the ranks a full sort would place", () => {
    const values = Float64Array.from({length: 5000}, (_, i) => ((i * 7919) % 5003) / 3 + (i % 7 === 0 ? 1 : 0));
    const sorted = Float64Array.from(values).sort();
    const ranks = [0, 1, 49, 50, 2499, 2500, 4949, 4950, 4999];
    selectRanks(values, ranks);
    for (const k of ranks) expect(values[k]).toBe(sorted[k]);
  });
});

describe("elideArrays", () => {
  it("keeps every field and line, with each per-request array replaced by its length", () => {
    const text = `{"duration": 1.5,\n "ttfts": [0.1,\n 0.2], "itls": [[0.1], []], "errors": ["", "x"], "completed": 2}\n{"completed": 3}\n`;
    const path = file(text);
    const records = readResultJson(path);
    const elided = elideArrays(
      path,
      records.flatMap((r) => r.spans)
    );
    expect(elided).toBe(
      `{"duration": 1.5,\n "ttfts": [… 2 per-request values …]\n, "itls": [… 2 per-request values …], "errors": [… 2 per-request values …], "completed": 2}\n{"completed": 3}\n`
    );
    expect(elided.split("\n")).toHaveLength(text.split("\n").length);
  });
});

describe("orderStatistics", () => {
  it("gives what a full sort gives, on heavy-tailed and on tied values", () => {
    const tailed = Float64Array.from(
      {length: 50_000},
      (_, i) => Math.exp(Math.sin(i * 12.9898) * 6) * (i % 97 === 0 ? 50 : 1)
    );
    const tied = Float64Array.from({length: 20_000}, (_, i) => i % 3);
    for (const values of [tailed, tied]) {
      const sorted = Float64Array.from(values).sort();
      const ranks = [0, 1, 499, 500, values.length / 2, values.length - 2, values.length - 1];
      expect(orderStatistics(values, ranks, sorted[0], sorted.at(-1)!)).toEqual(ranks.map((r) => sorted[r]));
    }
  });
});
