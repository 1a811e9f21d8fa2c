// Issue 23 item 2: a candidate whose files state no quantization became bf16 in silence. Import leaves it open, the
// pages say "not recorded", check lists it, and the headroom model says its bf16 ceiling is an assumption.
import "../../src/render/dom.js";
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {loadStudy} from "../../loaders/analysis/report.js";
import {findGpu, readGpuTable} from "../../loaders/headroom/gpus.js";
import {readModelConfig} from "../../loaders/headroom/model-config.js";
import {stepPages} from "../../loaders/pages/step.js";
import {PRECISIONS} from "../../loaders/headroom/precision.js";
import {runHeadroom} from "../../loaders/headroom/run-headroom.js";
import {importResults} from "../../loaders/import/index.js";
import {listRunDirs} from "../../loaders/runs/read-runs.js";
import {runDetail} from "../../loaders/runs/run-detail.js";
import {isPlaceholder} from "../../loaders/study/schema.js";
import {t, type Lang} from "../../src/components/i18n.js";
import {runFacts} from "../../src/components/runDetail.js";
import {findingMessage} from "../../src/components/libraryText.js";
import {stepFragments} from "../../src/render/page-fragments.js";
import {pyJson, vllmResult} from "../support/vllm-result.js";
import {corpusSources} from "../support/import-corpus.js";

const CORPUS = "test/fixtures/import-corpus";
const tmp = mkdtempSync(join(tmpdir(), "tps-quantization-"));
afterAll(() => rmSync(tmp, {recursive: true, force: true}));

async function quantizationFact(study: string, run: string, lang: Lang): Promise<string> {
  const list = runFacts(await runDetail(study, run), {lang, root: "../"});
  const term = [...list.querySelectorAll("dt")].find((dt) => dt.textContent === t("quantization", lang));
  return term?.nextElementSibling?.textContent ?? "";
}

describe("a real file that states no quantization", () => {
  it("leaves it open in the plan, lists it in check and says not recorded on the run page", async () => {
    const study = join(tmp, "nerdalert");
    // Llama-3.1-8B-Instruct under two framework settings: neither the file nor the model's name gives a precision.
    importResults([{path: join(CORPUS, "vllm-json/nerdalert-results.json"), set: {}}], study);
    const {plan, report} = await loadStudy(study);
    const candidates = plan.steps.flatMap((s) => s.candidates);
    expect(candidates.length).toBeGreaterThan(0);
    for (const c of candidates) expect(isPlaceholder(c.quantization), c.id).toBe(true);
    const open = report.findings.filter((f) => f.code === "placeholder").map((f) => f.message.split(":")[0]);
    const expected = plan.steps.flatMap((s, si) =>
      s.candidates.map((_, ci) => `steps[${si}].candidates[${ci}].quantization`)
    );
    for (const path of expected) expect(open).toContain(path);
    const [run] = listRunDirs(join(study, "runs"));
    expect(await quantizationFact(study, run, "en")).toBe("not recorded");
    expect(await quantizationFact(study, run, "tr")).toBe("kaydedilmemiş");
  });

  it("keeps a quantization the files give (GLM-5-FP8 by its name)", async () => {
    const study = join(tmp, "glm");
    importResults([{path: join(CORPUS, "inferencex/glm5_fp8_vllm_tp8_isl1024_osl128_conc4.json"), set: {}}], study);
    const {plan} = await loadStudy(study);
    expect(plan.steps.flatMap((s) => s.candidates.map((c) => c.quantization))).toEqual(["fp8"]);
    const [run] = listRunDirs(join(study, "runs"));
    expect(await quantizationFact(study, run, "en")).toBe("fp8");
  });

  it("keeps the seed's quantization as its plan and runs state it", async () => {
    const {rows} = await loadStudy("data/studies/qwen3-32b-a100");
    expect(rows.find((r) => r.run === "quantization--vllm-fp8--sharegpt")?.quantization).toBe("fp8");
    expect(await quantizationFact("data/studies/qwen3-32b-a100", "engine-selection--vllm--sharegpt", "en")).toBe(
      "bf16"
    );
  });
});

describe("a step's coverage where candidates differ only by a quantization one file states and another does not", () => {
  it("names the open one 'not recorded', never the plan's TODO text (EN and TR)", async () => {
    const sources = corpusSources(CORPUS);
    const study = join(tmp, "corpus");
    importResults(sources, study);
    const {report, rows} = await loadStudy(study);
    const coverage: Record<Lang, string> = {en: "", tr: ""};
    for (const page of stepPages(report, rows))
      for (const lang of ["en", "tr"] as const) {
        const fragment = (await stepFragments(page, lang)).coverage;
        coverage[lang] += "html" in fragment ? fragment.html : fragment.text;
      }
    expect(coverage.en).not.toContain("TODO");
    expect(coverage.tr).not.toContain("TODO");
    expect(coverage.en).toContain("quantization not recorded");
    expect(coverage.tr).toContain("nicemleme kaydedilmemiş");
  }, 120_000);
});

describe("the headroom of a candidate whose quantization is not recorded", () => {
  it("is computed at bf16 and said to assume it, in check and on the page, in both languages", async () => {
    const files = join(tmp, "qwen8b-files");
    mkdirSync(files, {recursive: true});
    const file = join(files, "qwen3-8b.json");
    writeFileSync(
      file,
      pyJson(vllmResult({model: "Qwen/Qwen3-8B", numPrompts: 100, inputLen: 512, outputLen: 128, duration: 20}))
    );
    const study = join(tmp, "qwen8b");
    importResults([{path: file, set: {}}], study);
    // A person fills in the GPU, as the plan's TODO asks, and leaves the quantization open.
    const yaml = readFileSync(join(study, "study.yaml"), "utf8").replace(/gpu: "TODO:[^"]*"/, "gpu: h100-sxm");
    writeFileSync(join(study, "study.yaml"), yaml);
    const {plan, rows, report} = await loadStudy(study);
    const [step] = plan.steps;
    const [candidate] = step.candidates;
    expect(isPlaceholder(candidate.quantization)).toBe(true);
    const [row] = rows;
    const bf16 = runHeadroom(
      {
        completed: 100,
        total_input_tokens: 100 * 512,
        total_output_tokens: 100 * 128,
        duration: 20,
        total_token_throughput: (100 * (512 + 128)) / 20
      },
      readModelConfig("qwen3-8b"),
      findGpu(readGpuTable(), "h100-sxm")!,
      {precision: PRECISIONS.bf16}
    );
    expect(row.ceiling_tps).toBe(bf16.ceiling_tps);
    const key = `${step.id}--${candidate.id}`;
    const assumed = report.findings.filter((f) => f.code === "headroom-quantization-assumed");
    expect(assumed.map((f) => f.message)).toEqual([
      `${key}: its quantization is not recorded (quantization in study.yaml), so its ceilings assume bf16`
    ]);
    // The Turkish quality page said it in English.
    expect(assumed.map((f) => findingMessage(f, "tr"))).toEqual([
      `${key}: nicemlemesi kaydedilmemiş (study.yaml'da quantization), bu yüzden tavanları bf16 varsayar`
    ]);
    expect(report.headroom?.assumptions.at(-1)).toEqual({
      en: `The quantization of ${candidate.label} is not recorded: its ceilings assume bf16 weights.`,
      tr: `${candidate.label} için nicemleme kaydedilmemiş: tavanları bf16 ağırlık varsayar.`
    });
  });

  it("assumes nothing for the seed, whose plan and runs state every quantization", async () => {
    const {report} = await loadStudy("data/studies/qwen3-32b-a100");
    expect(report.findings.filter((f) => f.code === "headroom-quantization-assumed")).toEqual([]);
  });
});
