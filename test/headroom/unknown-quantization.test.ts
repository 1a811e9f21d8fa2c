// A quantization the ceiling model has no byte count for (NVFP4, MXFP4, …) is real input: the study still loads, its
// runs get no ceiling, and a finding names the candidate and the labels the model knows.
import {cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {loadStudy} from "../../loaders/analysis/report.js";
import {findingMessage} from "../../src/components/libraryText.js";

const root = mkdtempSync(join(tmpdir(), "tps-unknown-quantization-"));
afterAll(() => rmSync(root, {recursive: true, force: true}));

describe("a candidate whose quantization the ceiling model does not know", () => {
  it("loads the study, leaves that candidate's runs without a ceiling and says why", async () => {
    const dir = join(root, "study");
    cpSync("data/studies/qwen3-32b-a100", dir, {recursive: true});
    const plan = readFileSync(join(dir, "study.yaml"), "utf8");
    const edited = plan.replace(
      /(- id: vllm-fp8\n(?: {8}.*\n)*? {8}quantization: )fp8/,
      (_all, head: string) => `${head}nvfp4`
    );
    expect(edited).not.toBe(plan);
    writeFileSync(join(dir, "study.yaml"), edited);
    // As import writes it: the run states what the plan states.
    const meta = join(dir, "runs/quantization--vllm-fp8--sharegpt/run.json");
    writeFileSync(meta, readFileSync(meta, "utf8").replace('"quantization": "fp8"', '"quantization": "nvfp4"'));
    const {rows, report} = await loadStudy(dir, root);
    const fp4 = rows.filter((r) => r.candidate === "vllm-fp8");
    expect(fp4.length).toBeGreaterThan(0);
    for (const row of fp4) expect(row.ceiling_tps).toBeNull();
    // The other candidates keep their ceilings.
    expect(rows.find((r) => r.candidate === "vllm-awq" && r.status === "ok")?.ceiling_tps).toBeGreaterThan(0);
    const finding = report.findings.find((f) => f.message.includes("quantization--vllm-fp8"));
    expect(finding?.message).toBe(
      'quantization--vllm-fp8: no ceiling for its runs, since its quantization "nvfp4" is not one the ceiling model knows (bf16, fp16, fp8, awq, gptq, int4)'
    );
    // The Turkish quality page said it in English.
    expect(findingMessage(finding!, "tr")).toBe(
      'quantization--vllm-fp8: koşularının tavanı yok, çünkü "nvfp4" nicemlemesi tavan modelinin bildiklerinden biri değil (bf16, fp16, fp8, awq, gptq, int4)'
    );
  });
});
