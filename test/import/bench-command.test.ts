// Issue 23: an imported run's benchmark command was rebuilt from the plan's client and vLLM's flags, so a GuideLLM
// run imported beside AIPerf files showed `aiperf profile … --dataset-name …`, a command nobody ran. Each run.json
// now records the tool that measured it; the rebuilt command is shown only where that tool takes vLLM's flags.
import {mkdtempSync, readdirSync, readFileSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {loadStudy, type StudyData} from "../../loaders/analysis/report.js";
import {importResults} from "../../loaders/import/index.js";
import {shellCommand} from "../../loaders/runs/rows.js";
import {allSteps, benchArgv, scenarioAtLoad} from "../../loaders/study/plan.js";
import type {Fragment, PageFragments} from "../../src/render/fragment.js";
import {siteFragments} from "../../src/render/page-fragments.js";

const CORPUS = "test/fixtures/import-corpus";
const tmp = mkdtempSync(join(tmpdir(), "tps-bench-command-"));
afterAll(() => rmSync(tmp, {recursive: true, force: true}));

/** The corpus files under `folders`, each with the settings its sidecar records. */
function sources(...folders: string[]): {path: string; set: Record<string, string>}[] {
  return folders.flatMap((folder) =>
    readdirSync(join(CORPUS, folder), {recursive: true, encoding: "utf8"})
      .filter((f) => f.endsWith(".provenance.json"))
      .sort()
      .map((f) => ({
        path: join(CORPUS, folder, f.replace(/\.provenance\.json$/, "")),
        set: (JSON.parse(readFileSync(join(CORPUS, folder, f), "utf8")) as {setup: Record<string, string>}).setup
      }))
  );
}

function runJson(dir: string, run: string): {client?: string | null; origin: {tool: string}} {
  return JSON.parse(readFileSync(join(dir, "runs", run, "run.json"), "utf8"));
}

async function pages(study: StudyData, dir: string, wanted: (path: string) => boolean) {
  const out: Record<string, PageFragments> = {};
  await siteFragments(study, dir, (path, fragments) => {
    if (wanted(path)) out[path] = fragments;
  });
  return out;
}

const shown = (fragment: Fragment) =>
  ("html" in fragment ? fragment.html : fragment.text)
    .replace(/<[^>]+>/g, " ")
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();

const QWEN_ARGV = [
  ...["aiperf", "profile", "--model", "qwen_qwen3.5-4b-gguf:q4_k_m", "--tokenizer", "Qwen/Qwen3-4B"],
  ...["--endpoint-type", "chat", "--endpoint", "/v1/chat/completions", "--streaming"],
  ...["--input-file", "/home/mike/performancetest/aiperf/inputs.jsonl", "--custom-dataset-type", "single_turn"],
  ...["--request-count", "20", "--request-timeout-seconds", "30", "--ui-type", "simple"],
  ...["--url", "http://192.168.19.9:8080"]
];
// The two AIPerf files of the corpus whose input_config states cli_command, split by hand from the printed line.
const STATED = new Map([
  [
    "llama-3.2-3b-instruct-gguf:q4_k_m",
    [
      ...["aiperf", "profile", "--model", "llama-3.2-3b-instruct-gguf:q4_k_m", "--tokenizer", "gpt2"],
      ...["--endpoint-type", "chat", "--endpoint", "/v1/chat/completions", "--streaming"],
      ...["--input-file", "/home/mike/performancetest/aiperf/inputs.jsonl", "--custom-dataset-type", "single_turn"],
      ...["--request-count", "20", "--request-timeout-seconds", "20", "--ui-type", "simple"],
      ...["--url", "http://192.168.19.150:8080", "--url", "http://192.168.19.9:8080"]
    ]
  ],
  ["qwen_qwen3.5-4b-gguf:q4_k_m", QWEN_ARGV]
]);

const mixedDir = join(tmp, "mixed");
const vllmDir = join(tmp, "vllm");
const trtllmDir = join(tmp, "trtllm");
let mixed: StudyData;
let vllm: StudyData;
let trtllm: StudyData;

beforeAll(async () => {
  importResults(sources("guidellm-json", "aiperf-json"), mixedDir);
  mixed = await loadStudy(mixedDir);
  importResults(sources("vllm-json"), vllmDir);
  vllm = await loadStudy(vllmDir);
  importResults(sources("trtllm-bench"), trtllmDir);
  trtllm = await loadStudy(trtllmDir);
}, 120_000);

describe("an imported run's benchmark client", () => {
  it("is recorded in each run.json as the tool that measured it", () => {
    const tools = mixed.runs.map((r) => [
      runJson(mixedDir, r.meta.id).origin.tool,
      runJson(mixedDir, r.meta.id).client
    ]);
    expect([...new Set(tools.map(([tool]) => tool))].sort()).toEqual(["aiperf", "guidellm"]);
    for (const [tool, client] of tools) expect(client).toBe(tool);
    for (const r of vllm.runs) expect(runJson(vllmDir, r.meta.id).client).toBe("vllm bench serve");
  });
});

describe("an imported run's benchmark command", () => {
  it("is not invented for GuideLLM and AIPerf runs: runs.csv's bench_command is empty where no file states it", () => {
    const stated = new Set(STATED.keys());
    const unstated = mixed.rows.filter((r) => !stated.has(r.model));
    expect(unstated.length).toBe(mixed.rows.length - 2);
    expect(unstated.map((r) => r.bench_command)).toEqual(unstated.map(() => ""));
  });

  it("is the command an AIPerf file states (input_config.cli_command), in run.json and on the run page", async () => {
    for (const [model, argv] of STATED) {
      const row = mixed.rows.find((r) => r.model === model)!;
      expect((runJson(mixedDir, row.run) as {bench_argv?: string[]}).bench_argv).toEqual(argv);
      expect(row.bench_command).toBe(shellCommand(argv));
      const got = await pages(mixed, mixedDir, (p) => p === `/runs/${row.run}`);
      expect(shown(got[`/runs/${row.run}`].run)).toContain(`Benchmark: ${shellCommand(argv)} Metrics`);
    }
  });

  it("is the plan's command rebuilt for vllm bench serve runs, as before", () => {
    for (const [i, row] of vllm.rows.entries()) {
      const {meta} = vllm.runs[i];
      const step = allSteps(vllm.plan).find((s) => s.id === row.step)!;
      const candidate = step.candidates.find((c) => c.id === row.candidate)!;
      const planned = vllm.plan.scenarios.find((s) => s.id === row.scenario)!;
      const scenario = meta.load ? scenarioAtLoad(planned, meta.load) : planned;
      expect(row.run).toBe(meta.id);
      expect(row.bench_command).toBe(shellCommand(benchArgv(vllm.plan, candidate, scenario)));
      expect(row.bench_command.startsWith("vllm bench serve --model")).toBe(true);
    }
  });

  it("is never compared with the plan's command by check where the run's tool takes other options", () => {
    const differs = (study: StudyData) => study.report.findings.filter((f) => f.code === "bench-argv-differs");
    expect(differs(mixed)).toEqual([]);
    expect(mixed.runs.filter((r) => r.meta.bench_argv.length).length).toBe(2);
  });

  it("is listed by check among the facts left open, one line per tool", () => {
    const unrecorded = (tool: string) =>
      mixed.runs.filter((r) => runJson(mixedDir, r.meta.id).origin.tool === tool && !r.meta.bench_argv.length).length;
    const listed = mixed.report.findings.filter((f) => f.code === "bench-command-not-recorded");
    expect(listed.map((f) => [f.severity, f.file, f.message]).sort()).toEqual(
      [
        ["AIPerf", unrecorded("aiperf")],
        ["GuideLLM", unrecorded("guidellm")]
      ].map(([tool, n]) => [
        "info",
        mixed.plan.file,
        `the benchmark command of ${n} runs is not recorded: ${tool} measured them and no file states its command (their workload is in the scenarios)`
      ])
    );
    expect(unrecorded("aiperf")).toBe(
      mixed.runs.filter((r) => runJson(mixedDir, r.meta.id).origin.tool === "aiperf").length - 2
    );
    expect(listed.map((f) => f.text?.tr)).toContain(
      `${unrecorded("guidellm")} koşunun benchmark komutu kaydedilmemiş: onları GuideLLM ölçtü ve hiçbir dosya komutunu belirtmiyor (iş yükleri senaryolarda)`
    );
    expect(vllm.report.findings.filter((f) => f.code === "bench-command-not-recorded")).toEqual([]);
  });

  it("reads 'not recorded' on the run page, naming the tool, in both languages", async () => {
    const guidellm = mixed.runs.find((r) => runJson(mixedDir, r.meta.id).origin.tool === "guidellm")!.meta.id;
    const aiperf = mixed.runs.find(
      (r) => runJson(mixedDir, r.meta.id).origin.tool === "aiperf" && !STATED.has(r.meta.model)
    )!.meta.id;
    const got = await pages(mixed, mixedDir, (p) => p.endsWith(`/runs/${guidellm}`) || p.endsWith(`/runs/${aiperf}`));
    const en = shown(got[`/runs/${guidellm}`].run);
    expect(en).toContain(
      "The benchmark command is not recorded: GuideLLM measured this run; its workload is in the scenario table on the setup page."
    );
    expect(en).not.toContain("--dataset-name");
    expect(shown(got[`/tr/runs/${guidellm}`].run)).toContain(
      "Benchmark komutu kaydedilmemiş: bu koşuyu GuideLLM ölçtü; iş yükü kurulum sayfasındaki senaryo tablosunda."
    );
    expect(shown(got[`/runs/${aiperf}`].run)).toContain(
      "The benchmark command is not recorded: AIPerf measured this run;"
    );
  });

  it("reads 'not recorded' on /setup, naming each tool with its runs, and the clients used are the runs' own", async () => {
    const got = await pages(mixed, mixedDir, (p) => p === "/setup" || p === "/tr/setup");
    const en = shown(got["/setup"]["bench-commands"]);
    expect(en).not.toContain("--dataset-name");
    expect(en).toContain("The benchmark command is not recorded: GuideLLM measured these runs;");
    expect(en).toContain("The benchmark command is not recorded: AIPerf measured these runs;");
    expect(shown(got["/tr/setup"]["bench-commands"])).toContain(
      "Benchmark komutu kaydedilmemiş: bu koşuları GuideLLM ölçtü;"
    );
    const planned = mixed.plan.client.name;
    const other = planned === "aiperf" ? "guidellm" : "aiperf";
    expect(shown(got["/setup"].client)).toContain(`The runs used ${other}`);
  });

  it("is not trtllm-bench followed by vLLM's flags in a study of trtllm-bench logs alone", async () => {
    expect(trtllm.plan.client.name).toBe("trtllm-bench");
    expect(trtllm.rows.length).toBe(5);
    expect(trtllm.rows.map((r) => r.bench_command)).toEqual(trtllm.rows.map(() => ""));
    const run = trtllm.rows[0].run;
    const got = await pages(trtllm, trtllmDir, (p) => p === `/runs/${run}` || p === "/setup");
    expect(shown(got[`/runs/${run}`].run)).toContain(
      "The benchmark command is not recorded: trtllm-bench measured this run;"
    );
    expect(shown(got["/setup"]["bench-commands"])).not.toContain("--num-prompts");
  });
});
