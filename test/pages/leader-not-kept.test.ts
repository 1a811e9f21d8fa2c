// A step whose best is ahead of the best so far but is not kept. (1) Its result is partial: the step page said "the
// step's best, mtp (3300.00 tok/s), does not beat base (1320.00 tok/s)", and the coverage listed a 60 % deficit as a
// decision "closer than 5 %" ("base over mtp by −60.0%"); a write-up's partial speculative-decoding run read so. (2) Its
// lead is within noise (the H200 ladder, a real GPU run): "512 batch tokens over 4096 batch tokens by −17.6% […]".
import "../../src/render/dom.js";
import {mkdtempSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {loadStudy} from "../../loaders/analysis/report.js";
import {coverageParagraph, stepCoverageLines} from "../../src/components/coverageText.js";
import {formatGain} from "../../src/components/intervals.js";
import {verdictText} from "../../src/components/verdict.js";
import {writeResultRun} from "../support/vllm-result.js";

const root = mkdtempSync(join(tmpdir(), "tps-leader-not-kept-"));
afterAll(() => rmSync(root, {recursive: true, force: true}));

/** Two steps of one candidate each; the second's run accounts for 50 of the 100 requests its workload sends. */
function writePartialStudy(): void {
  writeFileSync(
    join(root, "study.yaml"),
    `id: partial
title: A partial leader
model: {name: org/model}
hardware: {gpu: h200-sxm, count: 1}
engines: {vllm: {version: v0.11.0}}
client: {argv: [vllm, bench, serve, --model, "{model}"]}
scenarios: {short: {dataset: random, input_len: 128, output_len: 4, num_prompts: 100}}
steps:
  - id: engine
    scenarios: [short]
    candidates: [{id: base, engine: vllm, server: [vllm, serve, org/model]}]
  - id: spec
    scenarios: [short]
    candidates: [{id: mtp, engine: vllm, server: [vllm, serve, org/model, --speculative-config, mtp]}]
`
  );
  const runs: [string, number, number][] = [
    ["engine--base--short", 100, 10],
    ["spec--mtp--short", 50, 2]
  ];
  for (const [id, completed, duration] of runs)
    writeResultRun(root, id, {model: "org/model", numPrompts: completed, inputLen: 128, outputLen: 4, duration});
}

describe("a step whose best is ahead but partial", () => {
  it("gives the gain and why it is not kept, and lists no close decision, in both languages", async () => {
    writePartialStudy();
    const {report, rows} = await loadStudy(root);
    // 100 × 132 tokens in 10 s against 50 × 132 in 2 s: +150 %, on half of the workload.
    expect(rows.map((r) => [r.run, r.total_token_throughput, r.partial != null])).toEqual([
      ["engine--base--short", 1320, false],
      ["spec--mtp--short", 3300, true]
    ]);
    const step = report.steps[1];
    expect(step.verdict.kind).toBe("no-improvement");
    expect(verdictText(step, report, "en")).toBe(
      "No improvement: the step's best, mtp (3300.00 tok/s), is +150.0% over base from engine (1320.00 tok/s), but its result is partial (some of its workload's requests are in none of its figures), so the best configuration so far stays."
    );
    expect(verdictText(step, report, "tr")).toContain("+150.0%; ancak sonucu kısmi");
    expect(report.coverage.close).toEqual([]);
    expect(coverageParagraph(report.coverage, report, "en")).toContain(
      "No decision was within noise or closer than 5 %."
    );
  });
});

describe("a step whose best leads within noise (the H200 ladder)", () => {
  it("names the leader first, with its gain as the summary gives it, and says the other stayed", async () => {
    const {report} = await loadStudy("data/studies/h200-ladder");
    const [close] = report.coverage.close;
    const summary = report.summary.find((s) => s.step === close.step)!;
    // The same comparison as the summary's: 4096 batch tokens against the best so far, 512.
    expect(close.gap_interval).toEqual(summary.gain_interval);
    expect(formatGain(close.gap_percent, close.gap_interval)).toBe("+21.3% [−75.1, +117.7]");
    expect(coverageParagraph(report.coverage, report, "en")).toContain(
      "Batch-token budget (4096 batch tokens ahead of 512 batch tokens by +21.3% [−75.1, +117.7], and 512 batch tokens stayed)."
    );
    expect(stepCoverageLines(report.coverage, "batching", report, "en")).toEqual([
      "Close decision: 4096 batch tokens ahead of 512 batch tokens by +21.3% [−75.1, +117.7] (within noise), and 512 batch tokens stayed."
    ]);
    expect(stepCoverageLines(report.coverage, "batching", report, "tr")).toEqual([
      "Yakın karar: 4096 batch tokens, 512 batch tokens karşısında +21.3% [−75.1, +117.7] önde (gürültü içinde); 512 batch tokens kaldı."
    ]);
  });
});
