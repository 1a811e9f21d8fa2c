// Issue 28, defect 8: /setup states how the study ran (client, repeats, confidence, warm-ups, scrape interval, seeds)
// and lists commands that differ only in their output folder once, with their runs.
import {mkdtempSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {loadStudy, type StudyData} from "../../loaders/analysis/report.js";
import {setupPage} from "../../loaders/pages/setup.js";
import {clientText, howItRan} from "../../src/components/setupTables.js";
import {CACHED_REPEATS, REPEAT_TPS, writeRepeatsFixture} from "../support/repeats-fixture.js";

let root: string;
let data: StudyData;
let seed: StudyData;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "tps-setup-page-"));
  const dir = join(root, "study");
  writeRepeatsFixture(
    dir,
    (yaml) => yaml + "warmup_repeats: 1\nserve: {scrape_interval_s: 1}\n",
    REPEAT_TPS,
    {"prefix-caching--t2048-pc--chat": CACHED_REPEATS},
    true
  );
  data = await loadStudy(dir, process.cwd());
  seed = await loadStudy("data/studies/qwen3-32b-a100");
});
afterAll(() => rmSync(root, {recursive: true, force: true}));

describe("/setup", () => {
  it("names the client the runs used, not only the plan's", () => {
    const page = setupPage(data.report, data.rows, data.plan);
    expect(clientText(page, "en")).toBe(
      "The runs used tps-report bench (the native client, which takes vllm bench serve's flags); the plan's client is vllm bench serve, called with these fixed arguments:"
    );
    const seedPage = setupPage(seed.report, seed.rows, seed.plan);
    expect(clientText(seedPage, "en")).toBe(
      "The benchmark client is vllm bench serve, called with these fixed arguments:"
    );
  });

  it("states repeats, confidence, warm-ups, the scrape interval and the seeds", () => {
    const page = setupPage(data.report, data.rows, data.plan);
    expect(howItRan(page, "en")).toEqual([
      "Repeats: 3 per point, run in rounds; repeat 1 of each point is a warm-up and in no mean (warmup_repeats: 1).",
      "Intervals: 95% Student-t; a gain counts only when its Welch interval lies above zero.",
      "Warm-up requests before each run's clock: 64.",
      "Dataset seeds: each scenario's seed for repeat 1, seed + k − 1 for repeat k (the runs sent 42, 43, 44).",
      "Server metrics scraped every 1 s; GPU samples from nvidia-smi."
    ]);
    expect(howItRan(page, "tr")).toHaveLength(5);
    expect(howItRan(setupPage(seed.report, seed.rows, seed.plan), "en")).toEqual([
      "Repeats: each point ran once; no interval can be computed.",
      "Dataset seeds: each scenario's seed, the same for every run."
    ]);
  });

  it("a ladder recorded under the old seed rule (seed + k − 1 at every level) is described by that rule", async () => {
    const ladder = await loadStudy("data/studies/h200-ladder");
    expect(howItRan(setupPage(ladder.report, ladder.rows, ladder.plan), "en")).toContain(
      "Dataset seeds: each scenario's seed for repeat 1, seed + k − 1 for repeat k (the runs sent 42, 43)."
    );
  });

  it("lists the commands that differ only in their output folder once (27 runs, 9 commands)", () => {
    const page = setupPage(data.report, data.rows, data.plan);
    const chat = page.bench_commands.filter((g) => g.scenario === "chat");
    // One command per repeat (each its own seed) for the chat scenario, every point's run under it.
    expect(chat.map((g) => g.runs.length)).toEqual([4, 4, 4]);
    expect(chat[0].command).toContain("--result-dir 'runs/<run-id>'");
    expect(chat[1].runs).toEqual([
      "max-batch-tokens--t2048--chat--r2",
      "max-batch-tokens--t8192--chat--r2",
      "max-batch-tokens--t16384--chat--r2",
      "prefix-caching--t2048-pc--chat--r2"
    ]);
    expect(page.bench_commands).toHaveLength(9);
  });
});
