// A probe of the newest surface (issue 47's kind, rebuilt): hostile labels, ids and paths, FIFOs, huge files, bad
// numbers and empty studies against compare, history, check, run --dry-run, run --second-look --dry-run, export,
// import and the cluster scripts. Every case must end (killed at 20 s otherwise) without a stack trace, with its exit
// status, its error in one line naming the file, no command of the input run, and no formula cell in a CSV.
import {spawn, spawnSync} from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  truncateSync,
  writeFileSync
} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {parquetReadObjects} from "hyparquet";
import Papa from "papaparse";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {parse} from "yaml";
import {writeInteractionStudy} from "../support/interaction-study.js";
import {writeRepeatStudy} from "../support/repeat-study.js";
import {writeSweepExperiment} from "../support/sweep-experiment.js";

const SEED = "data/studies/qwen3-32b-a100";
const VLLM = "engine-selection--vllm--sharegpt";
const FAILED = "quantization--trtllm-fp8--sharegpt";
const HUGE = 3 * 1024 ** 3;
const root = mkdtempSync(join(tmpdir(), "tps-probe-"));
afterAll(() => rmSync(root, {recursive: true, force: true}));

const at = (...parts: string[]) => join(root, ...parts);
const mkfifo = (path: string) => {
  rmSync(path, {force: true});
  expect(spawnSync("mkfifo", [path]).status).toBe(0);
};
const sparse = (path: string) => {
  writeFileSync(path, "");
  truncateSync(path, HUGE);
};
const edit = (file: string, change: (text: string) => string) =>
  writeFileSync(file, change(readFileSync(file, "utf8")));
const editJson = (file: string, change: Record<string, unknown>) =>
  writeFileSync(file, JSON.stringify({...JSON.parse(readFileSync(file, "utf8")), ...change}, null, 2));
/** A shell payload that leaves a file named `name` in the folder it runs in. */
const evil = (name: string) => `x\ntouch ${name}\n$(touch ${name}-sub) \`touch ${name}-tick\`; touch ${name}-semi #`;

/** A plan whose programs are `true`, with hostile text where `hostile` puts it. */
function truePlan(hostile: {label?: string; server?: string; dataset?: string; rate?: string; concurrency?: string}) {
  return `id: probe
title: Probe
goal: Probe
model: {name: org/model}
hardware: {gpu: none, name: none, count: 1}
engines:
  e: {name: e, version: "1"}
client:
  argv: ["true", --model, "{model}"]
scenarios:
  tiny:
    name: Tiny
    dataset: ${hostile.dataset ? `sharegpt\n    dataset_path: ${JSON.stringify(hostile.dataset)}` : "random\n    input_len: 1\n    output_len: 1"}
    num_prompts: 1
${hostile.rate ? `    loads: {request_rate: [${hostile.rate}]}\n` : ""}${hostile.concurrency ? `    loads: {concurrency: [${hostile.concurrency}]}\n` : ""}steps:
  - id: s
    kind: selection
    title: S
    scenarios: [tiny]
    candidates:
      - id: a
        label: ${JSON.stringify(hostile.label ?? "A")}
        engine: e
        server: ["true", ${JSON.stringify(hostile.server ?? "serve")}]
baseline: {step: s, candidate: a}
`;
}

function trueStudy(name: string, hostile: Parameters<typeof truePlan>[0]): string {
  const dir = at(name);
  mkdirSync(join(dir, "runs"), {recursive: true});
  writeFileSync(join(dir, "study.yaml"), truePlan(hostile));
  return dir;
}

function seedCopy(name: string): string {
  const dir = at(name);
  cpSync(SEED, dir, {recursive: true});
  return dir;
}

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

interface Case {
  name: string;
  /** The command line after `tps-report`, or a bash line (`shell`) where `TPS` is the CLI. */
  args?: () => string[];
  shell?: () => string;
  env?: () => Record<string, string>;
  /** Exit statuses that are right. */
  code: number[];
  /** Most lines on stderr (each error in one line). */
  lines?: number;
  check?: (r: Result) => void | Promise<void>;
}

const TPS = `${process.execPath} ${join(process.cwd(), "bin/tps-report.js")}`;

function runCase(c: Case): Promise<Result> {
  const command = c.shell
    ? ["bash", "-c", c.shell().replaceAll("TPS", TPS)]
    : [process.execPath, "bin/tps-report.js", ...c.args!()];
  return new Promise((resolve) => {
    const child = spawn("timeout", ["-s", "KILL", "20", ...command], {
      env: {...process.env, TPS_REPORT_DEBUG: "", ...c.env?.()}
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d) => (stderr += d));
    child.on("close", (code) => resolve({code, stdout, stderr}));
  });
}

/** The listing run by bash in an empty folder, with a `vllm` that does nothing: the folder stays empty. */
function bashRunsNothingElse(script: string): void {
  const work = mkdtempSync(at("bash-"));
  const bin = at("bin");
  if (!existsSync(bin)) {
    mkdirSync(bin);
    writeFileSync(join(bin, "vllm"), "#!/bin/sh\nexit 0\n", {mode: 0o755});
  }
  expect(spawnSync("bash", ["-n"], {input: script}).status).toBe(0);
  spawnSync("bash", [], {input: script, cwd: work, env: {...process.env, PATH: `${bin}:${process.env.PATH}`}});
  expect(readdirSync(work)).toEqual([]);
  for (const line of script.split("\n")) expect(/^\s*touch /.test(line), line).toBe(false);
}

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
function noFormulaCell(csv: string): void {
  const cells = Papa.parse<string[]>(csv, {header: false}).data.flat();
  expect(cells.filter((cell) => /^[=+\-@\t\r]/.test(cell) && !NUMBER.test(cell))).toEqual([]);
}
const says = (text: string | RegExp) => (r: Result) =>
  typeof text === "string" ? expect(r.stderr).toContain(text) : expect(r.stderr).toMatch(text);

// Fixtures, made once.
const F = {} as Record<string, string>;
beforeAll(() => {
  F.repeats = at("repeats");
  writeRepeatStudy(F.repeats, {base: [1000, 1010, 990], tuned: [1100, 1110, 1090]});
  F.allFailed = at("all-failed");
  writeRepeatStudy(F.allFailed, {base: [null, null], tuned: [null]});
  for (const name of ["empty", "empty-repeats"]) {
    F[name] = at(name);
    mkdirSync(join(F[name], "runs"), {recursive: true});
    cpSync(join(name === "empty" ? SEED : F.repeats, "study.yaml"), join(F[name], "study.yaml"));
  }
  F.noRuns = at("no-runs");
  mkdirSync(F.noRuns);
  cpSync(join(SEED, "study.yaml"), join(F.noRuns, "study.yaml"));
  // Hostile text in the runs and the plan.
  F.hostile = seedCopy("hostile");
  editJson(join(F.hostile, "runs", VLLM, "run.json"), {gpu: '=HYPERLINK("http://x.example","y")', client: "@SUM(1)"});
  editJson(join(F.hostile, "runs", FAILED, "run.json"), {error: "+1+cmd|' /C calc'!A0\n\u001b[31mred"});
  edit(join(F.hostile, "study.yaml"), (t) =>
    t
      .replace("{name: vLLM, version: v0.11.0}", '{name: vLLM, version: "-2+3+cmd|x"}')
      .replace(/label: vLLM$/m, `label: ${JSON.stringify("=1+1 | a\nb")}`)
  );
  // Run files that block or are huge.
  F.fifoRun = seedCopy("fifo-run");
  mkfifo(join(F.fifoRun, "runs", VLLM, "run.json"));
  F.fifoLog = seedCopy("fifo-log");
  mkfifo(join(F.fifoLog, "runs", VLLM, "bench.log"));
  F.hugeLog = seedCopy("huge-log");
  sparse(join(F.hugeLog, "runs", VLLM, "bench.log"));
  F.hugePlan = seedCopy("huge-plan");
  sparse(join(F.hugePlan, "study.yaml"));
  F.emptyPlan = seedCopy("empty-plan");
  writeFileSync(join(F.emptyPlan, "study.yaml"), "");
  F.objectPlan = seedCopy("object-plan");
  writeFileSync(join(F.objectPlan, "study.yaml"), "{}\n");
  const plan = (name: string, change: (t: string) => string) => {
    F[name] = at(name);
    writeRepeatStudy(F[name], {base: [1000, 1010, 990], tuned: [1100, 1110, 1090]});
    edit(join(F[name], "study.yaml"), change);
  };
  plan("nanConfidence", (t) => t.replace("repeats: 3\n", "repeats: 3\nconfidence: .nan\n"));
  plan("oneConfidence", (t) => t.replace("repeats: 3\n", "repeats: 3\nconfidence: 1\n"));
  plan("hugeRepeats", (t) => t.replace("repeats: 3\n", "repeats: 1000000\n"));
  plan("infMargin", (t) => t.replace("repeats: 3\n", "repeats: 3\nmargin: .inf\n"));
  plan("hugePrompts", (t) => t.replace("num_prompts: 1000", "num_prompts: 1000000000000"));
  plan("fifoConfig", (t) =>
    t.replace("model: {name: org/model}", `model: {name: org/model, config: ${at("config.fifo")}}`)
  );
  mkfifo(at("config.fifo"));
  F.ansi = seedCopy("ansi");
  editJson(join(F.ansi, "runs", VLLM, "run.json"), {
    gpu: "\u001b]0;owned\u0007\u001b[2J",
    engine_version: "v\u001b[31m"
  });
  // Second looks: a finished greedy study, and copies with a hostile second-look.json.
  F.greedy = at("greedy");
  writeInteractionStudy(F.greedy, true);
  F.hostileLabel = at("hostile-label");
  cpSync(F.greedy, F.hostileLabel, {recursive: true});
  edit(join(F.hostileLabel, "study.yaml"), (t) =>
    t.replace("label: A + B (8192 tokens)", `label: ${JSON.stringify(evil("label"))}`)
  );
  F.frozen = at("frozen");
  cpSync(F.greedy, F.frozen, {recursive: true});
  writeFileSync(
    join(F.frozen, "second-look.json"),
    JSON.stringify({
      step: "second-look",
      scenarios: ["short"],
      repeats: 1,
      winner: {step: "tokens", candidate: "b"},
      margin: 5,
      reasons: {x: evil("reason")},
      candidates: [
        {
          id: "x",
          label: evil("look"),
          engine: "vllm",
          model: "org/model",
          quantization: "bf16",
          server: ["vllm", evil("arg")]
        }
      ]
    })
  );
  for (const [name, make] of [
    ["lookFifo", (f: string) => mkfifo(f)],
    ["lookZero", (f: string) => symlinkSync("/dev/zero", f)],
    ["lookHuge", (f: string) => sparse(f)],
    ["lookEmpty", (f: string) => writeFileSync(f, "")],
    ["lookList", (f: string) => writeFileSync(f, "[]")]
  ] as const) {
    F[name] = at(name);
    cpSync(F.greedy, F[name], {recursive: true});
    make(join(F[name], "second-look.json"));
  }
  F.unfinished = at("unfinished");
  cpSync(F.greedy, F.unfinished, {recursive: true});
  for (const run of readdirSync(join(F.unfinished, "runs")).filter((r) => r.startsWith("tokens--")))
    rmSync(join(F.unfinished, "runs", run), {recursive: true});
  // Dry runs of plans whose programs are `true`.
  F.dryLabel = trueStudy("dry-label", {label: evil("label")});
  F.dryServer = trueStudy("dry-server", {server: evil("server")});
  F.dryDataset = trueStudy("dry-dataset", {dataset: evil("dataset")});
  F.dryPath = trueStudy(`dry ${evil("dir").replaceAll("/", "_")}`, {});
  F.dryHugeC = trueStudy("dry-huge-c", {concurrency: "1000000000"});
  F.dryTinyRate = trueStudy("dry-tiny-rate", {rate: "1e-7"});
  F.dryHugeRate = trueStudy("dry-huge-rate", {rate: "1e21"});
  F.dryRate = trueStudy("dry-rate", {rate: "0.001"});
  F.dryResume = trueStudy("dry-resume", {});
  mkdirSync(join(F.dryResume, "runs", "s--a--tiny"));
  mkfifo(join(F.dryResume, "runs", "s--a--tiny", "run.json"));
  // Import sources and studies.
  F.exp = at("exp");
  writeSweepExperiment(F.exp);
  F.fifoSource = at("result.fifo.json");
  mkfifo(F.fifoSource);
  F.hugeSource = at("huge.json");
  sparse(F.hugeSource);
  F.emptySource = at("empty-source");
  mkdirSync(F.emptySource);
  F.evilSource = at(`ev il$(touch src-sub)\nname`);
  cpSync(F.exp, F.evilSource, {recursive: true});
  F.imported = at("imported");
  expect(spawnSync(process.execPath, ["bin/tps-report.js", "import", F.exp, "--into", F.imported]).status).toBe(0);
  F.lockFifo = at("lock-fifo");
  cpSync(F.imported, F.lockFifo, {recursive: true});
  mkfifo(join(F.lockFifo, "runs", ".lock"));
  F.importedFifo = at("imported-fifo");
  cpSync(F.imported, F.importedFifo, {recursive: true});
  const first = readdirSync(join(F.importedFifo, "runs")).find((n) => !n.startsWith("."))!;
  mkfifo(join(F.importedFifo, "runs", first, "run.json"));
}, 120_000);

const gateLine = (what: RegExp) => (r: Result) =>
  expect(r.stderr).toMatch(new RegExp(`^tps-report \\w+: nothing was compared: ${what.source}\\n$`));

const CASES: Case[] = [
  // compare as a gate
  {
    name: "compare: NEW with an empty runs/",
    args: () => ["compare", SEED, F.empty],
    code: [2],
    lines: 1,
    check: gateLine(/.* has no runs/)
  },
  {name: "compare: NEW without runs/", args: () => ["compare", SEED, F.noRuns], code: [2], lines: 1},
  {
    name: "compare: BASE without runs, json",
    args: () => ["compare", F.empty, SEED, "--format", "json"],
    code: [2],
    lines: 1
  },
  {
    name: "compare: no shared point",
    args: () => ["compare", SEED, F.repeats],
    code: [2],
    lines: 1,
    check: gateLine(/no point of .*/)
  },
  {name: "compare: every point failed in both", args: () => ["compare", F.allFailed, F.allFailed], code: [2], lines: 1},
  {name: "compare: the seed against itself", args: () => ["compare", SEED, SEED], code: [0], lines: 0},
  {
    name: "compare: --confidence 0.9999999999999999",
    args: () => ["compare", F.repeats, F.repeats, "--confidence", "0.9999999999999999"],
    code: [2],
    lines: 1
  },
  {
    name: "compare: --confidence 1e-300",
    args: () => ["compare", F.repeats, F.repeats, "--confidence", "1e-300"],
    code: [2],
    lines: 1
  },
  {
    name: "compare: --confidence NaN",
    args: () => ["compare", F.repeats, F.repeats, "--confidence", "NaN"],
    code: [2],
    lines: 1
  },
  {
    name: "compare: --confidence ''",
    args: () => ["compare", F.repeats, F.repeats, "--confidence", ""],
    code: [2],
    lines: 1
  },
  {
    name: "compare: --threshold 1e309",
    args: () => ["compare", SEED, SEED, "--threshold", "1e309"],
    code: [2],
    lines: 1
  },
  {name: "compare: --threshold -5%", args: () => ["compare", SEED, SEED, "--threshold=-5%"], code: [2], lines: 1},
  {
    name: "compare --format csv: hostile GPU, client, engine version, label, error",
    args: () => ["compare", F.hostile, SEED, "--across", "gpu", "--format", "csv"],
    code: [0, 1],
    check: (r) => noFormulaCell(r.stdout)
  },
  {
    name: "compare md: a label with | and a line break keeps every table row whole",
    args: () => ["compare", F.hostile, SEED, "--across", "gpu"],
    code: [0, 1],
    check: (r) => {
      const rows = r.stdout.split("\n").filter((l) => l.startsWith("| "));
      for (const row of rows) expect(row.endsWith(" |"), row).toBe(true);
    }
  },
  {name: "compare: run.json a FIFO in NEW", args: () => ["compare", SEED, F.fifoRun], code: [0, 1], lines: 3},
  {name: "compare: bench.log of 3 GB in NEW", args: () => ["compare", SEED, F.hugeLog], code: [0, 1], lines: 3},
  {
    name: "compare: study.yaml of 3 GB",
    args: () => ["compare", SEED, F.hugePlan],
    code: [2],
    lines: 1,
    check: says("a study file may have")
  },
  {name: "compare: an empty study.yaml", args: () => ["compare", SEED, F.emptyPlan], code: [2], lines: 1},
  // history
  {
    name: "history: a study without runs",
    args: () => ["history", F.repeats, F.repeats, F["empty-repeats"]],
    code: [2],
    lines: 1,
    check: gateLine(/.* has no runs/)
  },
  {name: "history: no shared point", args: () => ["history", SEED, F.repeats], code: [2], lines: 1},
  {
    name: "history: three studies of one plan",
    args: () => ["history", F.repeats, F.repeats, F.repeats],
    code: [0],
    lines: 0
  },
  {
    name: "history: --threshold 100%",
    args: () => ["history", F.repeats, F.repeats, "--threshold", "100%"],
    code: [2],
    lines: 1
  },
  {
    name: "history: --metric with a shell payload",
    args: () => ["history", F.repeats, F.repeats, "--metric", "$(touch x)"],
    code: [2],
    lines: 1
  },
  {name: "history: bench.log a FIFO", args: () => ["history", SEED, F.fifoLog], code: [0, 1], lines: 0},
  {name: "history: study.yaml of 3 GB", args: () => ["history", SEED, F.hugePlan], code: [2], lines: 1},
  // check
  {name: "check: the seed", args: () => ["check", SEED], code: [0], lines: 0},
  {
    name: "check: second-look.json a FIFO",
    args: () => ["check", F.lookFifo],
    code: [2],
    lines: 2,
    check: says("is a FIFO")
  },
  {name: "check: second-look.json a link to /dev/zero", args: () => ["check", F.lookZero], code: [2], lines: 2},
  {name: "check: second-look.json of 3 GB", args: () => ["check", F.lookHuge], code: [2], lines: 2},
  {name: "check: an empty second-look.json", args: () => ["check", F.lookEmpty], code: [2], lines: 2},
  {name: "check: second-look.json holding []", args: () => ["check", F.lookList], code: [2], lines: 2},
  {name: "check: an empty study.yaml", args: () => ["check", F.emptyPlan], code: [2]},
  {name: "check: study.yaml holding {}", args: () => ["check", F.objectPlan], code: [2]},
  {name: "check: confidence .nan", args: () => ["check", F.nanConfidence], code: [2], lines: 2},
  {name: "check: confidence 1", args: () => ["check", F.oneConfidence], code: [2], lines: 2},
  {name: "check: repeats 1,000,000", args: () => ["check", F.hugeRepeats], code: [2], lines: 2},
  {name: "check: margin .inf", args: () => ["check", F.infMargin], code: [2], lines: 2},
  {name: "check: num_prompts 10^12", args: () => ["check", F.hugePrompts], code: [2], lines: 2},
  {
    name: "check: model.config a FIFO",
    args: () => ["check", F.fifoConfig],
    code: [0, 1],
    lines: 0,
    check: (r) => expect(r.stdout).toContain("is a FIFO")
  },
  {name: "check: bench.log a FIFO", args: () => ["check", F.fifoLog], code: [1], lines: 0},
  {name: "check: bench.log of 3 GB", args: () => ["check", F.hugeLog], code: [1], lines: 0},
  {
    name: "check: terminal escapes in run.json are not written raw",
    args: () => ["check", F.ansi],
    code: [0, 1],
    check: (r) => expect(r.stdout + r.stderr).not.toContain("\u001b")
  },
  {name: "check: a study without runs", args: () => ["check", F.empty], code: [1], lines: 0},
  {
    name: "check: TPS_REPORT_STUDY empty is unset (the seed)",
    args: () => ["check"],
    env: () => ({TPS_REPORT_STUDY: ""}),
    code: [0],
    lines: 0
  },
  // run --dry-run
  ...(
    [
      ["label", () => F.dryLabel],
      ["server argument", () => F.dryServer],
      ["dataset path", () => F.dryDataset],
      ["study folder name", () => F.dryPath]
    ] as const
  ).map(([what, dir]): Case => ({
    name: `run --dry-run | bash: a ${what} with line breaks, $(…), backticks and ;`,
    args: () => ["run", dir(), "--dry-run"],
    code: [0],
    lines: 0,
    check: (r) => bashRunsNothingElse(r.stdout)
  })),
  {
    name: "run --dry-run | bash: --runs-dir with a line break",
    args: () => ["run", F.dryLabel, "--dry-run", "--runs-dir", at("runs\ntouch runs-dir-pwned")],
    code: [0],
    check: (r) => bashRunsNothingElse(r.stdout)
  },
  {name: "run --dry-run: concurrency 10^9", args: () => ["run", F.dryHugeC, "--dry-run"], code: [1], lines: 1},
  {name: "run --dry-run: request rate 1e-7", args: () => ["run", F.dryTinyRate, "--dry-run"], code: [1], lines: 1},
  {name: "run --dry-run: request rate 1e21", args: () => ["run", F.dryHugeRate, "--dry-run"], code: [1], lines: 1},
  {
    name: "run --dry-run: request rate 0.001 as written",
    args: () => ["run", F.dryRate, "--dry-run"],
    code: [0],
    check: (r) => expect(r.stdout).toContain("s--a--tiny--q0.001 ")
  },
  {
    name: "run --dry-run --resume: run.json a FIFO",
    args: () => ["run", F.dryResume, "--dry-run", "--resume"],
    code: [0],
    lines: 0
  },
  {name: "run --dry-run --port 70000", args: () => ["run", F.dryRate, "--dry-run", "--port", "70000"], code: [2]},
  {
    name: "run --dry-run --timeout-s 1e999",
    args: () => ["run", F.dryRate, "--dry-run", "--timeout-s", "1e999"],
    code: [2]
  },
  {
    name: "run --dry-run | true: no EPIPE stack trace when the reader leaves first",
    shell: () => `TPS run ${SEED} --dry-run | true; exit "\${PIPESTATUS[0]}"`,
    code: [0],
    lines: 0
  },
  {
    name: "compare | true: no EPIPE stack trace, the gate's own status",
    shell: () => `TPS compare ${SEED} ${SEED} | true; exit "\${PIPESTATUS[0]}"`,
    code: [0],
    lines: 0
  },
  // run --second-look --dry-run
  {
    name: "second look | bash: a plan label with a payload",
    args: () => ["run", F.hostileLabel, "--second-look", "--dry-run"],
    code: [0],
    lines: 0,
    check: (r) => bashRunsNothingElse(r.stdout)
  },
  {
    name: "second look | bash: a frozen set's label, reason and argument with payloads",
    args: () => ["run", F.frozen, "--second-look", "--dry-run"],
    code: [0],
    lines: 0,
    check: (r) => bashRunsNothingElse(r.stdout)
  },
  {
    name: "second look: second-look.json a FIFO",
    args: () => ["run", F.lookFifo, "--second-look", "--dry-run"],
    code: [1],
    lines: 1
  },
  {
    name: "second look: a link to /dev/zero",
    args: () => ["run", F.lookZero, "--second-look", "--dry-run"],
    code: [1],
    lines: 1
  },
  {name: "second look: 3 GB", args: () => ["run", F.lookHuge, "--second-look", "--dry-run"], code: [1], lines: 1},
  {
    name: "second look: greedy steps unfinished",
    args: () => ["run", F.unfinished, "--second-look", "--dry-run"],
    code: [1],
    lines: 1
  },
  {
    name: "second look: on a study without runs",
    args: () => ["run", F["empty-repeats"], "--second-look", "--dry-run"],
    code: [1],
    lines: 1
  },
  // export
  {
    name: "export csv: hostile text",
    args: () => ["export", "--format", "csv", "--study", F.hostile],
    code: [0],
    lines: 0,
    check: (r) => noFormulaCell(r.stdout)
  },
  {
    name: "export --aggregate csv: hostile text",
    args: () => ["export", "--format", "csv", "--aggregate", "--study", F.hostile],
    code: [0],
    lines: 0,
    check: (r) => noFormulaCell(r.stdout)
  },
  {
    name: "export parquet: raw values kept",
    args: () => ["export", "--format", "parquet", "--out", at("runs.parquet"), "--study", F.hostile],
    code: [0],
    lines: 1,
    check: async () => {
      const bytes = readFileSync(at("runs.parquet"));
      const rows = (await parquetReadObjects({
        file: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer
      })) as Record<string, unknown>[];
      expect(rows.find((r) => r.run === VLLM)!.gpu).toBe('=HYPERLINK("http://x.example","y")');
    }
  },
  {
    name: "export: a study without runs",
    args: () => ["export", "--format", "csv", "--study", F.empty],
    code: [0],
    lines: 0
  },
  {
    name: "export: no such study",
    args: () => ["export", "--format", "csv", "--study", at("none")],
    code: [2],
    lines: 1
  },
  {
    name: "export: study.yaml of 3 GB",
    args: () => ["export", "--format", "csv", "--study", F.hugePlan],
    code: [1, 2],
    lines: 1
  },
  {
    name: "export: bench.log of 3 GB",
    args: () => ["export", "--format", "csv", "--study", F.hugeLog],
    code: [0],
    lines: 0
  },
  {name: "export: --format xlsx", args: () => ["export", "--format", "xlsx", "--study", SEED], code: [2]},
  // import
  {name: "import: a FIFO as SOURCE", args: () => ["import", F.fifoSource, "--into", at("i1")], code: [1], lines: 2},
  {name: "import: /dev/zero as SOURCE", args: () => ["import", "/dev/zero", "--into", at("i2")], code: [1], lines: 2},
  {name: "import: a 3 GB SOURCE", args: () => ["import", F.hugeSource, "--into", at("i3")], code: [1], lines: 2},
  // A note for the skipped source, the error, "nothing was written".
  {name: "import: an empty folder", args: () => ["import", F.emptySource, "--into", at("i4")], code: [1], lines: 3},
  {
    name: "import: a source folder named with $(…) and a line break; the hint to paste stays one word",
    args: () => ["import", F.evilSource, "--into", at("i5 $(touch hint-pwned)")],
    code: [0],
    check: (r) => {
      const next = r.stdout.split("\n").find((l) => l.startsWith("next:"));
      if (next) bashRunsNothingElse(next.replace(/^next: .* then /, "").replace(/^tps-report /, "true "));
    }
  },
  {name: "import --into: runs/.lock a FIFO", args: () => ["import", F.exp, "--into", F.lockFifo], code: [0]},
  {
    name: "import --into: an imported run.json a FIFO",
    args: () => ["import", F.exp, "--into", F.importedFifo],
    code: [1],
    lines: 2,
    check: says("is a FIFO")
  },
  {
    name: "import --set with a line break",
    args: () => ["import", F.exp, "--into", at("i6"), "--set", "gpu=H100\nx"],
    code: [0, 1, 2]
  },
  // cluster scripts
  {
    name: "run --emit slurm: hostile labels and arguments, bash -n reads it",
    args: () => ["run", F.dryLabel, "--emit", "slurm", "--tasks-dir", at("tasks-slurm")],
    code: [0],
    check: (r) => bashReadsOnly(r.stdout)
  },
  {
    name: "run --emit k8s: hostile arguments, the manifest parses and its script is read by sh -n",
    args: () => ["run", F.dryServer, "--emit", "k8s", "--image", "img"],
    code: [0],
    check: (r) => {
      const [job] = r.stdout.split(/^---$/m).map((d) => parse(d));
      const [container] = job.spec.template.spec.containers;
      expect(container.command.slice(0, 2)).toEqual(["sh", "-c"]);
      expect(spawnSync("sh", ["-n"], {input: container.command[2]}).status).toBe(0);
    }
  }
];

/** A script that is not run (sbatch would), only read: bash -n takes it and no line is a planted command. */
function bashReadsOnly(script: string): void {
  expect(spawnSync("bash", ["-n"], {input: script}).status).toBe(0);
  for (const line of script.split("\n")) expect(/^\s*touch /.test(line), line).toBe(false);
}

const results = new Map<string, Result>();
beforeAll(async () => {
  // Two at a time: the machine has two cores.
  const queue = [...CASES];
  await Promise.all(
    [0, 1].map(async () => {
      for (let c = queue.shift(); c; c = queue.shift()) results.set(c.name, await runCase(c));
    })
  );
}, 900_000);

describe("issue 47 probe", () => {
  it.each(CASES.map((c) => [c.name, c] as const))("%s", async (_, c) => {
    const r = results.get(c.name)!;
    expect(r.code, `killed at 20 s or ended ${r.code}: ${r.stderr}`).not.toBe(137);
    expect(r.stderr).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n|Unexpected error|node:internal/);
    expect(c.code, `exit ${r.code}: ${r.stderr}`).toContain(r.code);
    if (c.lines != null)
      expect(r.stderr.trimEnd().split("\n").filter(Boolean).length, r.stderr).toBeLessThanOrEqual(c.lines);
    await c.check?.(r);
  });

  it("counts", () => {
    expect(CASES.length).toBeGreaterThanOrEqual(75);
  });
});
