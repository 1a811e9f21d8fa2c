// Each (load level, repeat) of a ladder sends its own prompts: a ladder's levels run one after another on one server,
// so with the seed of repeat k alone (seed + k − 1) every level re-sent the prompts of the level before it, and the
// engine's prefix cache served them (issue 28 item 10, seen on the H200 ladder studies).
import {appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {loadStudy} from "../../loaders/analysis/report.js";
import {clientArgv, expectedLiveCommands} from "../../loaders/command/argv.js";
import {liveSettings} from "../../loaders/command/settings.js";
import {selectRuns} from "../../loaders/live/selection.js";
import {loadStudyPlan, plannedRuns, scenarioAtLoad, type StudyPlan} from "../../loaders/study/plan.js";
import {removeStudies, writeStudy} from "../live/live-study.js";

afterAll(() => removeStudies());

const seedOf = (argv: string[]): number | null => {
  const at = argv.lastIndexOf("--seed");
  return at < 0 ? null : Number(argv[at + 1]);
};

function study(scenario: Record<string, unknown>, tail: string): StudyPlan {
  const dir = writeStudy({
    port: 8000,
    scenarios: {chat: {input_len: 16, output_len: 4, num_prompts: 4, ...scenario}},
    steps: [{id: "load", scenarios: ["chat"], candidates: [{id: "fixture", server: ["serve"]}]}]
  });
  appendFileSync(`${dir}/study.yaml`, tail);
  return loadStudyPlan(dir);
}

/** Run id → the seed its benchmark command sends, for every planned run. */
function seeds(plan: StudyPlan): Record<string, number | null> {
  const settings = liveSettings(plan);
  return Object.fromEntries(
    plannedRuns(plan).map((r) => [r.run, seedOf(clientArgv(plan, r.candidate, r.scenario, settings, "d", r.repeat))])
  );
}

describe("dataset seeds on a load ladder", () => {
  const ladder = study({loads: {concurrency: [1, 2, 4], prompts_per_load: 1}}, "repeats: 2\n");

  it("a 3-level × 2-repeat ladder: six distinct seeds, level 1 repeat 1 sends the plan's seed (1)", () => {
    const sent = seeds(ladder);
    // seed + (k − 1) × levels + level index: the rounds run c1, c2, c4, then c1…r2, c2…r2, c4…r2.
    expect(sent).toEqual({
      "load--fixture--chat--c1": 1,
      "load--fixture--chat--c2": 2,
      "load--fixture--chat--c4": 3,
      "load--fixture--chat--c1--r2": 4,
      "load--fixture--chat--c2--r2": 5,
      "load--fixture--chat--c4--r2": 6
    });
    expect(new Set(Object.values(sent)).size).toBe(6);
  });

  it("a goodput search: every concurrency it may probe, ladder level or bisection probe, has its own seed", () => {
    const plan = study(
      {loads: {concurrency: [1, 2, 4, 8]}, search: {kind: "goodput", tolerance: 0.1, max_probes: 16}},
      "slo: {tpot_ms: {p99: 100}}\n"
    );
    const base = plan.scenarios[0];
    const [run] = selectRuns(plan);
    const settings = liveSettings(plan);
    const probed = [1, 2, 3, 4, 5, 6, 7, 8].map((c) =>
      seedOf(clientArgv(plan, run.candidate, scenarioAtLoad(base, {kind: "concurrency", value: c}), settings, "d"))
    );
    // seed + c − c₁: the level's place among all the concurrencies from the ladder's first to its last.
    expect(probed).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it("a request-rate ladder: seed + (k − 1) × levels + level index too", () => {
    const plan = study({loads: {request_rate: [0.5, 1]}}, "repeats: 3\n");
    expect(Object.values(seeds(plan)).sort((a, b) => a! - b!)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("validation of a run recorded under the old rule (seed + k − 1, no seed_rule in origin) expects that rule", () => {
    const run = plannedRuns(ladder).find((r) => r.run === "load--fixture--chat--c4--r2")!;
    const serve = {host: "127.0.0.1", port: 8000};
    const old = expectedLiveCommands(ladder, run.candidate, run.scenario, "d", serve, 2, "repeat");
    const current = expectedLiveCommands(ladder, run.candidate, run.scenario, "d", serve, 2);
    expect([seedOf(old.bench), seedOf(current.bench)]).toEqual([2, 6]);
  });
});

describe("dataset seeds without a ladder: as before", () => {
  it("repeat k sends seed + k − 1, the commands otherwise the same", () => {
    const plan = study({}, "repeats: 3\n");
    expect(seeds(plan)).toEqual({"load--fixture--chat": 1, "load--fixture--chat--r2": 2, "load--fixture--chat--r3": 3});
    const [one, two] = plannedRuns(plan);
    const settings = liveSettings(plan);
    const first = clientArgv(plan, one.candidate, one.scenario, settings, "d", 1);
    const second = clientArgv(plan, two.candidate, two.scenario, settings, "d", 2);
    expect(second).toEqual(first.map((arg, i) => (i === first.lastIndexOf("--seed") + 1 ? "2" : arg)));
  });

  it("the seed study's benchmark commands are its archived ones, seed included", () => {
    const plan = loadStudyPlan("data/studies/qwen3-32b-a100");
    const settings = liveSettings(plan);
    const sent = plannedRuns(plan).map((r) =>
      seedOf(clientArgv(plan, r.candidate, r.scenario, settings, "d", r.repeat))
    );
    expect(sent).toEqual(plannedRuns(plan).map((r) => r.scenario.seed));
    // Repeat 1 everywhere: 42 where the scenario sets it, no --seed where it does not (ShareGPT).
    expect(new Set(sent)).toEqual(new Set([42, null]));
  });
});

describe("check on a ladder recorded before the level rule (data/studies/h200-ladder)", () => {
  const differs = async (dir: string) =>
    (await loadStudy(dir)).report.findings.filter((f) => f.code === "bench-argv-differs").map((f) => f.message);

  it("holds runs without origin.seed_rule to seed + k − 1 (nothing differs), and a run that says level-repeat to it", async () => {
    expect(await differs("data/studies/h200-ladder")).toEqual([]);
    const root = mkdtempSync(join(tmpdir(), "tps-ladder-seeds-"));
    try {
      const dir = join(root, "h200-ladder");
      cpSync("data/studies/h200-ladder", dir, {recursive: true});
      const file = join(dir, "runs/batching--mbt4096--chat--c1--r2/run.json");
      const run = JSON.parse(readFileSync(file, "utf8"));
      writeFileSync(file, JSON.stringify({...run, origin: {...run.origin, seed_rule: "level-repeat"}}));
      // Repeat 2 at c1 of 8 levels: 42 + 8 under the level rule, where the run sent 42 + 1.
      const found = await differs(dir);
      expect(found).toHaveLength(1);
      expect(found[0]).toMatch(/: --seed 43 against 50$/);
    } finally {
      rmSync(root, {recursive: true, force: true});
    }
  });
});
