// A 2-level × 2-repeat load ladder run live on one fixture server with a prefix cache (keyed on the prompt's text) and
// the stand-in bench, which draws its prompts from --seed: every (level, repeat) sends prompts of its own, so no run
// is served from the cache and check flags nothing. With seed + k − 1 alone, level c2 re-sent level c1's prompts.
import {appendFileSync} from "node:fs";
import {afterAll, beforeAll, describe, expect, it, vi} from "vitest";
import {main as check} from "../../loaders/cli/check.js";
import {freePort} from "../../loaders/live/port.js";
import {Progress} from "../../loaders/live/progress.js";
import {runStudy, type RunStudyResult} from "../../loaders/live/runner.js";
import {loadStudy, type StudyData} from "../../loaders/analysis/report.js";
import {loadStudyPlan} from "../../loaders/study/plan.js";
import {setupPage} from "../../loaders/pages/setup.js";
import {howItRan} from "../../src/components/setupTables.js";
import {repeatsNote} from "../../src/components/intervals.js";
import {FIXTURE_SERVER, readRunJson, removeStudies, writeStudy} from "./live-study.js";

const quiet = {write: () => true} as unknown as NodeJS.WritableStream;
// A miss starts after 20 ms, a prompt served from the cache after 2 ms.
const CACHED = ["--metrics", "vllm", "--prefix-cache", "2", "--first-token-ms", "20", "--token-gap-ms", "10"];
const RUNS = [
  "load--fixture--chat--c1",
  "load--fixture--chat--c2",
  "load--fixture--chat--c1--r2",
  "load--fixture--chat--c2--r2"
];

let dir: string;
let result: RunStudyResult;
let data: StudyData;

beforeAll(async () => {
  dir = writeStudy({
    port: await freePort(),
    scenarios: {
      chat: {input_len: 16, output_len: 8, num_prompts: 4, loads: {concurrency: [1, 2]}} as {
        input_len: number;
        output_len: number;
        num_prompts: number;
      }
    },
    serve: {scrape_interval_s: 0.2},
    steps: [{id: "load", scenarios: ["chat"], candidates: [{id: "fixture", server: [...FIXTURE_SERVER, ...CACHED]}]}]
  });
  // One server for both rounds: whatever a run sends stays in its cache for every later run.
  appendFileSync(`${dir}/study.yaml`, "repeats: 2\nrestart_between_repeats: false\n");
  result = await runStudy(loadStudyPlan(dir), {progress: new Progress({stream: quiet, live: false})});
  data = await loadStudy(dir);
}, 120_000);
afterAll(() => removeStudies());

/** What `tps-report check STUDY` prints, and its exit code. */
async function checked(study: string): Promise<{code: number; out: string}> {
  let out = "";
  const spy = vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    out += String(chunk);
    return true;
  });
  try {
    return {code: await check([study]), out};
  } finally {
    spy.mockRestore();
  }
}

describe("a load ladder's repeats against a server with a prefix cache, live", () => {
  it("runs in rounds, every run ok", () => {
    expect(result.runs.map((r) => [r.id, r.status])).toEqual(RUNS.map((id) => [id, "ok"]));
  });

  it("each (level, repeat) sends its own seed, recorded with the rule: the plan's 1, then 2, 3, 4", () => {
    expect(RUNS.map((id) => readRunJson(dir, id).origin.dataset_seed)).toEqual([1, 2, 3, 4]);
    expect(RUNS.map((id) => readRunJson(dir, id).origin.seed_rule)).toEqual(Array(4).fill("level-repeat"));
  });

  it("no run is served from the cache: every hit rate is 0", () => {
    expect(RUNS.map((id) => data.rows.find((r) => r.run === id)!.prefix_cache_hit_rate)).toEqual([0, 0, 0, 0]);
  });

  it("check flags no cache and holds the runs to the seeds they were given", async () => {
    const {code, out} = await checked(dir);
    expect(code).toBe(0);
    expect(out).not.toContain("[prefix-cache-warming]");
    expect(out).not.toContain("[bench-argv-differs]");
    expect(out).toContain("0 errors");
  });

  it("/setup states the ladder's seed rule and the seeds sent, in English and in Turkish", () => {
    const page = setupPage(data.report, data.rows, data.plan);
    expect(howItRan(page, "en")).toContain(
      "Dataset seeds: each scenario's seed at its first load level in repeat 1; at level i (from 0) of a ladder of L levels, seed + (k − 1) × L + i in repeat k, so no two runs of a ladder send the same prompts (the runs sent 1, 2, 3, 4)."
    );
    expect(howItRan(page, "tr")).toContain(
      "Veri kümesi tohumları: 1. tekrarda ilk yük seviyesinde senaryonun tohumu; L seviyeli bir merdivenin 0'dan sayılan i. seviyesinde, k. tekrarda tohum + (k − 1) × L + i, böylece bir merdivenin hiçbir iki koşusu aynı istemleri göndermez (koşular 1, 2, 3, 4 gönderdi)."
    );
  });

  it("the step pages' repeats note says each (level, repeat) sent its own prompts; not on a ladder given seed + k − 1", async () => {
    expect(repeatsNote(data.report.study, "en")).toContain(
      " Each run sent its own prompts: repeat k at level i (from 0) of a load ladder of L levels sent seed + (k − 1) × L + i."
    );
    expect(repeatsNote(data.report.study, "tr")).toContain(
      " Her koşu kendi istemlerini gönderdi: L seviyeli bir yük merdiveninin 0'dan sayılan i. seviyesinde k. tekrar tohum + (k − 1) × L + i gönderdi."
    );
    const archived = await loadStudy("data/studies/h200-ladder");
    expect(repeatsNote(archived.report.study, "en")).not.toContain("Each run sent its own prompts");
  });
});
