// A study whose archive lacks a whole step (or every run) is still reported: those runs are missing, not a crash.
import {cpSync, mkdtempSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {loadStudy} from "../../loaders/analysis/report.js";

const SEED = "data/studies/qwen3-32b-a100";
let root: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "tps-partial-"));
});

afterAll(() => rmSync(root, {recursive: true, force: true}));

/** The seed study with only the run folders `keep` accepts. */
function seedWith(name: string, keep: (run: string) => boolean): string {
  const dir = join(root, name);
  cpSync(SEED, dir, {recursive: true, filter: (src) => !src.includes("/runs/") || keep(src.split("/runs/")[1])});
  return dir;
}

describe("partial archives", () => {
  it("a step with no run folder: its candidates stand as 'no run in the archive', each run reported missing", async () => {
    const dir = seedWith("no-max-num-tokens", (run) => !run.startsWith("max-num-tokens--"));
    const {report} = await loadStudy(dir);
    const step = report.steps.find((s) => s.id === "max-num-tokens")!;
    expect(step.standings.sharegpt.map((s) => [s.candidate, s.status, s.error])).toEqual([
      ["trtllm-16384", "failed", "no run in the archive"],
      ["trtllm-32768", "failed", "no run in the archive"]
    ]);
    expect(step.verdict.kind).toBe("all-failed");
    expect(report.findings.filter((f) => f.code === "run-missing").map((f) => f.run)).toEqual([
      "max-num-tokens--trtllm-16384--sharegpt",
      "max-num-tokens--trtllm-32768--sharegpt"
    ]);
    // The other steps are ranked as in the full archive.
    expect(report.steps[0].standings.sharegpt.map((s) => s.candidate)).toEqual(["trtllm", "vllm", "sglang"]);
  });

  it("no run at all: every run missing, the baseline has no value", async () => {
    const dir = seedWith("empty", () => false);
    const {report, rows} = await loadStudy(dir);
    expect(rows).toEqual([]);
    expect(report.findings.filter((f) => f.code === "run-missing")).toHaveLength(17);
    expect(report.findings.some((f) => f.code === "baseline-missing")).toBe(true);
    expect(
      report.steps.every((s) => Object.values(s.standings).every((list) => list.every((x) => x.value === null)))
    ).toBe(true);
  });

  it("only failed runs, none with a result block: ranked with no value, not a crash", async () => {
    const dir = seedWith("only-failed", (run) => /^quantization--trtllm-(awq|fp8)--/.test(run));
    const {report, rows} = await loadStudy(dir);
    expect(rows.map((r) => [r.run, r.status])).toEqual([
      ["quantization--trtllm-awq--sharegpt", "failed"],
      ["quantization--trtllm-fp8--sharegpt", "failed"]
    ]);
    const step = report.steps.find((s) => s.id === "quantization")!;
    expect(step.standings.sharegpt.every((s) => s.value === null)).toBe(true);
    expect(step.verdict.kind).toBe("all-failed");
  });
});
