// JSON and JSON Lines as Python's json writes them: bare Infinity/-Infinity/NaN, and lines that are not JSON at all.
import {readFileSync} from "node:fs";
import {describe, expect, it} from "vitest";
import {parseText} from "../../loaders/parse/index.js";
import {FIXTURES} from "./helpers.js";

const jsonl = readFileSync(`${FIXTURES}/sglang-output.jsonl`, "utf8");

describe("Python's json output", () => {
  it("SGLang JSON Lines behind a non-JSON line: the records are read, the line is reported and skipped", () => {
    const text = "Namespace(backend='sglang', request_rate=inf)\n" + jsonl;
    const result = parseText(text, "sglang.jsonl");
    expect(result.errors).toEqual([]);
    expect(result.blocks.map((b) => [b.tool, b.lines, b.extra.request_rate])).toEqual([
      ["sglang", [2, 2], "Infinity"],
      ["sglang", [3, 3], "8"],
      ["sglang", [4, 4], "Infinity"]
    ]);
    expect(result.blocks[0].metrics.completed).toBe(500);
    expect(result.warnings).toEqual([
      {line: 1, message: `line 1 is not JSON ("Namespace(backend='sglang', request_rate=inf)"): skipped`}
    ]);
  });

  it("non-JSON lines between records are reported once per run of lines, with their numbers", () => {
    const [a, b] = jsonl.split("\n");
    const text = ["WARNING: something", "second warning", a, "", "tail -f output", b].join("\n");
    const result = parseText(text, "mixed.jsonl");
    expect(result.errors).toEqual([]);
    expect(result.blocks.map((x) => x.lines)).toEqual([
      [3, 3],
      [6, 6]
    ]);
    expect(result.warnings).toEqual([
      {line: 1, message: 'lines 1-2 are not JSON ("WARNING: something"): skipped'},
      {line: 5, message: 'line 5 is not JSON ("tail -f output"): skipped'}
    ]);
  });

  it("a JSON Lines file whose first line is JSON and a later line is not", () => {
    const [a, b] = jsonl.split("\n");
    const result = parseText([a, "Traceback (most recent call last):", b].join("\n"), "x.jsonl");
    expect(result.errors).toEqual([]);
    expect(result.blocks).toHaveLength(2);
    expect(result.warnings).toEqual([
      {line: 2, message: 'line 2 is not JSON ("Traceback (most recent call last):"): skipped'}
    ]);
  });

  it("NaN and -Infinity metrics are kept as text and reported, never dropped silently", () => {
    const text =
      '{"completed": 10, "duration": 2.5, "mean_ttft_ms": NaN, "p99_itl_ms": -Infinity, "request_rate": Infinity}';
    const result = parseText(text, "r.json");
    expect(result.errors).toEqual([]);
    expect(result.blocks[0].metrics).toEqual({completed: 10, duration: 2.5});
    expect(result.blocks[0].extra).toEqual({mean_ttft_ms: "NaN", p99_itl_ms: "-Infinity", request_rate: "Infinity"});
    expect(result.warnings).toEqual([
      {line: 1, message: '"mean_ttft_ms" is NaN, not a finite number: kept as text'},
      {line: 1, message: '"p99_itl_ms" is -Infinity, not a finite number: kept as text'}
    ]);
  });

  it("a printed nan in a text block is reported on its line", () => {
    const result = parseText(readFileSync(`${FIXTURES}/special-values.txt`, "utf8"), "s.txt");
    expect(result.warnings.map((w) => w.line)).toEqual([20, 21, 22, 28]);
    expect(result.warnings[0]).toEqual({
      line: 20,
      message: '"Mean TTFT (ms):" prints "nan", not a number: kept as text'
    });
    expect(result.warnings[3]).toEqual({
      line: 28,
      message: '"Max ITL (ms):" prints "None", not a number: kept as text'
    });
  });

  it("a trtllm-bench JSON report with NaN percentiles", () => {
    const report = JSON.parse(readFileSync(`${FIXTURES}/trtllm-bench.json`, "utf8"));
    report.performance.request_latency_percentiles_ms.p99 = "__NAN__";
    const text = JSON.stringify(report).replace('"__NAN__"', "NaN");
    const result = parseText(text, "report.json");
    expect(result.errors).toEqual([]);
    expect(result.blocks[0].metrics.p99_e2el_ms).toBeUndefined();
    expect(result.warnings).toEqual([
      {line: 1, message: '"performance.request_latency_percentiles_ms.p99" is NaN, not a finite number: kept as text'}
    ]);
  });
});
