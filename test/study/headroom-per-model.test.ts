// Each candidate's runs are set against the ceiling of the model that candidate serves, not the study's model.
import {cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {parse, stringify} from "yaml";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {findGpu, readGpuTable} from "../../loaders/headroom/gpus.js";
import {readModelConfig} from "../../loaders/headroom/model-config.js";
import {runHeadroom} from "../../loaders/headroom/run-headroom.js";
import {loadStudy, type StudyData} from "../../loaders/analysis/report.js";

const SEED = "data/studies/qwen3-32b-a100";
let dir: string;
let data: StudyData;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "tps-two-models-"));
  cpSync(SEED, dir, {recursive: true});
  const plan = parse(readFileSync(join(dir, "study.yaml"), "utf8"));
  const other = plan.steps.find((s: {id: string}) => s.id === "other-scenarios");
  for (const candidate of other.candidates) {
    // baseline: a model found by name under data/models/; recommended: a model with no config anywhere.
    candidate.model = candidate.id === "baseline" ? "Qwen/Qwen3-8B" : "Qwen/Qwen3-0.6B";
  }
  writeFileSync(join(dir, "study.yaml"), stringify(plan));
  data = await loadStudy(dir);
});

afterAll(() => rmSync(dir, {recursive: true, force: true}));

const a100 = () => findGpu(readGpuTable(), "A100-SXM4-80GB")!;

function expected(run: string, model: string): number {
  const row = data.rows.find((r) => r.run === run)!;
  return runHeadroom(
    {
      completed: row.completed as number,
      total_input_tokens: row.total_input_tokens as number,
      total_output_tokens: row.total_output_tokens as number,
      duration: row.duration as number,
      total_token_throughput: row.total_token_throughput as number,
      quantization: row.quantization
    },
    readModelConfig(model),
    a100()
  ).ceiling_tps;
}

describe("headroom per candidate model", () => {
  it("sets each run against its own model's ceiling", () => {
    const byRun = new Map(data.rows.map((r) => [r.run, r]));
    expect(byRun.get("other-scenarios--baseline--short")!.ceiling_tps).toBe(
      expected("other-scenarios--baseline--short", "qwen3-8b")
    );
    expect(byRun.get("engine-selection--vllm--sharegpt")!.ceiling_tps).toBe(
      expected("engine-selection--vllm--sharegpt", "qwen3-32b")
    );
    // The FP8 checkpoint is the 32B model's config.
    expect(byRun.get("quantization--vllm-fp8--sharegpt")!.ceiling_tps).toBe(
      expected("quantization--vllm-fp8--sharegpt", "qwen3-32b")
    );
    expect(expected("other-scenarios--baseline--short", "qwen3-8b")).toBeGreaterThan(
      expected("other-scenarios--baseline--short", "qwen3-32b")
    );
  });

  it("gives no ceiling to a model without a config, and says why", () => {
    const rows = data.rows.filter((r) => r.candidate === "recommended");
    expect(rows).toHaveLength(4);
    for (const row of rows) expect([row.ceiling_tps, row.ceiling_ratio]).toEqual([null, null]);
    const why = data.report.findings.filter((f) => f.code === "headroom-unavailable");
    expect(why).toHaveLength(1);
    expect(why[0].message).toContain("Qwen/Qwen3-0.6B");
    expect(why[0].message).toContain("other-scenarios--recommended");
    expect(why[0].message).toMatch(/data\/models\/|config:/);
  });
});
