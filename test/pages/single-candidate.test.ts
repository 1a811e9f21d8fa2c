// A study of one configuration tells no selection story (issue 23 item 11: "Nobody picked this by hand…" on a study
// with one candidate).
import {mkdtempSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {loadStudy} from "../../loaders/analysis/report.js";
import {importResults} from "../../loaders/import/index.js";
import {homePage} from "../../loaders/pages/home.js";
import {setupPage} from "../../loaders/pages/setup.js";
import {originText} from "../../src/components/headlineSummary.js";
import {repeatsNote} from "../../src/components/intervals.js";
import {howItRan} from "../../src/components/setupTables.js";
import {decisionText, rankingLines, stepIntroText, verdictText} from "../../src/components/verdict.js";
import {writeResultRun} from "../support/vllm-result.js";

const root = mkdtempSync(join(tmpdir(), "tps-single-"));
afterAll(() => rmSync(root, {recursive: true, force: true}));

describe("a study of one candidate", () => {
  it("says it measured one configuration, in both languages", async () => {
    writeFileSync(
      join(root, "study.yaml"),
      `id: single
title: One configuration
model: {name: org/model}
hardware: {gpu: h200-sxm, count: 1}
engines: {vllm: {version: v0.11.0}}
client: {argv: [vllm, bench, serve, --model, "{model}"]}
scenarios: {short: {dataset: random, input_len: 128, output_len: 4, num_prompts: 100}}
steps:
  - id: measure
    scenarios: [short]
    candidates: [{id: default, engine: vllm, server: [vllm, serve, org/model]}]
`
    );
    writeResultRun(root, "measure--default--short", {
      model: "org/model",
      numPrompts: 100,
      inputLen: 128,
      outputLen: 4,
      duration: 10
    });
    const {report, rows} = await loadStudy(root);
    const home = homePage(report, rows);
    expect(home.origin.single_candidate).toBe(true);
    expect(originText(home, "en")).toBe(
      "The study measured one configuration on each of its scenarios: there was nothing to choose between, so no step picked it."
    );
    expect(originText(home, "tr")).toBe(
      "Çalışma her senaryosunda tek bir yapılandırma ölçtü: aralarından seçim yapılacak bir şey yoktu, bu yüzden onu hiçbir adım seçmedi."
    );
  });
});

describe("a step of one candidate", () => {
  it("ranks nothing and tells no contest: one sentence says it measured one configuration (EN and TR)", async () => {
    const {report} = await loadStudy(root);
    const step = report.steps[0];
    expect(rankingLines(step, report, "en")).toEqual([]);
    expect(stepIntroText(step, "en")).toBe(
      "One configuration ran this step's benchmark: there is nothing to rank or to choose between."
    );
    expect(stepIntroText(step, "tr")).toBe(
      "Bu adımın benchmark'ını tek bir yapılandırma çalıştırdı: sıralanacak ya da aralarından seçilecek bir şey yok."
    );
    expect(verdictText(step, report, "en")).toBe(
      "default measured 1320.00 tok/s; there was nothing to compare it with."
    );
    expect(verdictText(step, report, "tr")).toBe("default 1320.00 tok/s ölçtü; karşılaştırılacak başka bir şey yoktu.");
    expect(decisionText(step, report, "en")).toBe("");
  });
});

describe("a step of several candidates", () => {
  it("keeps its ranking and its sentence (the seed's engine step)", async () => {
    const {report} = await loadStudy("data/studies/qwen3-32b-a100");
    const step = report.steps.find((s) => s.id === "engine-selection")!;
    expect(rankingLines(step, report, "en")).toEqual([
      {scenario: "sharegpt", text: "TensorRT-LLM (2054.21 tok/s) > vLLM (1730.98 tok/s) > SGLang (1398.38 tok/s)"}
    ]);
    expect(stepIntroText(step, "en")).toBe(
      "Every candidate below ran the same benchmark. They are ranked by the study's objective; the step's best has to beat the best configuration found so far to be kept."
    );
  });
});

describe("the repeats note of an imported study of one candidate run twice", () => {
  it("states the means and intervals, and no rule for keeping a candidate (EN and TR)", async () => {
    const sweep =
      "test/fixtures/import-corpus/vllm-sweep/vllm_sweep_v0.25.1/SERVE--max_num_seqs=4-BENCH--max_concurrency=2-num_prompts=8";
    const dir = join(root, "imported");
    importResults(
      ["run=0.json", "run=1.json"].map((f) => ({path: join(sweep, f), set: {}})),
      dir
    );
    const {report, rows, plan} = await loadStudy(dir);
    expect(report.study.repeats).toEqual({min: 2, max: 2});
    const setup = setupPage(report, rows, plan);
    expect(howItRan(setup, "en")).toContain("Intervals: 95% Student-t.");
    expect(howItRan(setup, "tr")).toContain("Aralıklar: %95 Student-t.");
    expect(repeatsNote(report.study, "en")).toBe(
      "Each figure is the mean of 2 repeats; intervals are 95% Student-t intervals (one that would reach below zero is taken on the log scale instead: mean × exp(±t·se/mean))."
    );
    expect(repeatsNote(report.study, "tr")).toBe(
      "Her değer 2 tekrarın ortalamasıdır; aralıklar %95 Student-t aralıklarıdır (sıfırın altına inecek olan bir aralık log ölçeğinde alınır: ortalama × exp(±t·se/ortalama))."
    );
  });

  it("run once, speaks of single measurements, not of gains (EN and TR)", async () => {
    const {report} = await loadStudy(root);
    expect(repeatsNote(report.study, "en")).toBe(
      "Each point ran once: no interval can be computed, so each figure is a single measurement and noise cannot be ruled out."
    );
    expect(repeatsNote(report.study, "tr")).toBe(
      "Her nokta bir kez koşuldu: güven aralığı hesaplanamaz, bu yüzden her değer tek bir ölçümdür ve gürültü dışlanamaz."
    );
  });
});
