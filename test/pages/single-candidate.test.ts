// A study of one configuration tells no selection story (issue 23 item 11: "Nobody picked this by hand…" on a study
// with one candidate).
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {loadStudy} from "../../loaders/analysis/report.js";
import {homePage} from "../../loaders/pages/home.js";
import {originText} from "../../src/components/headlineSummary.js";
import {pyJson, vllmResult} from "../support/vllm-result.js";

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
    mkdirSync(join(root, "runs", "measure--default--short"), {recursive: true});
    writeFileSync(
      join(root, "runs", "measure--default--short", "result.json"),
      pyJson(vllmResult({model: "org/model", numPrompts: 100, inputLen: 128, outputLen: 4, duration: 10}))
    );
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
