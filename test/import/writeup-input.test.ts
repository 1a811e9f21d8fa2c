// Issue 44: `tps-report import WRITEUP --into STUDY_DIR` from the command line: it prints what it took from where,
// and bad input (no result block, a block cut off, a block's lines shuffled, Markdown of another kind, a 50 MB file)
// is one line naming the file and line, with nothing written. The newer dialect's per-candidate headings
// (`#### Seqs 512`) name the candidates.
import {spawnSync} from "node:child_process";
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
  ftruncateSync
} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {loadStudy} from "../../loaders/analysis/report.js";
import {importWriteup} from "../../loaders/import/writeup/index.js";

const PAGE = "test/fixtures/writeups/qwen3-32b--a100.md";
let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "tps-writeup-input-"));
});
afterAll(() => rmSync(root, {recursive: true, force: true}));

const cli = (...args: string[]) =>
  spawnSync(process.execPath, ["bin/tps-report.js", "import", ...args], {encoding: "utf8"});

/** The page with its lines changed, written under root. */
function variant(name: string, change: (lines: string[]) => string[]): string {
  const file = join(root, name);
  writeFileSync(file, change(readFileSync(PAGE, "utf8").split("\n")).join("\n"));
  return file;
}

describe("tps-report import WRITEUP", () => {
  it("prints what it took from where, by line and section, and writes the study", () => {
    const into = join(root, "study");
    const out = cli(PAGE, "--into", into);
    expect(out.status).toBe(0);
    const lines = out.stdout.trim().split("\n");
    expect(lines).toContain(
      `${PAGE}:85 (Experiment Results › 1. Choosing the Inference Engine): candidate choosing-the-inference-engine/vllm "vLLM": vllm serve Qwen/Qwen3-32B --max-model-len 32768, bf16 (data/models/qwen3-32b.config.json's torch_dtype)`
    );
    expect(lines).toContain(
      `${PAGE}:193 (Experiment Results › 2. Quantization in TensorRT-LLM/vLLM): run quantization-in-tensorrt-llm-vllm--tensorrt-llm-fp8--sharegpt: failed: RuntimeError: Unsupported SM version for FP8 block scaling GEMM`
    );
    expect(lines).toContain(
      `${PAGE}:46 (Experimental Setup › Hardware): hardware NVIDIA A100 SXM 80GB (a100-sxm4-80gb in data/gpus/gpus.yaml), 1 GPU count`
    );
    expect(lines.at(-2)).toBe(`${into}: 4 steps, 11 candidates × 5 scenarios, 17 runs (2 failed), 34 claims`);
    expect(existsSync(join(into, "study.yaml"))).toBe(true);
    // Importing again into the same folder writes nothing and says so.
    const again = cli(PAGE, "--into", into);
    expect(again.status).toBe(1);
    expect(again.stderr).toBe(
      `tps-report import: ${into}:1: the folder exists and is not empty; import a write-up into a new or empty folder; nothing was written\n`
    );
  });

  // A heading under the results with no result block below it stopped the import with the study's own schema error
  // ("…:1: the study made from it does not read back: …/study.yaml:77: steps[0].candidates: Too small …").
  // The study was written, and a site of several studies then refused its folder name, with nothing said before.
  it("says when the folder's name cannot be a path of a site of several studies, and what would", () => {
    const into = join(root, "qwen3-32b--a100");
    const out = cli(PAGE, "--into", into);
    expect(out.status).toBe(0);
    expect(out.stdout.trim().split("\n").at(-2)).toBe(
      `note: a site of several studies (TPS_REPORT_STUDIES) takes a study's folder name as its path, and 'qwen3-32b--a100' is not one: id "qwen3-32b--a100" is not allowed (lowercase letters, digits, '.', '_' and single '-' between them, starting with a letter or digit, not ending in '-', at most 64 characters); 'qwen3-32b-a100' would be`
    );
    expect(cli(PAGE, "--into", join(root, "qwen3-32b-a100")).stdout).not.toContain("note: a site of several studies");
    // Result files imported into a new study: the same note, among import's other notes.
    const results = cli("test/fixtures/corpus/sglang-issue8285.txt", "--into", join(root, "sglang--8285"));
    expect(results.status).toBe(0);
    expect(results.stderr).toContain(
      "tps-report import: note: a site of several studies (TPS_REPORT_STUDIES) takes a study's folder name as its path, and 'sglang--8285' is not one"
    );
  });

  it("leaves out a step heading with no result block under it, and says so by its line", () => {
    const file = variant("empty-step.md", (l) => [
      ...l.slice(0, 79),
      "### 0. A step with no result",
      "",
      "We tried this but did not keep the output.",
      "",
      ...l.slice(79)
    ]);
    const into = join(root, "empty-step");
    const out = cli(file, "--into", into);
    expect(out.stderr).toBe("");
    expect(out.status).toBe(0);
    expect(out.stdout).toContain(
      `${file}:80 (Experiment Results › 0. A step with no result): "A step with no result" has no result block under it: not a step of the study\n`
    );
    const steps = readFileSync(join(into, "study.yaml"), "utf8").match(/^ {2}- id: /gm)!.length;
    const plain = join(root, "empty-step-plain");
    expect(cli(PAGE, "--into", plain).status).toBe(0);
    expect(steps).toBe(readFileSync(join(plain, "study.yaml"), "utf8").match(/^ {2}- id: /gm)!.length);
  });

  const bad: [string, () => string, RegExp][] = [
    [
      "a document with no result block",
      () =>
        variant("no-blocks.md", (l) => l.filter((x) => !/^\s{4}(?!```)/.test(x) || /bash|vllm|trtllm|sglang/.test(x))),
      /:1: no result block: a write-up's runs are its `Serving Benchmark Result` blocks/
    ],
    [
      "a block cut off",
      () => variant("cut.md", (l) => [...l.slice(0, 100), "    ```", ...l.slice(113)]),
      /:90: the result block is cut off: no closing ===== line after line 90 \(the code block ends at line 100\)$/
    ],
    [
      // It was left out without a word: the study had the page's 15 runs and not this one.
      "a result block under the results heading but in no step",
      () => variant("no-step.md", (l) => [...l.slice(0, 79), ...l.slice(87, 113), "", ...l.slice(79)]),
      /:82: a result block in "Experiment Results" that is in none of its steps: a step is a heading under it, and its runs are the blocks below that heading$/
    ],
    [
      "a block whose lines are shuffled",
      () =>
        variant("shuffled.md", (l) => {
          const copy = [...l];
          [copy[100], copy[104]] = [copy[104], copy[100]];
          return copy;
        }),
      /:101: the result block's lines are out of order: 'Mean TPOT \(ms\)' under 'Time to First Token'$/
    ],
    [
      "Markdown of another kind",
      () => {
        const file = join(root, "recipe.md");
        writeFileSync(
          file,
          "# Bread\n\n## Ingredients\n\n- 500 g flour\n- 10 g salt\n\n## Method\n\nKnead for ten minutes.\n"
        );
        return file;
      },
      /:1: not a benchmark write-up: no result block, and none of the sections one has/
    ],
    [
      // It was imported: the step was "Ch\uFFFDosing the Inference Engine", its id "ch-osing-the-inference-engine".
      "a page saved in another encoding than UTF-8",
      () => {
        const file = join(root, "latin1.md");
        const page = readFileSync(PAGE, "utf8").replace("### 1. Choosing", "### 1. Ch\xf6osing");
        writeFileSync(file, Buffer.from(page, "latin1"));
        return file;
      },
      /:80: byte 0xF6 at column 10 is not UTF-8: save the file as UTF-8$/
    ],
    [
      "a 50 MB file",
      () => {
        const file = join(root, "huge.md");
        const fd = openSync(file, "w");
        ftruncateSync(fd, 50 * 1024 * 1024);
        closeSync(fd);
        return file;
      },
      /:1: 50\.0 MiB is too large for a write-up \(at most 4 MiB\)/
    ]
  ];
  it.each(bad)("%s: one line naming the file and line, nothing written", (_, make, message) => {
    const file = make();
    const into = join(root, `bad-${file.split("/").pop()}`);
    const out = cli(file, "--into", into);
    expect(out.status).toBe(1);
    expect(out.stdout).toBe("");
    const lines = out.stderr.trimEnd().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0].startsWith(`tps-report import: ${file}:`)).toBe(true);
    expect(lines[0].replace(/; nothing was written$/, "")).toMatch(message);
    expect(existsSync(into)).toBe(false);
  });
});

describe("the newer dialect's per-candidate headings", () => {
  it("names each candidate by its heading and takes its engine from the parameters it shares", async () => {
    // A page of the newer shape, written for this test: two settings of one step under `#### Seqs …` headings.
    const block = (seconds: string, tps: string) => `    \`\`\`
    ============ Serving Benchmark Result ============
    Successful requests:                     100
    Maximum request concurrency:             64
    Benchmark duration (s):                  ${seconds}
    Total input tokens:                      102400
    Total generated tokens:                  12800
    Request throughput (req/s):              ${(100 / Number(seconds)).toFixed(2)}
    Output token throughput (tok/s):         ${(12800 / Number(seconds)).toFixed(2)}
    Peak output token throughput (tok/s):    900.00
    Peak concurrent requests:                64.00
    Total Token throughput (tok/s):          ${tps}
    ----------------------Latency---------------------
    Mean Latency(s):                          3.10
    Median Latency(s):                        N/A
    P95 Latency(s):                           5.20
    P99 Latency(s):                           6.00
    ---------------Time to First Token----------------
    Mean TTFT (ms):                          210.50
    Median TTFT (ms):                        200.25
    P95 TTFT (ms):                           N/A
    P99 TTFT (ms):                           400.75
    -----Time per Output Token (excl. 1st token)------
    Mean TPOT (ms):                          20.50
    Median TPOT (ms):                        19.75
    P95 TPOT (ms):                           30.00
    P99 TPOT (ms):                           35.50
    ---------------Inter-token Latency----------------
    Mean ITL (ms):                           20.25
    Median ITL (ms):                         18.50
    P95 ITL (ms):                            40.00
    P99 ITL (ms):                            60.25
    ==================================================
    \`\`\``;
    const page = `# Tuning a small model

## Experimental Setup

### Model

- Qwen/Qwen3-8B

### Hardware

NVIDIA H100 SXM

### Engine Version

- vLLM v0.11.0

### Benchmark Method

#### Benchmark Profiles

##### Throughput

\`\`\`yaml
dataset_name: Random
dataset_input_tokens: 1024
dataset_output_tokens: 128
dataset_seed: 7
request_rate: 64
total_requests: 100
\`\`\`

## Experiment Results

### Baseline of the Inference Engine

#### vLLM

- Profile: \`Throughput\`
- Backend Parameters:
  \`\`\`bash
  --max-model-len=8192
  \`\`\`

??? info "Benchmark result"
${block("10.00", "11520.00")}

### Max Num Seqs

#### Seqs 256

- Profile: \`Throughput\`
- Backend Parameters:
  \`\`\`bash
  --max-model-len=8192
  --max-num-seqs=256
  \`\`\`

??? info "Benchmark result"
${block("9.00", "12800.00")}

#### Seqs 512

- Profile: \`Throughput\`
- Backend Parameters:
  \`\`\`bash
  --max-model-len=8192
  --max-num-seqs=512
  \`\`\`

??? info "Benchmark result"
${block("8.00", "14400.00")}
`;
    const file = join(root, "newer.md");
    writeFileSync(file, page);
    const dir = join(root, "newer");
    importWriteup(file, dir);
    const {plan, rows, report} = await loadStudy(dir);
    const step = plan.steps[1];
    expect(step.candidates.map((c) => [c.id, c.label, c.engine, c.server.join(" ")])).toEqual([
      ["seqs-256", "Seqs 256", "vllm", "vllm serve Qwen/Qwen3-8B --max-model-len=8192 --max-num-seqs=256"],
      ["seqs-512", "Seqs 512", "vllm", "vllm serve Qwen/Qwen3-8B --max-model-len=8192 --max-num-seqs=512"]
    ]);
    expect(plan.scenarios.map((s) => [s.id, s.dataset, s.input_len, s.output_len, s.num_prompts, s.seed])).toEqual([
      ["throughput", "random", 1024, 128, 100, 7]
    ]);
    const best = rows.find((r) => r.run === "max-num-seqs--seqs-512--throughput")!;
    // Seconds kept as milliseconds, N/A as no value (not zero), and each said on its line.
    expect([best.mean_e2el_ms, best.median_e2el_ms, best.p95_ttft_ms, best.p95_e2el_ms].map((v) => v ?? null)).toEqual([
      3100,
      null,
      null,
      5200
    ]);
    expect(report.findings.filter((f) => f.code === "parse-warning" && f.run === best.run).map((f) => f.line)).toEqual([
      14, 20
    ]);
    expect(report.steps[1].verdict.best?.candidate).toBe("seqs-512");
  });
});
