// The commands a live run starts: the seed's published commands come out of the plan, arguments pass untouched.
import {execFileSync} from "node:child_process";
import {readdirSync, readFileSync} from "node:fs";
import {join} from "node:path";
import {describe, expect, it} from "vitest";
import {main} from "../../loaders/cli/run.js";
import {clientArgv, fillPlaceholders, serverArgv, shellLine, shellWord} from "../../loaders/command/argv.js";
import {groupByServer, selectRuns, SelectionError} from "../../loaders/live/selection.js";
import {liveSettings} from "../../loaders/command/settings.js";
import {loadStudyPlan} from "../../loaders/study/plan.js";
import {ROOT} from "./live-study.js";

const SEED = "data/studies/qwen3-32b-a100";
const plan = loadStudyPlan(SEED);

/** `tps-report run <seed> --dry-run …` in this process, its output captured. */
async function dryRun(...args: string[]): Promise<{code: number; stdout: string; stderr: string}> {
  const out = {stdout: "", stderr: ""};
  const writes = {stdout: process.stdout.write, stderr: process.stderr.write};
  process.stdout.write = ((chunk: string) => ((out.stdout += chunk), true)) as typeof process.stdout.write;
  process.stderr.write = ((chunk: string) => ((out.stderr += chunk), true)) as typeof process.stderr.write;
  try {
    return {code: await main([SEED, "--dry-run", ...args]), ...out};
  } finally {
    process.stdout.write = writes.stdout;
    process.stderr.write = writes.stderr;
  }
}

describe("seed study as an executable plan", () => {
  const settings = liveSettings(plan);

  it("has 17 runs on 11 server configurations", () => {
    const runs = selectRuns(plan);
    expect(runs).toHaveLength(17);
    expect(groupByServer(runs).map((g) => g.key)).toEqual([
      "engine-selection--vllm",
      "engine-selection--sglang",
      "engine-selection--trtllm",
      "quantization--trtllm-fp8",
      "quantization--trtllm-awq",
      "quantization--vllm-fp8",
      "quantization--vllm-awq",
      "max-num-tokens--trtllm-16384",
      "max-num-tokens--trtllm-32768",
      "other-scenarios--baseline",
      "other-scenarios--recommended"
    ]);
  });

  it("starts each archived run's published server and benchmark commands, plus where to listen and save", () => {
    for (const run of selectRuns(plan)) {
      const archived = JSON.parse(readFileSync(join(SEED, "runs", run.run, "run.json"), "utf8"));
      expect(serverArgv(run.candidate, settings)).toEqual([
        ...archived.server_argv,
        "--host",
        "127.0.0.1",
        "--port",
        "8000"
      ]);
      const dir = join(SEED, "runs", run.run);
      expect(clientArgv(plan, run.candidate, run.scenario, settings, dir)).toEqual([
        ...archived.bench_argv,
        ...["--host", "127.0.0.1", "--port", "8000"],
        ...["--save-result", "--result-dir", dir, "--result-filename", "result.json"]
      ]);
    }
  });

  it("`tps-report run <seed> --dry-run` prints every command in order and starts nothing", () => {
    const before = readdirSync(join(SEED, "runs")).sort();
    const out = execFileSync(process.execPath, ["bin/tps-report.js", "run", SEED, "--dry-run"], {
      cwd: ROOT,
      encoding: "utf8"
    });
    const commands = out.split("\n").filter((line) => line && !line.startsWith("#"));
    expect(commands).toHaveLength(11 + 17);
    expect(commands[0]).toBe("vllm serve Qwen/Qwen3-32B --max-model-len 32768 --host 127.0.0.1 --port 8000");
    expect(commands[1]).toBe(
      "vllm bench serve --model Qwen/Qwen3-32B --backend openai-chat --endpoint /v1/chat/completions " +
        "--dataset-name sharegpt --dataset-path ShareGPT_V3_unfiltered_cleaned_split.json --num-prompts 1000 " +
        `--host 127.0.0.1 --port 8000 --save-result --result-dir ${SEED}/runs/engine-selection--vllm--sharegpt ` +
        "--result-filename result.json"
    );
    expect(commands).toContain(
      "trtllm-serve Qwen/Qwen3-32B --max_seq_len=40960 --enable_chunked_prefill --host 127.0.0.1 --port 8000"
    );
    expect(out).toContain("# [server 11/11] other-scenarios--recommended");
    expect(out).toContain("#   [run 17/17] other-scenarios--recommended--very-long");
    expect(readdirSync(join(SEED, "runs")).sort()).toEqual(before);
  });

  it("--only narrows to steps, step--candidate pairs and run ids; --resume leaves complete runs out", async () => {
    const only = await dryRun("--only", "quantization", "engine-selection--sglang");
    expect(only.stdout.match(/^vllm bench serve/gm)).toHaveLength(5);
    const mixed = await dryRun("--only", "other-scenarios--baseline--short,max-num-tokens");
    expect(mixed.stdout.match(/^# \[server/gm)).toHaveLength(3);
    expect((await dryRun("--resume")).stdout).toContain("# Study qwen3-32b-a100: 0 runs on 0 server configurations");
    const bad = await dryRun("--only", "no-such-step");
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("no step, step--candidate or run named 'no-such-step'");
  });

  it("rejects an unknown --only name with the plan's steps", () => {
    expect(() => selectRuns(plan, ["nope"])).toThrow(SelectionError);
    expect(() => selectRuns(plan, ["nope"])).toThrow(
      /steps: engine-selection, quantization, max-num-tokens, other-scenarios/
    );
  });

  it("the native client runs tps-report bench with the same flags", () => {
    const run = selectRuns(plan, ["engine-selection--vllm--sharegpt"])[0];
    const argv = clientArgv(plan, run.candidate, run.scenario, liveSettings(plan, {clientKind: "native"}), "out");
    expect(argv.slice(0, 3)).toEqual([process.execPath, join(ROOT, "bin/tps-report.js"), "bench"]);
    expect(argv.slice(3, 5)).toEqual(["--model", "Qwen/Qwen3-32B"]);
  });
});

describe("arguments", () => {
  const nasty = [
    "plain",
    "two words",
    "semi;colon && $(touch PWNED) `id` $HOME",
    'quote\'s "double"',
    "glob * ? [a-z] ~",
    "pipe | redirect > < & background",
    "new\nline\ttab",
    "",
    "ünïcödé ş"
  ];

  it("shellLine round-trips through a real POSIX shell", () => {
    const out = execFileSync("/bin/sh", ["-c", `printf '%s\\0' ${shellLine(nasty)}`], {cwd: "/tmp", encoding: "utf8"});
    expect(out.split("\0").slice(0, -1)).toEqual(nasty);
    expect(shellWord("--max_num_tokens=16384")).toBe("--max_num_tokens=16384");
  });

  it("placeholders fill whole and partial arguments, other braces stay", () => {
    expect(
      fillPlaceholders(["--port", "{port}", "--url={base_url}/v1", "{json}", "{host}:{port}", "{run_dir}/x"], {
        host: "127.0.0.1",
        port: 9001,
        run_dir: "runs/a b"
      })
    ).toEqual(["--port", "9001", "--url=http://127.0.0.1:9001/v1", "{json}", "127.0.0.1:9001", "runs/a b/x"]);
  });

  it("a server argv that places {port} itself gets no --host/--port appended", () => {
    const settings = {...liveSettings(plan), port: 9100};
    const candidate = {...plan.steps[0].candidates[0], server: ["srv", "--listen", "{host}:{port}", "a b; c"]};
    expect(serverArgv(candidate, settings)).toEqual(["srv", "--listen", "127.0.0.1:9100", "a b; c"]);
  });
});
