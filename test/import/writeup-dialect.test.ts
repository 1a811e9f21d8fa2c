// Issue 44: features of the write-up dialect found after the first measure on the held-out pages, each on given-page
// text (the seed's English page, changed where the case needs it) or on a page written for the test: a block with no
// banner, a failure printed without `# …Error:` (`NotImplementedError: …`, `# Crash`), an engine tps-report does
// not know (MindIE), a ranking entry with no figure, a workload named by its batch size, a point the page gives no
// result for (a run not run, no error), workloads told apart by request rate, comparison rows that describe their
// workload, summary lines with labels of several words, and a latency page's summary table per workload and step.
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {loadStudy, type StudyData} from "../../loaders/analysis/report.js";
import {importWriteup} from "../../loaders/import/writeup/index.js";
import {notRunReason} from "../../loaders/runs/not-run.js";
import {readWriteup} from "../../loaders/import/writeup/read-writeup.js";

const PAGE = "test/fixtures/writeups/qwen3-32b--a100.md";
let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "tps-writeup-dialect-"));
});
afterAll(() => rmSync(root, {recursive: true, force: true}));

async function imported(name: string, text: string): Promise<{data: StudyData; dir: string}> {
  const file = join(root, `${name}.md`);
  writeFileSync(file, text);
  const dir = join(root, name);
  importWriteup(file, dir);
  return {data: await loadStudy(dir), dir};
}

/** Where the other workloads' baseline results of the seed's English page close: the first block end past line 420. */
const baselineResultsEnd = (lines: readonly (string | null)[]): number =>
  lines.findIndex(
    (l, i) => i > 420 && l === "    ```" && lines[i - 1] === "    =================================================="
  );

describe("the older dialect, on the seed's English page changed", () => {
  let data: StudyData;
  let dir: string;
  beforeAll(async () => {
    const lines = readFileSync(PAGE, "utf8").split("\n");
    const at = (n: number) => lines[n - 1];
    const out = lines.map((l, i) => {
      const n = i + 1;
      // vLLM's block in step 1 printed without its banner.
      if (n === 90) return null;
      // The quantization errors printed as the engines print them: no `#`, and a `# Crash` with no error name.
      if (/# RuntimeError: Unsupported SM version/.test(l)) return "    # Crash on inference";
      if (/# KeyError: 'weight'/.test(l)) return "    NotImplementedError: WFP4A16 MoE is unsupported on SM80.";
      if (/^Result: TensorRT-LLM/.test(l)) return `${l} = MindIE (Not supported)`;
      if (/^- TensorRT-LLM: v1\.2\.0rc1/.test(l)) return `${l}\n- MindIE: 2.1.RC1`;
      if (l === "A single NVIDIA A100 SXM 80GB GPU.") return "NVIDIA A100 SXM 80GB GPUs on a single node.";
      // The baseline's 4K result labelled by a line of text, not a comment.
      if (n === 376) return "    random 4K input";
      // Step 3 ends with a candidate that only sets an environment variable, and whose server crashed.
      if (/^### Summary of Optimization Options/.test(l))
        return [
          "With TRTLLM_ENABLE_PDL",
          '??? info "Serving script"',
          "    ```bash",
          "    export TRTLLM_ENABLE_PDL=1",
          "    ```",
          '??? info "Benchmark result"',
          "    ```",
          "    # Crash",
          "    ```",
          "",
          l
        ].join("\n");
      // A fifth quantization whose error the page prints as a paragraph under its serving script.
      if (/^### 3\. Max Batched Token/.test(l))
        return [
          "vLLM GPTQ",
          '??? info "Serving script"',
          "    ```bash",
          "    vllm serve Qwen/Qwen3-32B-GPTQ",
          "    ```",
          "ValueError: GPTQ kernels are not built for this GPU",
          "",
          l
        ].join("\n");
      return l;
    });
    // A fourth engine in step 1, MindIE, whose server crashed.
    const ranking = out.findIndex((l) => l != null && /^Result: TensorRT-LLM/.test(l));
    out.splice(
      ranking,
      0,
      "MindIE",
      '??? info "Serving script"',
      "    ```bash",
      "    export MINDIE_LOG_LEVEL=error",
      "    mindie serve Qwen/Qwen3-32B",
      "    ```",
      "",
      '??? info "Benchmark result"',
      "    ```",
      "    # Crash",
      "    ```",
      ""
    );
    // The baseline ran one more workload: ShareGPT at batch size 4 (a block of the latency page); the optimized did not.
    const close = baselineResultsEnd(out);
    const bs4 = [
      "============ Serving Benchmark Result ============",
      "Successful requests:                     100",
      "Maximum request concurrency:             4",
      "Benchmark duration (s):                  400.00",
      "Total input tokens:                      21739",
      "Total generated tokens:                  20140",
      "Request throughput (req/s):              0.25",
      "Output token throughput (tok/s):         50.35",
      "Peak output token throughput (tok/s):    60.00",
      "Peak concurrent requests:                4.00",
      "Total Token throughput (tok/s):          104.70",
      "---------------Time to First Token----------------",
      "Mean TTFT (ms):                          120.00",
      "Median TTFT (ms):                        110.00",
      "P99 TTFT (ms):                           300.00",
      "-----Time per Output Token (excl. 1st token)------",
      "Mean TPOT (ms):                          79.00",
      "Median TPOT (ms):                        78.00",
      "P99 TPOT (ms):                           90.00",
      "---------------Inter-token Latency----------------",
      "Mean ITL (ms):                           79.00",
      "Median ITL (ms):                         78.00",
      "P99 ITL (ms):                            95.00",
      "=================================================="
    ].map((l) => `    ${l}`);
    out.splice(close, 0, "", "    # ShareGPT batch size 4", ...bs4);
    expect(at(90)).toMatch(/Serving Benchmark Result/);
    ({data, dir} = await imported("older", out.filter((l) => l != null).join("\n")));
  });

  it("reads a block with no banner, every value exact", () => {
    const row = data.rows.find((r) => r.run === "choosing-the-inference-engine--vllm--sharegpt")!;
    expect([row.status, row.total_token_throughput, row.mean_ttft_ms, row.p99_itl_ms]).toEqual([
      "ok",
      1730.98,
      105557.78,
      572.34
    ]);
    expect(readFileSync(join(dir, "runs", row.run, "bench.log"), "utf8").split("\n")[0]).toBe(
      "Successful requests:                     1000"
    );
  });

  it("makes a failure printed without `# …Error:` a failed run with that text", () => {
    const failed = data.rows.filter((r) => r.status === "failed" && r.failed_phase !== "not-run");
    expect(failed.map((r) => [r.candidate, r.error])).toEqual([
      ["mindie", "Crash"],
      ["with-trtllm_enable_pdl", "Crash"],
      ["tensorrt-llm-awq", "NotImplementedError: WFP4A16 MoE is unsupported on SM80."],
      ["tensorrt-llm-fp8", "Crash on inference"],
      ["vllm-gptq", "ValueError: GPTQ kernels are not built for this GPU"]
    ]);
  });

  it("takes an engine it does not know by its program, with the version the page lists", () => {
    const mindie = data.plan.steps[0].candidates.find((c) => c.id === "mindie")!;
    expect([mindie.engine, mindie.model, mindie.server]).toEqual([
      "mindie",
      "Qwen/Qwen3-32B",
      ["MINDIE_LOG_LEVEL=error", "mindie", "serve", "Qwen/Qwen3-32B"]
    ]);
    expect(data.plan.engines.mindie).toMatchObject({name: "MindIE", version: "2.1.RC1"});
  });

  it("runs a serving script that only exports a variable as the command above it, with the variable", () => {
    const step = data.plan.steps[2];
    expect(step.candidates.map((c) => [c.id, c.server.join(" ")])).toEqual([
      ["max-num-tokens-16384", "trtllm-serve Qwen/Qwen3-14B --max_num_tokens=16384"],
      ["max-num-tokens-32768", "trtllm-serve Qwen/Qwen3-14B --max_num_tokens=32768"],
      ["with-trtllm_enable_pdl", "TRTLLM_ENABLE_PDL=1 trtllm-serve Qwen/Qwen3-14B --max_num_tokens=16384"]
    ]);
  });

  it("takes a line of text right above a banner as the block's label", () => {
    const log = readFileSync(join(dir, "runs", "other-benchmark-cases--baseline--long-prompt", "bench.log"), "utf8");
    expect(log.split("\n").slice(0, 2)).toEqual([
      "random 4K input",
      "============ Serving Benchmark Result ============"
    ]);
  });

  it("reads a dataset list's 1K and 2K as thousands", () => {
    const w = readWriteup(
      "## Experimental Setup\n\n### Benchmark Dataset\n\n- Generation heavy: 1K input tokens, 2K output tokens\n",
      "x.md"
    );
    expect(w.datasets.map((d) => [d.name, d.input, d.output])).toEqual([["Generation heavy", 1000, 2000]]);
  });

  it("names the GPU without where it sits", () => {
    expect(data.plan.hardware).toMatchObject({gpu: "a100-sxm4-80gb", name: "NVIDIA A100 SXM 80GB"});
  });

  it("keeps a ranking entry with no figure out of the order", () => {
    const ranking = data.plan.claims.find((c) => c.kind === "ranking")!;
    expect(ranking.order).toEqual(["tensorrt-llm", "vllm", "sglang"]);
    expect(data.report.claims.find((c) => c.id === ranking.id)!.status).toBe("confirmed");
  });

  it("makes a block labelled by its batch size a workload of its own, and a point with no result a run not run", () => {
    const s = data.plan.scenarios.find((x) => x.max_concurrency === 4)!;
    expect([s.id, s.name.en, s.dataset, s.num_prompts]).toEqual([
      "sharegpt-batch-size-4",
      "ShareGPT batch size 4",
      "sharegpt",
      100
    ]);
    const missing = data.runs.find((r) => r.meta.id === "other-benchmark-cases--optimized--sharegpt-batch-size-4")!;
    expect(notRunReason(missing.meta)).toBe("the write-up gives no result for this configuration on this workload");
    expect(data.report.findings.filter((f) => f.severity === "error")).toEqual([]);
  });
});

// Qwen3-30B-A3B on 910B runs "# ShareGPT batch size 4" with all of ShareGPT's 1,000 requests: the block fitted the
// ShareGPT workload by its requests and tokens, its printed concurrency aside, and the headline compared it
// (66.84 against 324.35 tok/s) for ShareGPT.
describe("a block that printed a concurrency limit the workload it fits by requests has not", () => {
  it("is that workload at the printed concurrency, a workload of its own", async () => {
    const lines = readFileSync(PAGE, "utf8").split("\n");
    // Step 1's vLLM ShareGPT block (lines 90–112), at concurrency 4, under the other workloads' baseline results.
    const block = lines
      .slice(89, 112)
      .map((l) => (l.includes("Successful requests") ? [l, "    Maximum request concurrency:             4"] : [l]))
      .flat();
    const close = baselineResultsEnd(lines);
    const page = [...lines.slice(0, close), "", "    # ShareGPT batch size 4", ...block, ...lines.slice(close)].join(
      "\n"
    );
    const {data} = await imported("concurrency", page);
    const s = data.plan.scenarios.find((x) => x.max_concurrency === 4)!;
    expect([s.id, s.name.en, s.dataset, s.num_prompts]).toEqual([
      "sharegpt-batch-size-4",
      "ShareGPT batch size 4",
      "sharegpt",
      1000
    ]);
    expect(data.plan.steps.at(-1)!.scenarios).toContain("sharegpt-batch-size-4");
    expect(data.plan.steps.at(-1)!.scenarios).not.toContain("sharegpt");
    const sharegpt = data.report.headline.find((h) => h.scenario === "sharegpt")!;
    expect([sharegpt.baseline_run, sharegpt.baseline_tps]).toEqual([
      "choosing-the-inference-engine--vllm--sharegpt",
      1730.98
    ]);
  });
});

/** A block of GPUStack's benchmark-runner with figures that follow from one another. */
function runnerBlock(o: {
  requests: number;
  seconds: number;
  input: number;
  output: number;
  latency: string;
  c: number;
}) {
  const f = (x: number) => x.toFixed(2);
  return [
    '??? info "Benchmark result"',
    "    ```",
    "    ============ Serving Benchmark Result ============",
    `    Successful requests:                     ${o.requests}`,
    `    Maximum request concurrency:             ${o.c}`,
    `    Benchmark duration (s):                  ${f(o.seconds)}`,
    `    Total input tokens:                      ${o.input}`,
    `    Total generated tokens:                  ${o.output}`,
    `    Request throughput (req/s):              ${f(o.requests / o.seconds)}`,
    `    Output token throughput (tok/s):         ${f(o.output / o.seconds)}`,
    "    Peak output token throughput (tok/s):    900.00",
    `    Peak concurrent requests:                ${f(o.c)}`,
    `    Total Token throughput (tok/s):          ${f((o.input + o.output) / o.seconds)}`,
    "    ----------------------Latency---------------------",
    `    Mean Latency(s):                          ${o.latency}`,
    "    Median Latency(s):                        N/A",
    "    P95 Latency(s):                           5.00",
    "    P99 Latency(s):                           6.00",
    "    ---------------Time to First Token----------------",
    "    Mean TTFT (ms):                          40.00",
    "    P99 TTFT (ms):                           90.00",
    "    -----Time per Output Token (excl. 1st token)------",
    "    Mean TPOT (ms):                          7.00",
    "    P99 TPOT (ms):                           9.00",
    "    ---------------Inter-token Latency----------------",
    "    Mean ITL (ms):                           7.00",
    "    P99 ITL (ms):                            9.00",
    "    ==================================================",
    "    ```",
    ""
  ].join("\n");
}

const params = (...lines: string[]) => ["  ```bash", ...lines.map((l) => `  ${l}`), "  ```", ""].join("\n");

describe("the newer dialect, on a page written for the test", () => {
  let data: StudyData;
  beforeAll(async () => {
    const at1 = (latency: string, seconds: number) =>
      runnerBlock({requests: 100, seconds, input: 23000, output: 22000, latency, c: 4});
    const at8 = (latency: string, seconds: number) =>
      runnerBlock({requests: 100, seconds, input: 23000, output: 22000, latency, c: 20});
    const page = [
      "# Tuning for latency",
      "",
      "## Conclusion",
      "",
      '???+ tip "Serving Command"',
      "    ```bash",
      "    vllm serve Qwen/Qwen3-8B --max-model-len=32768 --max-num-seqs=64",
      "    ```",
      "",
      "| Benchmark Case | Baseline (vLLM without any optimizations) | Optimized |",
      "|---|---|---|",
      '| **Rate 1** | Mean latency: 2.40s/req | Mean latency: 2.00s/req <span style="background-color:lightgreen;">(1.20x faster)</span> |',
      '| **ShareGPT 8RPS: the heavier load (r=8)** | Mean latency: 3.30s/req | Mean latency: 3.00s/req <span style="background-color:lightgreen;">(1.10x faster)</span> |',
      "",
      "## Experimental Setup",
      "",
      "### Model",
      "",
      "- Qwen/Qwen3-8B",
      "",
      "### Hardware",
      "",
      "NVIDIA H100 SXM",
      "",
      "### Engine Version",
      "",
      "- vLLM v0.11.0",
      "",
      "### Benchmark Method",
      "",
      "#### Benchmark Profiles",
      "",
      "##### ShareGPT 1RPS",
      "",
      "```yaml",
      "dataset_name: ShareGPT",
      "request_rate: 1",
      "total_requests: 100",
      "```",
      "",
      "##### ShareGPT 8RPS",
      "",
      "```yaml",
      "dataset_name: ShareGPT",
      "request_rate: 8",
      "total_requests: 100",
      "```",
      "",
      "## Experiment Results",
      "",
      "### Choosing the Inference Engine",
      "",
      "#### vLLM",
      "",
      "- Profile: `ShareGPT 8RPS`",
      "- Backend Parameters:",
      params("--max-model-len=32768"),
      at8("3.30", 12.5),
      "### Max Num Seqs",
      "",
      "#### Max Seqs 32",
      "",
      "- Profile: `ShareGPT 8RPS`",
      "- Backend Parameters:",
      params("--max-model-len=32768", "--max-num-seqs=32"),
      at8("3.20", 12.4),
      "#### Max Seqs 64",
      "",
      "- Profile: `ShareGPT 8RPS`",
      "- Backend Parameters:",
      params("--max-model-len=32768", "--max-num-seqs=64"),
      at8("3.00", 12.0),
      "- Summary: `Max Seqs 64` Total TPS = 3750.00, `Max Seqs 32` Total TPS = 3629.03. `Max Seqs 64` is faster by 120.96 tok/s (3.33%); Mean TPOT = 7.00 ms vs 7.00 ms, increased by 0.00 ms (0.00% slower).",
      "",
      "### Summary of Optimization Options",
      "",
      "| Benchmark Case | Group | Optimized | Baseline | Comparison |",
      "|---|---|---:|---:|---|",
      '| ShareGPT 8RPS (r=8) | Max Num Seqs | 3.00s | 3.30s | <span style="background-color:lightgreen;">(1.10x faster)</span> |',
      '| ShareGPT 8RPS (r=8) | Choosing the Inference Engine | 3.30s | 3.30s | <span style="background-color:lightgreen;">(1.00x faster)</span> |',
      "",
      "### Other Benchmark Cases",
      "",
      "#### Rate 1",
      "",
      "- Baseline Backend Parameters:",
      params("--max-model-len=32768"),
      at1("2.40", 100.2),
      "- Optimized Backend Parameters:",
      params("--max-model-len=32768", "--max-num-seqs=64"),
      at1("2.00", 100.1),
      "#### Rate 8",
      "",
      "- Baseline Backend Parameters:",
      params("--max-model-len=32768"),
      at8("3.30", 12.5),
      "- Optimized Backend Parameters:",
      params("--max-model-len=32768", "--max-num-seqs=64"),
      at8("3.00", 12.0)
    ].join("\n");
    ({data} = await imported("newer", page));
  });

  it("tells workloads apart by the rate a heading names", () => {
    expect(data.plan.scenarios.map((s) => [s.id, s.request_rate])).toEqual([
      ["sharegpt-1rps", 1],
      ["sharegpt-8rps", 8]
    ]);
    expect(
      data.rows
        .filter((r) => r.step === "other-benchmark-cases")
        .map((r) => r.run)
        .sort()
    ).toEqual([
      "other-benchmark-cases--baseline--sharegpt-1rps",
      "other-benchmark-cases--baseline--sharegpt-8rps",
      "other-benchmark-cases--optimized--sharegpt-1rps",
      "other-benchmark-cases--optimized--sharegpt-8rps"
    ]);
  });

  it("finds the workload of comparison rows named by rate or with a description, and audits them", () => {
    const headline = data.report.claims.filter((c) => c.kind.startsWith("headline"));
    expect(headline.map((c) => [c.kind, c.status, c.published, c.recomputed])).toEqual([
      ["headline-value", "confirmed", "2.40 s", "2.40 s"],
      ["headline-value", "confirmed", "2.00 s", "2.00 s"],
      ["headline-speedup", "confirmed", "1.20×", "1.20×"],
      ["headline-value", "confirmed", "3.30 s", "3.30 s"],
      ["headline-value", "confirmed", "3.00 s", "3.00 s"],
      ["headline-speedup", "confirmed", "1.10×", "1.10×"]
    ]);
  });

  it("reads summary lines whose labels are several words", () => {
    const change = data.report.claims.find((c) => c.kind === "change" && c.id.endsWith("-tps"))!;
    // 120.96 was taken before the figures were rounded to 0.01: within what the printed figures allow, so it holds.
    expect([change.status, change.published, change.recomputed]).toEqual([
      "confirmed",
      "+3.33% (+120.96)",
      "+3.33% (+120.97)"
    ]);
  });

  it("audits a latency summary table per workload and step", () => {
    const speedups = data.report.claims.filter((c) => c.kind === "speedup");
    expect(speedups.map((c) => [c.status, c.published, c.recomputed])).toEqual([
      ["confirmed", "1.10× faster", "1.10× faster"],
      ["confirmed", "1.00× faster", "1.00× faster"]
    ]);
    expect(data.report.findings.filter((f) => f.severity === "error")).toEqual([]);
  });
});

describe("a newer summary table's row for a step of several candidates", () => {
  it("is the candidate whose run printed the row's throughput", async () => {
    const block = (seconds: number) =>
      runnerBlock({requests: 100, seconds, input: 23000, output: 22000, latency: "3.00", c: 20});
    const page = [
      "# Engines",
      "",
      "## Conclusion",
      "",
      "| Benchmark Case | baseline (vLLM without any optimizations) | Optimized |",
      "|---|---|---|",
      '| **ShareGPT** | Total TPS: 3600.00<br>Mean TPOT(ms): 7.00 | Total TPS: 4500.00 <span style="background-color:lightgreen;">(+25.00%)</span><br>Mean TPOT(ms): 7.00 |',
      "",
      "## Experimental Setup",
      "",
      "### Model",
      "",
      "- Qwen/Qwen3-8B",
      "",
      "### Hardware",
      "",
      "NVIDIA H200x8",
      "",
      "### Engine Version",
      "",
      "- vLLM v0.11.0",
      "- SGLang v0.5.3",
      "",
      "### Benchmark Method",
      "",
      "#### Benchmark Profiles",
      "",
      "##### ShareGPT",
      "",
      "```yaml",
      "dataset_name: ShareGPT",
      "total_requests: 100",
      "```",
      "",
      "## Experiment Results",
      "",
      "### Choosing the Inference Engine",
      "",
      "#### vLLM",
      "",
      "- Profile: `ShareGPT`",
      "- Backend Parameters:",
      params("--max-model-len=32768"),
      block(12.5),
      "#### SGLang",
      "",
      "- Profile: `ShareGPT`",
      "- Backend Parameters:",
      params("--context-length=32768"),
      block(10),
      "### Summary of Optimization Options",
      "",
      "| Benchmark Cases | Optimized | Baseline |",
      "|---|---|---|",
      '| Choosing the Inference Engine | Total TPS: 4500.00 <span style="background-color:lightgreen;">(+25.00%)</span><br>Mean TPOT(ms): 7.00 | Total TPS: 3600.00<br>Mean TPOT(ms): 7.00 |',
      ""
    ].join("\n");
    const {data} = await imported("engines", page);
    const value = data.plan.claims.find(
      (c) => c.kind === "value" && c.metric === "total_token_throughput" && c.value === 4500
    )!;
    expect(value.run).toBe("choosing-the-inference-engine--sglang--sharegpt");
    const change = data.report.claims.find((c) => c.kind === "change")!;
    expect([change.status, change.recomputed]).toEqual(["confirmed", "+25.00%"]);
    expect(data.report.claims.filter((c) => c.status !== "confirmed")).toEqual([]);
    // "NVIDIA H200x8": eight of them.
    expect(data.plan.hardware).toMatchObject({gpu: "h200-sxm", name: "NVIDIA H200", count: 8});
  });
});

describe("a workload whose prompt count the page does not state, and whose results sent different counts", () => {
  // As DeepSeek-V3.2 on H200 prints its short prompt: the baseline's block sent 1000 requests, the optimized one's
  // 984 (TensorRT-LLM counts only those that succeeded). The import wrote `num_prompts: 0`, and check said "1000
  // requests completed of 0 planned" for both runs.
  it("takes the most requests any of its results sent, and the run that sent fewer is partial", async () => {
    const lines = readFileSync(PAGE, "utf8").split("\n");
    // The random workloads' command without --num-prompts, and the optimized short prompt's block at 984 requests.
    const page = lines
      .map((l, i) =>
        i + 1 === 536
          ? l.replace("1000", " 984")
          : l.includes("--dataset-name random")
            ? l.replace(" --num-prompts 500", "")
            : l
      )
      .join("\n");
    const {data, dir} = await imported("counts", page);
    const plan = readFileSync(join(dir, "study.yaml"), "utf8");
    const short = plan.slice(plan.indexOf("  short-prompt:"));
    expect(short).toMatch(/^ {4}num_prompts: 1000$/m);
    const findings = data.report.findings.filter((f) => f.run?.endsWith("short-prompt"));
    expect(findings.filter((f) => f.code === "requests-over-plan")).toEqual([]);
    expect(findings.filter((f) => f.code === "partial-result").map((f) => [f.run, f.message])).toEqual([
      [
        "other-benchmark-cases--optimized--short-prompt",
        "the result accounts for 984 of the 1000 requests its workload sends (984 completed); the other 16 are in none of its figures"
      ]
    ]);
  });
});
