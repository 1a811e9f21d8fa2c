// Issue 28's acceptance, live: a study of 2 candidates and 3 repeats against fixture servers with a prefix cache, once
// with a client that repeats its prompts (the old behaviour: one seed for every repeat) and once with the default (a
// seed per repeat), whose servers also start cold. `check` and the step pages flag the cache carried over in the first,
// the cold repeat 1 in the second; in the second the hit rate does not grow.
import {appendFileSync} from "node:fs";
import {afterAll, beforeAll, describe, expect, it, vi} from "vitest";
import "../../src/render/dom.js";
import {main as check} from "../../loaders/cli/check.js";
import {freePort} from "../../loaders/live/port.js";
import {Progress} from "../../loaders/live/progress.js";
import {runStudy, type RunStudyResult} from "../../loaders/live/runner.js";
import {loadStudy, type StudyData} from "../../loaders/analysis/report.js";
import {loadStudyPlan} from "../../loaders/study/plan.js";
import {stepPages} from "../../loaders/pages/step.js";
import {stepFragments} from "../../src/render/page-fragments.js";
import type {PageFragments} from "../../src/render/fragment.js";
import {FIXTURE_SERVER, STAND_IN_BENCH, removeStudies, writeStudy} from "./live-study.js";

const quiet = {write: () => true} as unknown as NodeJS.WritableStream;
// A miss starts after 20 ms, a prompt served from the cache after 2 ms; 8 tokens 10 (or 15) ms apart.
const CACHED = ["--metrics", "vllm", "--prefix-cache", "2", "--first-token-ms", "20"];
// The first 10 requests a server gets (repeat 1 of both scenarios: 2 × (1 initial test + 4 prompts)) take 8× as long:
// a warm run of 4 requests lasts about 0.1 s, and a loaded machine has stretched one 2.5-fold.
const COLD = ["--cold-requests", "10", "--cold-factor", "8"];

interface Live {
  dir: string;
  result: RunStudyResult;
  data: StudyData;
}

async function liveStudy(scenarios: string[], client: string[], server: string[]): Promise<Live> {
  const all = {
    chat: {input_len: 16, output_len: 8, num_prompts: 4},
    long: {input_len: 32, output_len: 8, num_prompts: 4}
  };
  const dir = writeStudy({
    port: await freePort(),
    client,
    serve: {scrape_interval_s: 0.2},
    scenarios: Object.fromEntries(scenarios.map((s) => [s, all[s as keyof typeof all]])),
    steps: [
      {
        id: "gaps",
        scenarios,
        candidates: [
          {id: "gap10", server: [...FIXTURE_SERVER, ...server, "--token-gap-ms", "10"]},
          {id: "gap15", server: [...FIXTURE_SERVER, ...server, "--token-gap-ms", "15"]}
        ]
      }
    ]
  });
  // One server per candidate for all its rounds: its cache and its cold start carry over from repeat to repeat.
  appendFileSync(`${dir}/study.yaml`, "repeats: 3\nrestart_between_repeats: false\n");
  const result = await runStudy(loadStudyPlan(dir), {progress: new Progress({stream: quiet, live: false})});
  return {dir, result, data: await loadStudy(dir)};
}

/** What `tps-report check STUDY` prints, and its exit code. */
async function checked(dir: string): Promise<{code: number; out: string}> {
  let out = "";
  const spy = vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    out += String(chunk);
    return true;
  });
  try {
    return {code: await check([dir]), out};
  } finally {
    spy.mockRestore();
  }
}

/** The step page's fragments in English and in Turkish, drawn as the build draws them. */
async function pages(live: Live): Promise<Map<string, PageFragments>> {
  const page = [...stepPages(live.data.report, live.data.rows)].find((p) => p.step.id === "gaps")!;
  return new Map([
    ["/steps/gaps", await stepFragments(page, "en")],
    ["/tr/steps/gaps", await stepFragments(page, "tr")]
  ]);
}

const htmlOf = (page: PageFragments | undefined, name: string): string => {
  const fragment = page?.[name];
  return fragment && "html" in fragment ? fragment.html : "";
};

/** A point's prefix-cache hit rate by repeat. */
const hitRates = (live: Live, point: string): (number | null)[] =>
  [point, `${point}--r2`, `${point}--r3`].map(
    (id) => live.data.rows.find((r) => r.run === id)!.prefix_cache_hit_rate as number | null
  );

let repeated: Live;
let fresh: Live;

beforeAll(async () => {
  // The old behaviour: every repeat sends the prompts it sent before.
  repeated = await liveStudy(["chat"], [...STAND_IN_BENCH, "--stand-in-fixed-prompts"], CACHED);
  fresh = await liveStudy(["chat", "long"], STAND_IN_BENCH, [...CACHED, ...COLD]);
}, 240_000);
afterAll(() => removeStudies());

describe("repeats against a server with a prefix cache, live", () => {
  it("every run is recorded ok", () => {
    expect(repeated.result.runs.map((r) => r.status)).toEqual(Array(6).fill("ok"));
    expect(fresh.result.runs.map((r) => r.status)).toEqual(Array(12).fill("ok"));
  });

  it("the same prompts every repeat: repeats 2 and 3 come from the cache (all their prompt tokens hit)", () => {
    for (const point of ["gaps--gap10--chat", "gaps--gap15--chat"]) {
      const [first, second, third] = hitRates(repeated, point);
      expect(first).toBe(0);
      expect([second, third]).toEqual([1, 1]);
    }
  });

  it("check flags the growing hit rate at both points", async () => {
    const {code, out} = await checked(repeated.dir);
    expect(code).toBe(0);
    const flagged = out.split("\n").filter((line) => line.includes("[prefix-cache-warming]"));
    expect(flagged).toEqual(
      ["gaps--gap10--chat", "gaps--gap15--chat"].map(
        (point) =>
          `  warning ${point}: the prefix-cache hit rate grows across the repeats (0 → 1 → 1): repeats after the first were served from the cache, so they measure the cache rather than the configuration; give each repeat its own prompts (live mode sends seed + k − 1; at level i of a load ladder of L levels, counted from 0, seed + (k − 1) × L + i) [prefix-cache-warming]`
      )
    );
  });

  it("the step page says so, in English and in Turkish", async () => {
    const drawn = await pages(repeated);
    const en = htmlOf(drawn.get("/steps/gaps"), "repeat-flags");
    expect(en).toContain("The repeats are not independent");
    expect(en.match(/the prefix-cache hit rate grows across the repeats \(0 → 1 → 1\)/g)).toHaveLength(2);
    // The step's telemetry table: the hit rate by point, the mean over its repeats ((0 + 1 + 1) / 3).
    const telemetry = htmlOf(drawn.get("/steps/gaps"), "telemetry-table");
    expect(telemetry).toContain(">Prefix-cache hits</th>");
    expect(telemetry.match(/66\.7%/g)).toHaveLength(2);
    expect(htmlOf(drawn.get("/tr/steps/gaps"), "telemetry-table")).toContain(">Önek önbelleği isabeti</th>");
    const tr = htmlOf(drawn.get("/tr/steps/gaps"), "repeat-flags");
    expect(tr.match(/önek önbelleğinin isabet oranı tekrarlar boyunca artıyor \(0 → 1 → 1\)/g)).toHaveLength(2);
  });

  it("with the default, a seed per repeat: the hit rate does not grow and nothing flags the cache", () => {
    for (const point of ["gaps--gap10--chat", "gaps--gap15--chat", "gaps--gap10--long", "gaps--gap15--long"])
      expect(hitRates(fresh, point), point).toEqual([0, 0, 0]);
    expect(fresh.data.report.findings.filter((f) => f.code === "prefix-cache-warming")).toEqual([]);
  });

  it("a cold server: check names repeat 1 and the size of its effect", async () => {
    const {code, out} = await checked(fresh.dir);
    expect(code).toBe(0);
    const line = out.split("\n").find((l) => l.includes("repeat 1 is the slowest repeat"));
    // 8× the first-token delay and the token gaps: about an eighth of the warm throughput, some 85 % below it (at 4×
    // the runs measured 63.8 % and 71.1 %).
    const match =
      /repeat 1 is the slowest repeat at ([34]) of 4 points: its total_token_throughput is (\d+\.\d) % below the mean of the other repeats/.exec(
        line ?? ""
      );
    expect(match, out).not.toBeNull();
    expect(Number(match![2])).toBeGreaterThan(50);
    expect(out).not.toContain("prefix-cache hit rate grows");
  });

  it("the step page shows the cold repeat, in English and in Turkish", async () => {
    const drawn = await pages(fresh);
    expect(htmlOf(drawn.get("/steps/gaps"), "repeat-flags")).toMatch(
      /repeat 1 is the slowest repeat at [34] of 4 points: its total_token_throughput is \d+\.\d % below the mean of the other repeats.*A cold first repeat widens every interval/
    );
    expect(htmlOf(drawn.get("/tr/steps/gaps"), "repeat-flags")).toMatch(
      /tekrar 1, 4 noktadan [34] tanesinde en yavaş tekrar: total_token_throughput değeri diğer tekrarların ortalamasının %\d+\.\d altında.*Soğuk bir ilk tekrar/
    );
  });
});
