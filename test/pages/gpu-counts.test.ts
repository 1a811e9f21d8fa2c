// Candidates on different numbers of GPUs (six write-ups: tensor-parallel 4 against 8, one NPU against two): the step
// page ranked whole servers and never said so. Qwen3-235B on A100's "Optimized" (4 GPUs) read "leads in no scenario"
// beside "Baseline" (8 GPUs), though per GPU it leads in all four.
import "../../src/render/dom.js";
import {mkdtempSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {loadStudy, type StudyData} from "../../loaders/analysis/report.js";
import {stepPages} from "../../loaders/pages/step.js";
import {stepFragments} from "../../src/render/page-fragments.js";
import {writeResultRun} from "../support/vllm-result.js";

const root = mkdtempSync(join(tmpdir(), "tps-gpu-counts-"));
let study: StudyData;

beforeAll(async () => {
  writeFileSync(
    join(root, "study.yaml"),
    `id: gpus
title: Two tensor-parallel sizes
model: {name: org/model}
hardware: {gpu: h200-sxm, count: 8}
engines: {vllm: {version: v0.11.0}}
client: {argv: [vllm, bench, serve, --model, "{model}"]}
scenarios: {short: {name: Short, dataset: random, input_len: 128, output_len: 4, num_prompts: 100}}
steps:
  - id: parallelism
    scenarios: [short]
    candidates:
      - {id: tp8, label: TP8, engine: vllm, server: [vllm, serve, org/model, -tp, "8"]}
      - {id: tp4, label: TP4, engine: vllm, server: [vllm, serve, org/model, -tp, "4"]}
`
  );
  // 100 requests × 132 tokens: in 10 s on 8 GPUs (1320 tok/s, 165 per GPU), in 12.5 s on 4 (1056 tok/s, 264 per GPU).
  const runs: [string, number][] = [
    ["parallelism--tp8--short", 10],
    ["parallelism--tp4--short", 12.5]
  ];
  for (const [id, duration] of runs)
    writeResultRun(root, id, {model: "org/model", numPrompts: 100, inputLen: 128, outputLen: 4, duration});
  study = await loadStudy(root);
});
afterAll(() => rmSync(root, {recursive: true, force: true}));

describe("a step whose candidates ran on different numbers of GPUs", () => {
  it("says so beside its verdict, with each candidate's throughput per GPU, in both languages", async () => {
    const [page] = [...stepPages(study.report, study.rows)];
    const en = (await stepFragments(page, "en")).verdict;
    expect(en).toEqual({
      text: "No improvement: TP8 (1320.00 tok/s), the best configuration so far, is also this step's best; no candidate beats it. The candidates ran on different numbers of GPUs (TP8 on 8, TP4 on 4), and the step compares whole servers. Per GPU (Total Token throughput (tok/s) ÷ GPUs), Short: TP4 264.00 > TP8 165.00."
    });
    const tr = (await stepFragments(page, "tr")).verdict;
    expect(tr).toMatchObject({
      text: expect.stringContaining(
        "GPU başına (Toplam token işlem hacmi (tok/s) ÷ GPU), Short: TP4 264.00 > TP8 165.00."
      )
    });
  });

  it("says nothing of GPUs where every candidate ran on as many (the seed)", async () => {
    const seed = await loadStudy("data/studies/qwen3-32b-a100");
    for (const page of stepPages(seed.report, seed.rows)) {
      const verdict = (await stepFragments(page, "en")).verdict;
      expect(JSON.stringify(verdict)).not.toContain("GPU");
    }
  });
});
