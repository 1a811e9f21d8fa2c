// The seed study's own plan run end to end: every step, candidate and scenario against the loopback fixture server,
// driven by the native client, then the report built from those fresh runs. Prompt counts and lengths are scaled
// down so CI stays quick; the steps, candidates, commands' shape and the two failed candidates are the seed's.
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {parse, stringify} from "yaml";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {freePort} from "../../loaders/live/port.js";
import {loadStudy, type StudyData} from "../../loaders/analysis/report.js";
import {buildSite} from "../site/build.js";
import {
  FIXTURE_SERVER,
  LIVE_FIXTURE_TIMING,
  LIVE_OUTPUT_LEN,
  NODE,
  runCli,
  runsFolder,
  stillAlive,
  tps,
  type Finished
} from "./live-study.js";

const SEED = "data/studies/qwen3-32b-a100";
const seedRun = (id: string) => JSON.parse(readFileSync(join(SEED, "runs", id, "run.json"), "utf8"));

let dir: string;
let done: Finished;
let data: StudyData;
const prompts: Record<string, number> = {};

/** A server that fails to load its model with the error the archive recorded for that candidate. */
function failingServer(error: string): string[] {
  return [NODE, "-e", `console.error(${JSON.stringify(error)}); process.exit(1)`, "--", "{port}"];
}

/** A small ShareGPT-format file: conversations whose turns pass vLLM's length filters. */
function shareGpt(count: number): object[] {
  const words = "the engine batches requests so that every decode step streams the weights once".split(" ");
  const sentence = (n: number, offset: number) =>
    Array.from({length: n}, (_, i) => words[(i + offset) % words.length]).join(" ");
  return Array.from({length: count}, (_, i) => ({
    id: `c${i}`,
    conversations: [
      {from: "human", value: sentence(12 + (i % 7) * 3, i)},
      {from: "gpt", value: sentence(8 + (i % 5) * 2, i + 3)}
    ]
  }));
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "tps-seed-native-"));
  const plan = parse(readFileSync(join(SEED, "study.yaml"), "utf8"));
  writeFileSync(join(dir, "sharegpt.json"), JSON.stringify(shareGpt(60)));
  for (const scenario of Object.values(plan.scenarios) as Record<string, number | string>[]) {
    if (scenario.dataset === "sharegpt") scenario.dataset_path = join(dir, "sharegpt.json");
    else {
      scenario.input_len = Math.max(16, Math.round((scenario.input_len as number) / 250));
      scenario.output_len = Math.min(scenario.output_len as number, LIVE_OUTPUT_LEN);
    }
    scenario.num_prompts = Math.max(4, Math.round((scenario.num_prompts as number) / 50));
  }
  for (const [id, scenario] of Object.entries(plan.scenarios) as [string, {num_prompts: number}][])
    prompts[id] = scenario.num_prompts;
  for (const step of plan.steps)
    for (const candidate of step.candidates) {
      const archived = seedRun(`${step.id}--${candidate.id}--${step.scenarios[0]}`);
      candidate.server =
        archived.status === "failed"
          ? failingServer(archived.error)
          : [...FIXTURE_SERVER, "--model", candidate.model, ...LIVE_FIXTURE_TIMING];
    }
  plan.serve = {port: await freePort(), ready_timeout_s: 30, stop_grace_s: 2, bench_timeout_s: 120};
  plan.client.kind = "native";
  writeFileSync(join(dir, "study.yaml"), stringify(plan));
  done = await runCli(tps(dir), {timeoutMs: 400_000});
  data = await loadStudy(dir);
}, 420_000);

afterAll(() => rmSync(dir, {recursive: true, force: true}));

describe("the seed plan, run live with the native client", () => {
  it("records all 17 runs, and no process outlives the command", () => {
    expect({code: done.code, stderr: done.code === 0 ? "" : done.stderr}).toEqual({code: 0, stderr: ""});
    expect(runsFolder(dir).filter((name) => !name.startsWith(".") && name !== "sharegpt.json")).toHaveLength(17);
    expect(stillAlive(done.descendants)).toEqual([]);
  });

  it("measures 15 runs and records the two TensorRT-LLM failures with the archive's errors", () => {
    const failed = data.rows.filter((r) => r.status === "failed");
    expect(failed.map((r) => r.candidate).sort()).toEqual(["trtllm-awq", "trtllm-fp8"]);
    for (const row of failed) {
      expect(row.failed_phase).toBe("server-start");
      expect(row.error).toContain(seedRun(row.run).error);
    }
    const measured = data.rows.filter((r) => r.status === "ok");
    expect(measured).toHaveLength(15);
    for (const row of measured) {
      expect(row.completed, row.run).toBe(prompts[row.scenario]);
      expect(row.total_token_throughput as number, row.run).toBeGreaterThan(0);
      expect(row.mean_tpot_ms as number, row.run).toBeGreaterThan(0);
    }
  });

  it("derives the same report structure as the archive: steps, verdicts, headline for every scenario", () => {
    expect(data.report.steps.map((s) => s.id)).toEqual([
      "engine-selection",
      "quantization",
      "max-num-tokens",
      "other-scenarios"
    ]);
    // Every scenario is in the headline, or named by a finding: where the fixture's selection picks another winner
    // than the archive's, the generalization's marked candidate is not the recommendation and is not shown as it.
    const leftOut = data.report.findings
      .filter((f) => f.code === "headline-not-recommended")
      .map((f) => /^scenario (\S+):/.exec(f.message)![1]);
    const shown = data.report.headline.map((h) => h.scenario);
    expect(shown[0]).toBe("sharegpt");
    expect([...shown, ...leftOut].sort()).toEqual(["long", "medium", "sharegpt", "short", "very-long"]);
    for (const scenario of leftOut) expect(shown).not.toContain(scenario);
    expect(data.report.claims).toHaveLength(14);
    // Nothing about the runs themselves is wrong; a loopback fixture is faster than any A100 ceiling, which is the one
    // error validation may raise here.
    const errors = data.report.findings.filter((f) => f.severity === "error" && f.code !== "above-ceiling");
    expect(errors).toEqual([]);
    expect(data.report.findings.filter((f) => /argv-differs|run-missing/.test(f.code))).toEqual([]);
    // The fixture answers the version route with its own name, so the one metadata difference is the engine version.
    const meta = data.report.findings.filter((f) => f.code === "run-meta-mismatch");
    expect(meta).toHaveLength(15);
    for (const f of meta) expect(f.message).toMatch(/^run\.json says engine_version 'fixture' but the plan says 'v/);
  });

  it("builds the site from the fresh runs", async () => {
    const output = join(dir, "dist");
    await buildSite({study: dir, output});
    const home = readFileSync(join(output, "index.html"), "utf8");
    expect(home).toContain("Qwen3-32B");
    const runPage = readFileSync(join(output, "runs", "engine-selection--trtllm--sharegpt.html"), "utf8");
    expect(runPage.length).toBeGreaterThan(0);
  }, 600_000);
});
