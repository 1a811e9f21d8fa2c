// Which runs the headline compares, on the seed's English page given the shapes other pages of its series have.
// - A scenario the other-workloads step names, but one side of it never ran there (a write-up that gives no result
//   for the baseline on ShareGPT): the baseline step's run against the recommended configuration's, as the page's
//   own table does, instead of leaving the scenario out. Qwen3-8B on 910B (Performance Lab) did so: its ShareGPT row
//   and five published figures went unverified.
// - A step's winner started with --host and --port, the recommended command without: the same configuration, where
//   DeepSeek-R1 and DeepSeek-V3.2 on H200 had every other-workloads row left out ("not the recommended configuration").
// - A page whose recommended command is not its own step winner (a flag of the winner left out, as gpt-oss-20b on
//   A100 leaves out --max-num-batched-tokens 4096): the headline leaves that comparison out, but the page's published
//   figures are still checked against the runs it compares, saying so. Eight of the series' 25 pages had about 20
//   figures each left unverifiable.
//   Its figures on a workload the other-workloads step does not run (ShareGPT) are those of the run of its own
//   recommended configuration in a step, not of the selection's winner: gpt-oss-20b on A100 recommends its
//   async-scheduling candidate, whose ShareGPT run prints the published 10919.92.
// - A recommended throughput the page gives for several copies of its server ("Total TPS: 3019.19x2 (+59.2%)",
//   Qwen3-235B-A22B on A100 and H100, GLM-4.6 on H200: two servers of half the GPUs each) has its change computed so;
//   it was contradicted (+59.2% against −20.4%).
// - A change the page gives per GPU ("(+31.6%/GPU)", gpt-oss-120b on H100: the baseline on one GPU, the
//   recommendation on two) was read as a change of the whole server and contradicted (+31.6% against +163.2%).
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {loadStudy, type StudyData} from "../../loaders/analysis/report.js";
import {importWriteup} from "../../loaders/import/writeup/index.js";

const PAGE = "test/fixtures/writeups/qwen3-32b--a100.md";
const DATE = new Date("2026-03-01T00:00:00Z");
const WINNER = "    trtllm-serve Qwen/Qwen3-32B\n";
const RECOMMENDED = "    trtllm-serve Qwen/Qwen3-32B --max_seq_len=40960 --enable_chunked_prefill\n";
const SHAREGPT_CELL = 'Total TPS: 2054.21 <span style="background-color:lightgreen;">(+18.7%)';

/** The page's text with its last `from` (the other workloads' recommended command, where it is that) made `to`. */
const lastReplaced = (text: string, from: string, to: string) => {
  const at = text.lastIndexOf(from);
  return text.slice(0, at) + to + text.slice(at + from.length);
};

/** The seed's English page in the shapes other pages of its series have, each an edit of its text. */
const SHAPES: Record<string, (text: string) => string> = {
  plain: (text) => text,
  // The winner's ShareGPT block (TensorRT-LLM, step 1) also under the optimized side of the other workloads, where
  // the baseline gives none.
  shaped: (text) => {
    const lines = text.split("\n");
    const block = lines.slice(lines.indexOf("    trtllm-serve Qwen/Qwen3-32B") + 4, 180);
    const end = lines.lastIndexOf("    ```");
    return [...lines.slice(0, end), "", "    # sharegpt", ...block.slice(1, -1), ...lines.slice(end)].join("\n");
  },
  // The step winner's command listening on a stated host and port.
  addressed: (text) => text.replace(WINNER, "    trtllm-serve Qwen/Qwen3-32B --host 0.0.0.0 --port 8000\n"),
  // The step winner's command given a flag the recommended command leaves out.
  other: (text) => text.replace(WINNER, "    trtllm-serve Qwen/Qwen3-32B --kv_cache_free_gpu_memory_fraction 0.95\n"),
  // The step winner on two GPUs and its ShareGPT change given per GPU, as 2054.21 / 2 against 1730.98 is: −40.7 %/GPU.
  "per-gpu": (text) =>
    text
      .replace(WINNER, "    trtllm-serve Qwen/Qwen3-32B --tp_size 2\n")
      .replace(SHAREGPT_CELL, "Total TPS: 2054.21 <span>(-40.7%/GPU)"),
  // The other workloads recommending step 1's vLLM command, where TensorRT-LLM won the selection.
  vllm: (text) => lastReplaced(text, RECOMMENDED, "    vllm serve Qwen/Qwen3-32B --max-model-len 32768\n"),
  // The same without the command's --max-model-len 32768.
  omits: (text) => lastReplaced(text, RECOMMENDED, "    vllm serve Qwen/Qwen3-32B\n"),
  // The ShareGPT recommendation given for two copies, as 2054.21 × 2 against 1730.98 is: +137.3 %.
  copies: (text) => text.replace(SHAREGPT_CELL, "Total TPS: 2054.21x2 <span>(+137.3%)")
};

let root: string;
const studies: Record<string, StudyData> = {};
let [plain, shaped, addressed, other, perGpu, vllmRecommended, copies, omits] = [] as StudyData[];
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "tps-headline-pairs-"));
  const text = readFileSync(PAGE, "utf8");
  for (const [name, shape] of Object.entries(SHAPES)) {
    writeFileSync(join(root, `${name}.md`), shape(text));
    importWriteup(join(root, `${name}.md`), join(root, name), DATE);
    studies[name] = await loadStudy(join(root, name));
  }
  ({plain, shaped, addressed, other, "per-gpu": perGpu, vllm: vllmRecommended, copies, omits} = studies);
});
afterAll(() => rmSync(root, {recursive: true, force: true}));

describe("a headline scenario one side of the other workloads did not run", () => {
  it("is the page as published: the other workloads step runs ShareGPT for the optimized side alone", () => {
    const step = shaped.plan.steps.find((s) => s.id === "other-benchmark-cases")!;
    expect(step.scenarios).toContain("sharegpt");
    const notRun = shaped.rows.filter((r) => r.failed_phase === "not-run").map((r) => r.run);
    expect(notRun).toEqual(["other-benchmark-cases--baseline--sharegpt"]);
  });

  it("compares the baseline step's run with the recommended configuration's, as without that block", () => {
    const row = shaped.report.headline.find((h) => h.scenario === "sharegpt");
    expect(row).toMatchObject({
      baseline_run: "choosing-the-inference-engine--vllm--sharegpt",
      recommended_run: "choosing-the-inference-engine--tensorrt-llm--sharegpt",
      baseline_tps: 1730.98,
      recommended_tps: 2054.21
    });
    expect(shaped.report.headline).toEqual(plain.report.headline);
    expect(shaped.report.findings.filter((f) => f.code === "headline-incomplete")).toEqual([]);
  });
});

describe("a recommended command that leaves out the winner's --host and --port", () => {
  it("is the winner, adapted: the headline compares it on every other workload", () => {
    expect(addressed.plan.steps[0].candidates[2].server.slice(-4)).toEqual(["--host", "0.0.0.0", "--port", "8000"]);
    expect(addressed.report.headline).toEqual(plain.report.headline);
    expect(addressed.report.headline.map((h) => h.scenario)).toEqual([
      "sharegpt",
      "long-prompt",
      "very-long-prompt",
      "medium-prompt",
      "short-prompt"
    ]);
    const codes = addressed.report.findings.map((f) => f.code);
    expect(codes).not.toContain("headline-not-recommended");
    expect(codes).not.toContain("recommended-not-winner");
  });
});

describe("a recommended command that is not the page's own step winner", () => {
  const headlineClaims = (data: StudyData) =>
    data.report.claims.filter((c) => /^headline-/.test(c.id)).map((c) => [c.id, c.status, c.recomputed]);

  it("keeps the comparison out of the headline, and says so", () => {
    expect(other.report.headline.map((h) => h.scenario)).toEqual(["sharegpt"]);
    const codes = other.report.findings.map((f) => f.code);
    expect(codes.filter((c) => c === "headline-not-recommended")).toHaveLength(4);
    expect(codes).toContain("recommended-not-winner");
  });

  it("checks the page's headline figures against the runs the page compares, each saying whose they are", () => {
    expect(headlineClaims(other)).toEqual(headlineClaims(plain));
    expect(headlineClaims(plain).filter(([, status]) => status === "contradicted")).toEqual([
      ["headline-very-long-prompt", "contradicted", "−12.1%"]
    ]);
    const short = other.report.claims.find((c) => c.id === "headline-short-prompt-recommended-tps")!;
    expect(short).toMatchObject({status: "confirmed", published: "3535.54", recomputed: "3535.54"});
    expect(short.detail).toBe(
      "other-benchmark-cases--optimized--short-prompt: the write-up's recommendation, not the selection's winner"
    );
    // The baseline's figure is its run whichever the recommendation is.
    expect(other.report.claims.find((c) => c.id === "headline-short-prompt-baseline-tps")!.detail).toBeNull();
    expect(plain.report.claims.find((c) => c.id === "headline-short-prompt-recommended-tps")!.detail).toBeNull();
  });
});

describe("a page recommending one of its step candidates, not the winner", () => {
  it("has its ShareGPT figures checked against that candidate's ShareGPT run", () => {
    // The headline still compares the selection's winner there.
    const row = vllmRecommended.report.headline.find((h) => h.scenario === "sharegpt")!;
    expect(row.recommended_run).toBe("choosing-the-inference-engine--tensorrt-llm--sharegpt");
    const claim = (id: string) => vllmRecommended.report.claims.find((c) => c.id === id)!;
    const whose =
      "choosing-the-inference-engine--vllm--sharegpt: the write-up's recommendation, not the selection's winner";
    expect(claim("headline-sharegpt-recommended-tps")).toMatchObject({
      published: "2054.21",
      recomputed: "1730.98",
      status: "contradicted",
      detail: whose
    });
    expect(claim("headline-sharegpt")).toMatchObject({recomputed: "0.0%", status: "contradicted"});
    expect(claim("headline-sharegpt").detail).toMatch(/^choosing-the-inference-engine--vllm--sharegpt: /);
    expect(claim("headline-sharegpt-baseline-tps")).toMatchObject({
      published: "1730.98",
      status: "confirmed",
      detail: null
    });
  });
});

describe("a page recommending a step candidate's command with an argument left out", () => {
  // gpt-oss-120b on H100 recommends `--async-scheduling -tp 2` and prints the figures of its step's TP2 run, which
  // also had --max-model-len 32768; they were checked against the selection's winner (TP4).
  it("has its ShareGPT figures checked against that candidate's run, where none equals or is extended by it", () => {
    const claim = omits.report.claims.find((c) => c.id === "headline-sharegpt-recommended-tps")!;
    expect(claim).toMatchObject({published: "2054.21", recomputed: "1730.98", status: "contradicted"});
    expect(claim.detail).toMatch(/^choosing-the-inference-engine--vllm--sharegpt: /);
  });
});

describe("a headline change the page gives per GPU", () => {
  it("is checked per GPU, each side's GPUs from its command", () => {
    expect(perGpu.plan.claims.find((c) => c.id === "headline-sharegpt")).toMatchObject({percent: -40.7, per_gpu: true});
    const row = perGpu.report.headline.find((h) => h.scenario === "sharegpt")!;
    expect([row.baseline_tps, row.recommended_tps]).toEqual([1730.98, 2054.21]);
    expect(perGpu.report.claims.find((c) => c.id === "headline-sharegpt")).toMatchObject({
      subject: {en: "Headline change per GPU, ShareGPT"},
      published: "−40.7%",
      recomputed: "−40.7%",
      status: "confirmed",
      detail: "per GPU: 2054.21 / 2 against 1730.98 / 1 tok/s"
    });
  });
});

describe("a recommended throughput the page gives for several copies of its server", () => {
  it("has its change computed over those copies; the figure itself is one server's", () => {
    expect(copies.plan.claims.find((c) => c.id === "headline-sharegpt")).toMatchObject({percent: 137.3, copies: 2});
    const claim = (id: string) => copies.report.claims.find((c) => c.id === id)!;
    expect(claim("headline-sharegpt")).toMatchObject({
      published: "+137.3%",
      recomputed: "+137.3%",
      status: "confirmed",
      detail: "2054.21 × 2 copies against 1730.98 tok/s"
    });
    expect(claim("headline-sharegpt-recommended-tps")).toMatchObject({published: "2054.21", status: "confirmed"});
  });
});
