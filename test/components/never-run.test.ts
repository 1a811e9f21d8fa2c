// A step page's "Never run" line on a published write-up: the Qwen3-8B on H100 write-up's speculative decoding step
// tries 9 settings that 5 earlier runners-up never ran with. Written out pair by pair, the line ran to 9,090
// characters, each runner-up named 9 times and each 150-character setting 5 times.
import {describe, expect, it} from "vitest";
import {stepPages} from "../../loaders/pages/step.js";
import {coverageParagraph, stepCoverageLines} from "../../src/components/coverageText.js";
import {importedWriteup} from "../support/writeup-study.js";

const writeup = importedWriteup("qwen3-8b--h100-latency");

function neverRun(step: string, lang: "en" | "tr"): string {
  const page = [...stepPages(writeup().report, writeup().rows)].find((p) => p.step.id === step)!;
  return stepCoverageLines(page.coverage!, step, page, lang)[0];
}

const count = (text: string, part: string) => text.split(part).length - 1;

describe("a step page's never-run line", () => {
  it("names each runner-up and each setting once, where several runners-up missed the same settings", () => {
    const page = [...stepPages(writeup().report, writeup().rows)].find((p) => p.step.id === "speculative-decoding")!;
    const untried = page.coverage!.steps.find((s) => s.step === "speculative-decoding")!.untried;
    const runnersUp = [...new Set(untried.map((u) => u.runner_up.label))];
    const settings = [...new Set(untried.map((u) => u.setting.map((s) => `${s.dim} ${s.value}`).join(", ")))];
    expect([untried.length, runnersUp.length, settings.length]).toEqual([45, 5, 9]);
    for (const lang of ["en", "tr"] as const) {
      const line = neverRun("speculative-decoding", lang);
      for (const runnerUp of runnersUp) expect(count(line, runnerUp), runnerUp).toBe(1);
      for (const setting of settings.filter((s) => !s.includes("default"))) expect(count(line, setting)).toBe(1);
    }
  });

  it("says one setting's values once, after the runners-up that missed them", () => {
    expect(neverRun("attention-backend", "en")).toBe(
      "Never run: vLLM, TensorRT-LLM or Maximum batch size for cuda graph in SGLang with --attention-backend triton or flashinfer."
    );
    expect(neverRun("attention-backend", "tr")).toBe(
      "Hiç koşulmayan birleşimler: vLLM, TensorRT-LLM ya da Maximum batch size for cuda graph in SGLang ile --attention-backend triton ya da flashinfer."
    );
  });

  it("keeps a setting of several dimensions whole, one runner-up or many", () => {
    expect(neverRun("quantization", "en")).toBe(
      "Never run: vLLM, TensorRT-LLM or Maximum batch size for cuda graph in SGLang with quantization fp8, --model-path Qwen/Qwen3-8B-FP8."
    );
    expect(neverRun("maximum-batch-size-for-cuda-graph-in-sglang", "en")).toBe(
      "Never run: vLLM or TensorRT-LLM with --cuda-graph-max-bs 8."
    );
  });
});

describe("the summary's coverage paragraph", () => {
  // 17 measured of 103,680 combinations is 0.016 %: the page said "0 % of that space was measured".
  it("gives a share under 1 % to its first significant digit, never 0 % of a space that was measured", () => {
    const {coverage} = writeup().report;
    expect([coverage.measured, coverage.space]).toEqual([17, 103680]);
    expect(coverageParagraph(coverage, writeup().report, "en")).toContain(
      "The recommendation rests on 17 of the 103680 combinations of the settings the steps varied (engine × --cuda-graph-max-bs × "
    );
    expect(coverageParagraph(coverage, writeup().report, "en")).toContain("): 0.02 % of that space was measured.");
    expect(coverageParagraph(coverage, writeup().report, "tr")).toContain(
      "103680 birleşiminden ölçülmüş 17 tanesine dayanıyor (0.02 %)"
    );
  });
});
