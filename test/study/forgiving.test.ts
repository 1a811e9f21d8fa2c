// Authoring that forgives: English-only text, run folders holding only the tool's output, run.json files that leave
// out what the plan says, recorded commands with output flags, and every problem reported in one pass.
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterEach, describe, expect, it} from "vitest";
import {loadStudy} from "../../loaders/study/report.js";
import {vllmResult} from "../support/vllm-result.js";

const PLAN = `id: mns-sweep
title: max-num-seqs sweep
model: {name: Qwen/Qwen3-8B}
hardware: {gpu: h100-sxm5-80gb, name: NVIDIA H100 SXM 80GB}
engines:
  vllm: {version: v0.11.0}
client:
  argv: [vllm, bench, serve, --model, "{model}"]
scenarios:
  r2000-100: {dataset: random, input_len: 2000, output_len: 100, num_prompts: 100}
  r4000-200: {dataset: random, input_len: 4000, output_len: 200, num_prompts: 100}
steps:
  - id: max-num-seqs
    title: Max sequences per batch
    scenarios: [r2000-100, r4000-200]
    decision: geometric-mean
    candidates:
      - {id: mns64, engine: vllm, server: [vllm, serve, Qwen/Qwen3-8B, --max-num-seqs, "64"]}
      - {id: mns128, engine: vllm, server: [vllm, serve, Qwen/Qwen3-8B, --max-num-seqs, "128"]}
      - {id: mns256, engine: vllm, server: [vllm, serve, Qwen/Qwen3-8B, --max-num-seqs, "256"]}
`;

/** Durations chosen so that mns256 wins the first scenario but mns128 wins the second by more. */
const DURATION: Record<string, Record<string, number>> = {
  mns64: {"r2000-100": 10, "r4000-200": 20},
  mns128: {"r2000-100": 9.5, "r4000-200": 14},
  mns256: {"r2000-100": 9, "r4000-200": 19}
};
const LENGTHS: Record<string, [number, number]> = {"r2000-100": [2000, 100], "r4000-200": [4000, 200]};

let dir: string;
afterEach(() => rmSync(dir, {recursive: true, force: true}));

export function writeSweepStudy(root: string, plan = PLAN): void {
  mkdirSync(join(root, "runs"), {recursive: true});
  writeFileSync(join(root, "study.yaml"), plan);
  for (const [candidate, byScenario] of Object.entries(DURATION))
    for (const [scenario, duration] of Object.entries(byScenario)) {
      const run = join(root, "runs", `max-num-seqs--${candidate}--${scenario}`);
      mkdirSync(run);
      const [inputLen, outputLen] = LENGTHS[scenario];
      const result = vllmResult({model: "Qwen/Qwen3-8B", numPrompts: 100, inputLen, outputLen, duration});
      writeFileSync(join(run, "result.json"), JSON.stringify(result));
    }
}

describe("a study written by hand, the short way", () => {
  it("run folders holding only result.json are valid runs; check finds no problem", async () => {
    dir = mkdtempSync(join(tmpdir(), "tps-forgive-"));
    writeSweepStudy(dir);
    const {runs, report} = await loadStudy(dir);
    expect(runs).toHaveLength(6);
    expect(runs.every((r) => r.meta.status === "ok" && r.block != null)).toBe(true);
    expect(runs[0].meta).toMatchObject({study: "mns-sweep", engine: "vllm", engine_version: "v0.11.0", gpu_count: 1});
    expect(report.findings.map((f) => f.code)).toEqual([]);
  });

  it("a run.json with only what the plan cannot know, and the real command with --save-result, are accepted", async () => {
    dir = mkdtempSync(join(tmpdir(), "tps-forgive-"));
    writeSweepStudy(dir);
    const run = join(dir, "runs", "max-num-seqs--mns64--r2000-100");
    writeFileSync(
      join(run, "run.json"),
      JSON.stringify({
        started_at: "2026-01-01T12:00:00Z",
        bench_argv: [
          "vllm",
          "bench",
          "serve",
          "--model=Qwen/Qwen3-8B",
          "--dataset_name",
          "random",
          "--num-prompts",
          "100",
          "--random-input-len",
          "2000",
          "--random-output-len",
          "100",
          "--save-result",
          "--result-dir",
          "out",
          "--port",
          "8001"
        ]
      })
    );
    const failed = join(dir, "runs", "max-num-seqs--mns256--r4000-200--r2");
    mkdirSync(failed);
    writeFileSync(join(failed, "run.json"), JSON.stringify({status: "failed", error: "CUDA out of memory"}));
    const {report} = await loadStudy(dir);
    expect(report.findings.map((f) => f.code)).toEqual([]);
  });

  it("reports every run.json problem in one pass, each with its file and line", async () => {
    dir = mkdtempSync(join(tmpdir(), "tps-forgive-"));
    writeSweepStudy(dir);
    const file = join(dir, "runs", "max-num-seqs--mns64--r2000-100", "run.json");
    writeFileSync(file, '{\n  "status": "done",\n  "gpu_count": "one",\n  "repeat": 0\n}\n');
    mkdirSync(join(dir, "runs", "max-num-seqs--mns64--empty"));
    const {report} = await loadStudy(dir, "/");
    const meta = report.findings.filter((f) => f.code === "run-meta-invalid");
    expect(meta.map((f) => [f.file, f.line, f.message.split(":")[0]])).toEqual([
      [
        join(dir, "runs", "max-num-seqs--mns64--empty").slice(1),
        1,
        "run folder has neither run.json nor a result file (bench.log, result.json)"
      ],
      [file.slice(1), 2, "status"],
      [file.slice(1), 3, "gpu_count"],
      [file.slice(1), 4, "repeat"]
    ]);
  });
});
