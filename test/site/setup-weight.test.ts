// Issue 26: /setup of a large study stays light. It shows each distinct command once; past a page's worth of runs and
// candidates it says how many there are and where each one's command is. A small study's page lists them all.
import "../../src/render/dom.js";
import {gzipSync} from "node:zlib";
import {beforeAll, describe, expect, it} from "vitest";
import {loadStudy, type ScenarioInfo, type StudyData} from "../../loaders/analysis/report.js";
import type {BenchCommandGroup, SetupPage} from "../../loaders/pages/setup.js";
import {benchCommands, serverCommands} from "../../src/components/setupTables.js";
import {toHtml} from "../../src/render/dom.js";
import {setupFragments} from "../../src/render/page-fragments.js";

const SCENARIOS = ["sharegpt", "short", "long"];

/** A study of `steps` steps of `candidates` candidates each, every candidate running every scenario once: its runs use
 * two benchmark commands per scenario (every tenth candidate's runs also save detailed JSON). */
function largeStudy(steps: number, candidates: number): Pick<SetupPage, "study" | "bench_commands" | "steps"> {
  const scenarios: ScenarioInfo[] = SCENARIOS.map((id, i) => ({
    id,
    name: {en: id, tr: id},
    dataset: "random",
    dataset_path: null,
    input_len: 128 * (i + 1),
    output_len: 64,
    num_prompts: 1000,
    seed: 42
  }));
  const groups = new Map<string, BenchCommandGroup>();
  const plan = Array.from({length: steps}, (_, s) => ({
    id: `step-${s}`,
    title: {en: `Step ${s}`, tr: `Adım ${s}`},
    candidates: Array.from({length: candidates}, (_, c) => ({
      id: `c${c}`,
      label: `Candidate ${c} of step ${s}`,
      server_command: `vllm serve Qwen/Qwen3-32B --max-num-batched-tokens ${512 * (c + 1)} --max-num-seqs ${8 * (s + 1)}`
    }))
  }));
  for (const step of plan)
    for (const [c, candidate] of step.candidates.entries())
      for (const scenario of scenarios) {
        const detailed = c % 10 === 0;
        const command = `vllm bench serve --model Qwen/Qwen3-32B --random-input-len ${scenario.input_len}${detailed ? " --save-detailed" : ""}`;
        const group = groups.get(command) ?? {scenario: scenario.id, command, runs: [], steps: []};
        groups.set(command, group);
        group.runs.push(`${step.id}--${candidate.id}--${scenario.id}`);
        if (!group.steps.includes(step.id)) group.steps.push(step.id);
      }
  return {
    study: {scenarios} as SetupPage["study"],
    bench_commands: SCENARIOS.flatMap((id) => [...groups.values()].filter((g) => g.scenario === id)),
    steps: plan
  };
}

const context = {lang: "en" as const, root: "./"};

function commandsHtml(page: Pick<SetupPage, "study" | "bench_commands" | "steps">): string {
  return toHtml(benchCommands(page, context)) + toHtml(serverCommands(page, context));
}

const gzipKB = (html: string) => gzipSync(html, {level: 6}).length / 1024;

describe("/setup of a large study", () => {
  // The 150 KB goal of a page without an interactive view, less the page's scripts and stylesheet (≈27 KB at 1×),
  // its other sections and room to spare.
  const BOUND_KB = 60;

  it(`carries at most ${BOUND_KB} KB gzip of commands at 18,000 runs and at 54,000`, () => {
    const at18k = commandsHtml(largeStudy(200, 30));
    const at54k = commandsHtml(largeStudy(600, 30));
    expect(gzipKB(at18k)).toBeLessThan(BOUND_KB);
    expect(gzipKB(at54k)).toBeLessThan(BOUND_KB);
  });

  it("still shows every distinct benchmark command, how many runs used it and where each run's command is", () => {
    const page = largeStudy(200, 30);
    const container = benchCommands(page, context);
    const shown = [...container.querySelectorAll("pre code")].map((c) => c.textContent);
    expect(shown).toEqual(page.bench_commands.map((g) => g.command));
    // 200 steps × 27 candidates without --save-detailed, one run each.
    const plain =
      container.querySelectorAll(".run-links")[shown.indexOf(`${shown[0]!.replace(" --save-detailed", "")}`)];
    expect(plain.textContent).toContain("Runs: 5400, in 200 steps: Step 0, Step 1, ");
    // The first 20 steps link to their pages; the other 180 are counted.
    expect(plain.querySelectorAll('a[href^="./steps/"]')).toHaveLength(20);
    expect(plain.textContent).toContain("Step 19 and 180 more.");
    expect(plain.querySelector('a[href="./data/runs.csv"]')).not.toBeNull();
  });

  it("lists server commands up to a page's worth, then says how many and where the rest are", () => {
    const table = serverCommands(largeStudy(200, 30), context);
    expect(table.querySelector(".table-rest")?.textContent).toContain("of 6000");
    expect(table.querySelector(".table-rest a[href='./data/runs.csv']")).not.toBeNull();
  });
});

describe("/setup of the seed study", () => {
  let seed: StudyData;
  beforeAll(async () => {
    seed = await loadStudy("data/studies/qwen3-32b-a100");
  });

  it("links every run under its command and lists every candidate's server command", async () => {
    const fragments = await setupFragments(seed, "en");
    const div = document.createElement("div");
    div.innerHTML = "html" in fragments["bench-commands"] ? fragments["bench-commands"].html : "";
    expect(div.querySelectorAll(".run-links a")).toHaveLength(seed.rows.length);
    expect(div.querySelector(".table-rest")).toBeNull();
    const table = document.createElement("div");
    table.innerHTML = "html" in fragments["server-commands"] ? fragments["server-commands"].html : "";
    expect(table.querySelectorAll("tbody tr")).toHaveLength(seed.report.steps.flatMap((s) => s.candidates).length);
    expect(table.querySelector(".table-rest")).toBeNull();
  });
});
