// Authoring that forgives: English-only text, run folders holding only the tool's output, run.json files that leave
// out what the plan says, recorded commands with output flags, and every problem reported in one pass.
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterEach, describe, expect, it} from "vitest";
import {loadStudy} from "../../loaders/analysis/report.js";
import {runDetail} from "../../loaders/runs/run-detail.js";
import {writeSweepStudy} from "../support/sweep-study.js";

let dir: string;
afterEach(() => rmSync(dir, {recursive: true, force: true}));

describe("a study written by hand, the short way", () => {
  it("run folders holding only result.json are valid runs; check finds no problem", async () => {
    dir = mkdtempSync(join(tmpdir(), "tps-forgive-"));
    writeSweepStudy(dir);
    const {runs, report} = await loadStudy(dir);
    expect(runs).toHaveLength(6);
    expect(runs.every((r) => r.meta.status === "ok" && r.block != null)).toBe(true);
    expect(runs[0].meta).toMatchObject({study: "mns-sweep", engine: "vllm", engine_version: "v0.11.0", gpu_count: 1});
    expect(report.findings.map((f) => f.code)).toEqual([]);
    // A run page reads the run alone, with the plan filling in what the folder leaves out.
    const detail = await runDetail(dir, "max-num-seqs--mns128--r4000-200");
    expect(detail.row).toMatchObject({candidate: "mns128", engine: "vllm", total_token_throughput: 30000});
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
