// The seed's coverage, from its plan and runs: the settings its steps varied, what the greedy path never ran, that
// max-num-tokens was tuned only on TensorRT-LLM and that the engine decision was never re-tested after quantization.
import {spawnSync} from "node:child_process";
import {existsSync} from "node:fs";
import {beforeAll, describe, expect, it} from "vitest";
import {loadStudy, type StudyData} from "../../loaders/analysis/report.js";
import {stepPages} from "../../loaders/pages/step.js";
import {summaryPage} from "../../loaders/pages/summary.js";
import {coverageParagraph, stepCoverageLines} from "../../src/components/coverageText.js";

const SEED = "data/studies/qwen3-32b-a100";
let data: StudyData;
beforeAll(async () => {
  data = await loadStudy(SEED);
});

describe("seed study: coverage", () => {
  it("spans engine × quantization × --max-num-tokens: 7 of 27 measured, 2 failed, 10 runners-up combinations untried", () => {
    const c = data.report.coverage;
    expect(c.dims).toEqual([
      {dim: "engine", values: ["vllm", "sglang", "trtllm"]},
      {dim: "quantization", values: ["bf16", "fp8", "awq"]},
      {dim: "--max-num-tokens", values: ["default", "16384", "32768"]}
    ]);
    expect([c.space, c.measured, c.failed, c.untried]).toEqual([27, 7, 2, 10]);
    const untried = (step: string) =>
      c.steps
        .find((s) => s.step === step)!
        .untried.map((u) => `${u.runner_up.candidate} × ${u.setting.map((s) => `${s.dim} ${s.value}`).join()}`);
    // vLLM FP8 and AWQ ran in the quantization step; SGLang never did.
    expect(untried("quantization")).toEqual(["sglang × quantization fp8", "sglang × quantization awq"]);
    expect(untried("max-num-tokens")).toEqual([
      "vllm × --max-num-tokens 16384",
      "vllm × --max-num-tokens 32768",
      "sglang × --max-num-tokens 16384",
      "sglang × --max-num-tokens 32768",
      "vllm-fp8 × --max-num-tokens 16384",
      "vllm-fp8 × --max-num-tokens 32768",
      "vllm-awq × --max-num-tokens 16384",
      "vllm-awq × --max-num-tokens 32768"
    ]);
    expect(c.single_engine).toEqual([{step: "max-num-tokens", engine: "trtllm"}]);
    // Quantization varied the engine last (TensorRT-LLM against vLLM), but no quantized configuration ran on two.
    expect(c.retests.find((r) => r.dim === "engine")).toEqual({
      dim: "engine",
      decided_at: "engine-selection",
      last_varied_at: "quantization",
      retested_at: []
    });
    // +18.7 %, +16.2 % (vLLM AWQ), +8.3 % (16384 tokens): none within 5 %, and single runs have no noise interval.
    expect(c.close).toEqual([]);
  });

  it("the summary page states it in one paragraph (EN, TR)", () => {
    const page = summaryPage(data.report, data.rows);
    const en = coverageParagraph(page.coverage, page, "en");
    expect(en).toBe(
      "The recommendation rests on 7 of the 27 combinations of the settings the steps varied (engine × quantization × --max-num-tokens): 26 % of that space was measured, and 2 more were tried but failed. " +
        "10 combinations of earlier runners-up with a later step's settings were never run. " +
        "Max tokens per batch (TensorRT-LLM) was tuned only on TensorRT-LLM. " +
        "The engine decision (Engine selection) was never re-tested after Quantization: no later step ran two of its values successfully with the same settings. " +
        "The quantization decision (Quantization) was never re-tested after it: no later step ran two of its values successfully with the same settings. " +
        "No decision was within noise or closer than 5 %."
    );
    const tr = coverageParagraph(page.coverage, page, "tr");
    expect(tr).toContain("Toplu işteki en fazla token sayısı (TensorRT-LLM) yalnızca TensorRT-LLM üzerinde ayarlandı.");
    expect(tr).toContain(". Motor kararı (Çıkarım motoru seçimi) Quantization adımından sonra bir daha sınanmadı");
    // The dimension in Turkish, as the findings name it; the step's own title stays as the study wrote it.
    expect(tr).toContain("(motor × nicemleme × --max-num-tokens)");
    expect(tr).toContain("Nicemleme kararı (Quantization)");
    expect(page.second_look).toBeUndefined();
  });

  it("the max-num-tokens step page lists what was never run there", () => {
    const page = [...stepPages(data.report, data.rows)].find((p) => p.step.id === "max-num-tokens")!;
    const lines = stepCoverageLines(page.coverage!, "max-num-tokens", page, "en");
    expect(lines).toEqual([
      "Never run: vLLM, SGLang, vLLM FP8 or vLLM AWQ with --max-num-tokens 16384 or 32768.",
      "This step was tuned only on TensorRT-LLM."
    ]);
    const generalization = [...stepPages(data.report, data.rows)].find((p) => p.step.id === "other-scenarios")!;
    expect(generalization.coverage).toBeUndefined();
  });
});

describe("seed study: second look", () => {
  it("finds nothing to run (no close decision; the recommendation keeps max-num-tokens at its default) and writes nothing", () => {
    const r = spawnSync(process.execPath, ["bin/tps-report.js", "run", SEED, "--second-look", "--dry-run"], {
      encoding: "utf8"
    });
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(
      "# Second look at TensorRT-LLM: 0 configurations, 0 runs (1 repeat each); dry run: nothing was started.\n" +
        "#   nothing to run: no decision was within noise or the 5 % margin, and the recommendation sets none of the numeric settings the steps tuned\n"
    );
    expect(existsSync(`${SEED}/second-look.json`)).toBe(false);
  });
});
