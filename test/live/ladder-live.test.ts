// Live mode up a load ladder (issue 22 item 6), against the fixture server whose token gap grows by 20 ms per request
// in flight: a closed loop of c users sees TPOT ≈ 4 + 20·c ms, so with p99 TPOT ≤ 414 ms the known limit is c = 20.5
// (c = 20: 404 ms, c = 21: 424 ms). The stand-in bench keeps c requests in flight (--max-concurrency).
import {appendFileSync} from "node:fs";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {freePort} from "../../loaders/live/port.js";
import {Progress} from "../../loaders/live/progress.js";
import {runStudy, type RunStudyResult} from "../../loaders/live/runner.js";
import {loadStudy} from "../../loaders/analysis/report.js";
import {loadStudyPlan} from "../../loaders/study/plan.js";
import {FIXTURE_SERVER, readRunJson, removeStudies, runsFolder, writeStudy} from "./live-study.js";

const quiet = {write: () => true} as unknown as NodeJS.WritableStream;
const SERVER = [...FIXTURE_SERVER, "--first-token-ms", "50", "--token-gap-ms", "4", "--tpot-per-inflight-ms", "20"];
const LIMIT_MS = 414;

async function ladderStudy(
  levels: number[],
  search?: string
): Promise<{study: string; result: RunStudyResult; order: string[]; notes: string[]}> {
  const study = writeStudy({
    port: await freePort(),
    scenarios: {
      chat: {
        input_len: 8,
        output_len: 6,
        num_prompts: 4,
        loads: {concurrency: levels, prompts_per_load: 1},
        ...(search ? {search: JSON.parse(search)} : {})
      } as {input_len: number; output_len: number; num_prompts: number}
    },
    steps: [{id: "load", scenarios: ["chat"], candidates: [{id: "fixture", server: SERVER}]}]
  });
  appendFileSync(`${study}/study.yaml`, `slo: {tpot_ms: {p99: ${LIMIT_MS}}}\n`);
  const order: string[] = [];
  const progress = new Progress({stream: quiet, live: false});
  const runStart = progress.runStart.bind(progress);
  progress.runStart = (run: string) => (order.push(run), runStart(run));
  const notes: string[] = [];
  progress.note = (text: string) => void notes.push(text);
  const result = await runStudy(loadStudyPlan(study), {progress});
  return {study, result, order, notes};
}

let ladder: Awaited<ReturnType<typeof ladderStudy>>;
let search: Awaited<ReturnType<typeof ladderStudy>>;

beforeAll(async () => {
  ladder = await ladderStudy([1, 2, 4, 8, 16, 32, 64, 128]);
  search = await ladderStudy([1, 2, 4, 8, 16, 32, 64], '{"kind": "goodput", "tolerance": 0.125, "max_probes": 16}');
}, 300_000);
afterAll(() => removeStudies());

describe("a ladder live", () => {
  it("runs in increasing load and stops after two levels that break the SLO; the next is recorded as not run", async () => {
    expect(ladder.order).toEqual([1, 2, 4, 8, 16, 32, 64, 128].map((c) => `load--fixture--chat--c${c}`));
    expect(ladder.result.runs.map((r) => r.status)).toEqual([...Array(7).fill("ok"), "not-run"]);
    const skipped = readRunJson(ladder.study, "load--fixture--chat--c128");
    expect(skipped).toMatchObject({status: "failed", failed_phase: "not-run"});
    expect(skipped.error).toMatch(
      /^not run: the SLO was broken at two consecutive levels \(concurrency 32: p99 TPOT \d+(\.\d)? ms > 414 ms; concurrency 64: p99 TPOT \d+(\.\d)? ms > 414 ms\)$/
    );
    const {rows, report} = await loadStudy(ladder.study);
    const tpot = (c: number) => rows.find((r) => r.run === `load--fixture--chat--c${c}`)!.p99_tpot_ms as number;
    // The model's TPOT (4 + 20·c ms) within timer noise: under the limit up to 16, over it from 32.
    for (const c of [1, 2, 4, 8, 16]) expect(tpot(c)).toBeLessThanOrEqual(LIMIT_MS);
    for (const c of [32, 64]) expect(tpot(c)).toBeGreaterThan(LIMIT_MS);
    expect(tpot(16)).toBeGreaterThan(290);
    expect(tpot(16)).toBeLessThan(350);
    expect(report.findings.filter((f) => f.severity === "error")).toEqual([]);
  });

  it("prints each level's verdict against the SLO as it is decided (issue 46 item 11)", () => {
    // The stand-in bench saves no per-request data: the verdict rests on the run's p99 TPOT (and its completed share).
    expect(ladder.notes.filter((n) => n.includes("SLO") || n.includes(" > 414 ms"))).toHaveLength(7);
    expect(ladder.notes).toContainEqual(
      expect.stringMatching(/^load--fixture--chat--c1: concurrency 1: within the SLO \(p99 TPOT \d+(\.\d)? ms\)$/)
    );
    expect(ladder.notes).toContainEqual(
      expect.stringMatching(/^load--fixture--chat--c32: concurrency 32: p99 TPOT \d+(\.\d)? ms > 414 ms$/)
    );
  });

  it("each level sends its own dataset seed: the plan's 1 at c1, then 1 + level index", () => {
    const levels = [1, 2, 4, 8, 16, 32, 64];
    const seeds = levels.map((c) => readRunJson(ladder.study, `load--fixture--chat--c${c}`).origin.dataset_seed);
    expect(seeds).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});

describe("search: goodput live", () => {
  it("doubles, then bisects, and finds the known limit (20.5) within its tolerance in at most log2(64/1) + log2(1/0.125) = 9 probes", async () => {
    const [outcome] = search.result.searches;
    expect(outcome).toMatchObject({
      curve: "load--fixture--chat",
      limit: 20,
      broken_at: 22,
      probes: [1, 2, 4, 8, 16, 32, 24, 20, 22],
      stop: "within-tolerance"
    });
    expect(outcome.probes.length).toBeLessThanOrEqual(Math.log2(64 / 1) + Math.log2(1 / 0.125));
    expect((outcome.broken_at! - outcome.limit!) / outcome.limit!).toBeLessThanOrEqual(0.125);
    expect(outcome.limit! <= 20.5 && 20.5 <= outcome.broken_at!).toBe(true);
    expect(outcome.reason).toBe(
      "the goodput search found the limit: concurrency 20 meets the SLO, 22 breaks it (tolerance 0.125)"
    );
  });

  it("records the level it did not need as not run, with the stop reason; check accepts the probes", async () => {
    expect(runsFolder(search.study)).toEqual(
      [1, 2, 4, 8, 16, 20, 22, 24, 32, 64].map((c) => `load--fixture--chat--c${c}`).sort()
    );
    expect(readRunJson(search.study, "load--fixture--chat--c64")).toMatchObject({
      status: "failed",
      failed_phase: "not-run",
      error: "not run: the goodput search found the limit: concurrency 20 meets the SLO, 22 breaks it (tolerance 0.125)"
    });
    const {report} = await loadStudy(search.study);
    expect(report.findings.filter((f) => f.code === "run-unplanned" || f.severity === "error")).toEqual([]);
  });
  it("every level and bisection probe sends its own dataset seed, seed + c − c₁ (1 + c − 1), and check holds it to it", async () => {
    const probes = [1, 2, 4, 8, 16, 32, 24, 20, 22];
    const seeds = probes.map((c) => readRunJson(search.study, `load--fixture--chat--c${c}`).origin.dataset_seed);
    expect(seeds).toEqual(probes);
    const {report} = await loadStudy(search.study);
    expect(report.findings.filter((f) => f.code === "bench-argv-differs")).toEqual([]);
  });
});
