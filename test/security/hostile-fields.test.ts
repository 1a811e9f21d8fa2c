// Issue 29's acceptance line "no value or path can add a line to study.yaml, an sbatch script or a k8s manifest", for
// the fields quoting.test.ts does not feed: --set, the facts import reads from each tool's result files, the sbatch
// tasks folder, CLI path and directives, and every k8s field that comes from the user or the plan.
import {spawnSync} from "node:child_process";
import {chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterEach, beforeEach, describe, expect, it, vi} from "vitest";
import {parse, parseAllDocuments} from "yaml";
import {main as emitMain} from "../../loaders/cli/emit.js";
import {main as importMain} from "../../loaders/cli/import.js";
import {main as newMain} from "../../loaders/cli/new.js";
import {importResults, type ImportSource} from "../../loaders/import/index.js";
import {shellWord} from "../../loaders/command/shell-quote.js";
import {isId} from "../../loaders/study/ids.js";
import {writeSweepExperiment} from "../support/sweep-experiment.js";
import {pyJson, vllmResult} from "../support/vllm-result.js";

let tmp: string;
beforeEach(() => {
  tmp = mkdtempSync(join(tmpdir(), "tps-hostile-fields-"));
});
afterEach(() => {
  vi.restoreAllMocks();
  rmSync(tmp, {recursive: true, force: true});
});

/** A line that would be a key, a document break and a Pod, a command, backticks, both quotes and a comment. */
const HOSTILE = [
  "x\nnotes: [{en: INJECTED}]",
  "y\n---\nkind: Pod",
  "z$(touch PWNED)",
  "w`touch PWNED`",
  `q'"#x`,
  "r: s # t --- u"
];
/** What a line of a text log (trtllm-bench's header) can hold: everything but a line break. */
const ONE_LINE = HOSTILE.filter((h) => !h.includes("\n"));

/** The top-level keys import writes, and the only lines of study.yaml that start at column 0 besides comments. */
const PLAN_KEYS = [
  "id",
  "title",
  "objective",
  "model",
  "hardware",
  "engines",
  "client",
  "scenarios",
  "steps",
  "baseline"
];

const write = (name: string, text: string): string => {
  const file = join(tmp, name);
  mkdirSync(join(file, ".."), {recursive: true});
  writeFileSync(file, text);
  return file;
};

/** study.yaml as one document with import's keys and no line of its own from a value; its parsed plan. */
function planOf(study: string): any {
  const text = readFileSync(join(study, "study.yaml"), "utf8");
  expect(parseAllDocuments(text)).toHaveLength(1);
  const plan = parse(text);
  expect(Object.keys(plan)).toEqual(PLAN_KEYS);
  const top = text.split("\n").filter((l) => l !== "" && !l.startsWith("#") && !l.startsWith(" "));
  expect(top.map((l) => l.slice(0, l.indexOf(":")))).toEqual(PLAN_KEYS);
  expect(text).not.toMatch(/^[ \t]*(?:notes:|kind: Pod|---)/m);
  for (const engine of Object.values(plan.engines)) expect(Object.keys(engine as object)).toEqual(["name", "version"]);
  for (const step of plan.steps)
    for (const c of step.candidates)
      expect(Object.keys(c).filter((k) => !["quantization", "repeats"].includes(k))).toEqual([
        "id",
        "label",
        "engine",
        "model",
        "server"
      ]);
  expect(existsSync(join(tmp, "PWNED")) || existsSync("PWNED")).toBe(false);
  return plan;
}

const spec = {model: "Qwen/Qwen3-8B", numPrompts: 10, inputLen: 8, outputLen: 8, duration: 1};
const vllm = (extra: Record<string, unknown>, duration = 1) => pyJson({...vllmResult({...spec, duration}), ...extra});

describe("facts import reads from result files reach study.yaml as values, never as lines", () => {
  it("vLLM records: model, engine, version, GPU, dataset name and path, backend, a setting's key and value", () => {
    HOSTILE.forEach((h, i) => {
      const files = [
        write(`v${i}/a.json`, vllm({model_id: h, engine: h, vllm_version: h, gpu: h, [h]: h, dataset_name: h})),
        write(`v${i}/b.json`, vllm({model_id: h, engine: h, vllm_version: h, gpu: h, [h]: "2", dataset_path: h}, 2))
      ];
      const plan = planOf(importResults(files, join(tmp, `v${i}`, "study")).studyDir);
      expect(plan.model.name).toBe(h);
      expect(plan.hardware.name).toBe(h);
      expect(Object.keys(plan.engines).every(isId)).toBe(true);
      expect(Object.values(plan.engines)).toEqual([{name: h, version: h}]);
      const candidates = plan.steps.flatMap((s: any) => s.candidates);
      expect(candidates.map((c: any) => [c.model, c.server.slice(-2)])).toEqual(
        expect.arrayContaining([
          [h, [`--${h}`, h]],
          [h, [`--${h}`, "2"]]
        ])
      );
      expect(candidates.map((c: any) => c.engine)).toEqual(Object.keys(plan.engines).concat(Object.keys(plan.engines)));
      const scenarios = Object.values(plan.scenarios) as any[];
      expect(scenarios.map((s) => s.dataset)).toContain(h);
      expect(scenarios.map((s) => s.dataset_path)).toContain(h);
    });
  });

  it("a vLLM record's backend never reaches the plan; a file's name becomes the title as it is", () => {
    HOSTILE.forEach((h, i) => {
      const file = write(`b${i}/${h.replaceAll("/", "_")}.json`, vllm({backend: h}));
      const plan = planOf(importResults([file], join(tmp, `b${i}`, "study")).studyDir);
      const name = h.replaceAll("/", "_");
      expect(plan.title).toEqual({en: `Imported results: ${name}`, tr: `İçe aktarılan sonuçlar: ${name}`});
      expect(JSON.stringify(plan.client)).not.toContain("PWNED");
    });
  });

  it("SGLang server_info: model path, version and setting values", () => {
    const line = (h: string, rate: number) =>
      pyJson({
        backend: "sglang",
        dataset_name: "random",
        request_rate: rate,
        random_input_len: 8,
        random_output_len: 8,
        server_info: {model_path: h, tp_size: 2, version: h, kv_cache_dtype: h},
        duration: 10,
        completed: 10,
        total_input_tokens: 80,
        total_output_tokens: 80,
        request_throughput: 1,
        output_throughput: 8,
        mean_ttft_ms: 1
      });
    HOSTILE.forEach((h, i) => {
      const file = write(`s${i}/sglang.jsonl`, `${line(h, 4)}\n${line(h, 8)}\n`);
      const plan = planOf(importResults([file], join(tmp, `s${i}`, "study")).studyDir);
      expect(plan.model.name).toBe(h);
      expect(plan.engines).toEqual({sglang: {name: "SGLang", version: h}});
      const [c] = plan.steps[0].candidates;
      expect(c.server).toEqual([
        ...["python3", "-m", "sglang.launch_server", "--model-path", h, "--tp-size", "2"],
        ...["--kv-cache-dtype", h]
      ]);
    });
  });

  it("GuideLLM and AIPerf: the model and the dataset file", () => {
    HOSTILE.forEach((h, i) => {
      const guidellm = write(
        `g${i}/benchmarks.json`,
        JSON.stringify({
          benchmarks: [
            {
              type_: "generative_benchmark",
              args: {strategy: {type_: "constant", rate: 4.0}},
              worker: {backend_model: h},
              request_loader: {data: h},
              duration: 24.0,
              metrics: {
                request_totals: {successful: 96, incomplete: 0, errored: 0, total: 96},
                requests_per_second: {successful: {mean: 4}},
                output_tokens_per_second: {successful: {mean: 512}},
                tokens_per_second: {successful: {mean: 1536}}
              }
            }
          ]
        })
      );
      const aiperf = write(
        `a${i}/profile_export_aiperf.json`,
        JSON.stringify({
          schema_version: "1.3",
          aiperf_version: "0.10.0",
          request_throughput: {unit: "requests/sec", avg: 9.6},
          output_token_throughput: {unit: "tokens/sec", avg: 4800},
          request_count: {unit: "requests", avg: 96},
          benchmark_duration: {unit: "sec", avg: 10},
          input_config: {endpoint: {model_names: [h]}, input: {file: h}, loadgen: {concurrency: 10}}
        })
      );
      for (const [tool, file] of [
        ["guidellm", guidellm],
        ["aiperf", aiperf]
      ]) {
        const plan = planOf(importResults([file], join(tmp, `${tool}${i}`)).studyDir);
        expect([tool, plan.model.name]).toEqual([tool, h]);
        expect([tool, (Object.values(plan.scenarios)[0] as any).dataset_path]).toEqual([tool, h]);
        expect(plan.client.name).toBe(tool);
      }
    });
  });

  it("trtllm-bench's header lines: model, version, dataset path (a line holds no line break)", () => {
    const log = readFileSync("test/fixtures/parse/trtllm-bench.txt", "utf8");
    ONE_LINE.forEach((h, i) => {
      const text = log
        .replace("Model:\t\t\tQwen/Qwen3-8B", `Model:\t\t\t${h}`)
        .replace("TensorRT LLM Version:\t1.2.0rc1", `TensorRT LLM Version:\t${h}`)
        .replace("Model Path:\t\tNone", `Model Path:\t\tNone\nDataset Path:\t\t${h}`);
      const plan = planOf(importResults([write(`t${i}/trtllm-bench.log`, text)], join(tmp, `t${i}`, "st")).studyDir);
      expect(plan.model.name).toBe(h);
      expect(plan.engines).toEqual({trtllm: {name: "TensorRT-LLM", version: h}});
      expect((Object.values(plan.scenarios)[0] as any).dataset_path).toBe(h);
    });
  });

  it("vllm bench sweep combo folders: names that are not key=value pairs become labels and scenario names", () => {
    HOSTILE.forEach((h, i) => {
      const exp = join(tmp, `sweep${i}`);
      writeSweepExperiment(exp, {runs: 1});
      const combo = "SERVE-max_num_seqs=64-BENCH-random_input_len=2000-random_output_len=100";
      renameSync(join(exp, combo), join(exp, `SERVE-${h}-BENCH-${h}`));
      const plan = planOf(importResults([exp], join(tmp, `sweep${i}-study`)).studyDir);
      const labels = plan.steps.flatMap((s: any) => s.candidates.map((c: any) => c.label));
      // A name import gives from a scenario's shape is in both page languages.
      const names = Object.values(plan.scenarios).flatMap((s: any) =>
        typeof s.name === "string" ? [s.name] : [s.name.en, s.name.tr]
      );
      expect([...labels, ...names].filter((v) => v.includes(h)).length).toBeGreaterThan(0);
    });
  });

  it("results added to an existing study: the plan rewritten keeps each value on its line", () => {
    HOSTILE.forEach((h, i) => {
      const study = join(tmp, `m${i}`, "study");
      importResults([write(`m${i}/a.json`, vllm({max_num_seqs: "64"}))], study);
      const report = importResults([write(`m${i}/b.json`, vllm({max_num_seqs: h, gpu: h}, 2))], study);
      expect(report.conflicts).toEqual([]);
      const plan = planOf(study);
      expect(plan.steps[0].candidates.map((c: any) => c.server.at(-1))).toEqual(expect.arrayContaining(["64", h]));
    });
  });
});

describe("tps-report import --set", () => {
  const source = () => [write("a.json", vllm({})), write("b.json", vllm({}, 2))];

  it("keys and values given to the import API round-trip into the plan as values", () => {
    HOSTILE.forEach((h, i) => {
      const [a, b] = source();
      const sets: Record<string, string>[] = [
        {[h]: h, gpu: h},
        {gpu: h, engine_version: h, dataset_name: h}
      ];
      const given: ImportSource[] = [
        {path: a, set: sets[0]},
        {path: b, set: sets[1]}
      ];
      const plan = planOf(importResults(given, join(tmp, `set${i}`)).studyDir);
      const candidates = plan.steps.flatMap((s: any) => s.candidates);
      expect(candidates.map((c: any) => c.server.slice(-2))).toContainEqual([`--${h}`, h]);
      expect(plan.hardware.name).toBe(h);
      expect(Object.values(plan.engines).map((e: any) => e.version)).toContain(h);
      expect(Object.values(plan.scenarios).map((s: any) => s.dataset)).toContain(h);
    });
  });

  it("on the command line: a value with a line break is refused in one line; any other round-trips", async () => {
    const stderr: string[] = [];
    vi.spyOn(process.stderr, "write").mockImplementation((chunk) => (stderr.push(String(chunk)), true));
    vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    for (const [i, h] of HOSTILE.entries()) {
      stderr.length = 0;
      const study = join(tmp, `cli${i}`);
      const code = await importMain(["--set", `gpu=${h}`, ...source(), "--into", study]);
      if (h.includes("\n")) {
        expect(code).toBe(2);
        const [first] = stderr.join("").split("\n");
        expect(first).toMatch(/^tps-report import: --set \$'gpu=.*: a setting cannot hold a line break$/);
        expect(stderr.join("")).not.toMatch(/^(?:notes|---|kind)/m);
        expect(existsSync(study)).toBe(false);
      } else {
        expect(code).toBe(0);
        expect(planOf(study).hardware.name).toBe(h);
      }
    }
  });
});

describe("a setting a file records otherwise than --set", () => {
  it("is refused in one line naming the file, the key and both values, quoted as shell words", async () => {
    const stderr: string[] = [];
    vi.spyOn(process.stderr, "write").mockImplementation((chunk) => (stderr.push(String(chunk)), true));
    for (const [i, h] of HOSTILE.entries()) {
      stderr.length = 0;
      const file = write(`conflict${i}/a.json`, vllm({gpu: h}));
      expect(await importMain(["--set", "gpu=NVIDIA B200", file, "--into", join(tmp, `conflict${i}`, "st")])).toBe(1);
      expect(stderr.join("").split("\n")).toEqual([
        `tps-report import: ${file}: records gpu=${shellWord(h, "bash")}, not 'NVIDIA B200' as --set says`,
        "tps-report import: nothing was written",
        ""
      ]);
    }
  });
});

describe("tps-report new", () => {
  it("the model, GPU, engine version and dataset path are values of the plan it writes, read back exactly", async () => {
    vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    for (const [i, h] of [...HOSTILE, "@org/m", "a #b"].entries()) {
      const dir = join(tmp, `new${i}`);
      const path = h.replaceAll(":", "");
      const argv = ["--model", h, "--gpu", h, "--engine", `vllm=${h}`, "--scenario", `s:sharegpt:${path}:10`];
      expect([h, await newMain([dir, ...argv])]).toEqual([h, 0]);
      const text = readFileSync(join(dir, "study.yaml"), "utf8");
      expect(parseAllDocuments(text)).toHaveLength(1);
      const keys = ["id", "title", "goal", "objective", "model", "hardware", "engines", "client", "serve"];
      const top = text.split("\n").filter((l) => l !== "" && !l.startsWith("#") && !l.startsWith(" "));
      expect(top.map((l) => l.slice(0, l.indexOf(":")))).toEqual([...keys, "scenarios", "steps", "baseline"]);
      const plan = parse(text);
      expect([plan.model.name, plan.hardware.gpu, plan.engines.vllm.version]).toEqual([h, h, h]);
      expect([plan.title, plan.goal]).toEqual([`${h} on ${h}`, `High total token throughput for ${h}.`]);
      expect(plan.scenarios.s.dataset_path).toBe(path);
      expect(plan.steps[0].candidates[0].server).toEqual(["vllm", "serve", h]);
    }
  });
});

describe("tps-report run --emit slurm|k8s", () => {
  /** A study in a folder whose name holds a line break, a command and both quotes. */
  function hostileStudy(): string {
    const study = join(tmp, `st\n$(touch PWNED)\`touch PWNED\`'"`);
    importResults([write("r.json", vllm({}))], study);
    return study;
  }

  /** Runs the emit command; its exit code, stderr and the file written (or null). */
  async function emit(argv: string[]): Promise<{code: number; stderr: string; text: string | null}> {
    const out = join(tmp, `emit-${Math.random().toString(36).slice(2)}`);
    const stderr: string[] = [];
    const spy = vi.spyOn(process.stderr, "write").mockImplementation((chunk) => (stderr.push(String(chunk)), true));
    const code = await emitMain([...argv, "--out", out]);
    spy.mockRestore();
    return {code, stderr: stderr.join(""), text: existsSync(out) ? readFileSync(out, "utf8") : null};
  }

  /** Runs an sbatch script as Slurm's task 0 would, with node replaced by a recorder; the words it was given. */
  function runTask(script: string): string[] {
    const file = join(tmp, "task.sbatch");
    writeFileSync(file, script);
    expect(spawnSync("bash", ["-n", file]).status).toBe(0);
    const node = join(tmp, "fake-node");
    writeFileSync(node, `#!/bin/sh\nprintf '%s\\0' "$@" > "$ARGS_OUT"\n`);
    chmodSync(node, 0o755);
    const args = join(tmp, "args");
    const r = spawnSync("bash", [file], {
      cwd: tmp,
      timeout: 10_000,
      env: {...process.env, SLURM_ARRAY_TASK_ID: "0", SLURM_ARRAY_JOB_ID: "1", TPS_NODE: node, ARGS_OUT: args}
    });
    expect(r.status).toBe(0);
    expect(existsSync(join(tmp, "PWNED"))).toBe(false);
    return readFileSync(args, "utf8").split("\0").slice(0, -1);
  }

  it("the tasks folder and the CLI path reach the task's node command as one word each; none runs", async () => {
    const study = hostileStudy();
    for (const h of ["x$(touch${IFS}PWNED)", "x`touch${IFS}PWNED`", "x---y"]) {
      const tasks = join(tmp, h);
      const cli = join(tmp, `cli${h}\n$(touch PWNED)'"`, "tps-report.js");
      const {code, text} = await emit([study, "--emit", "slurm", "--tasks-dir", tasks, "--cli", cli]);
      expect(code).toBe(0);
      const lines = text!.split("\n");
      expect(lines.filter((l) => l.startsWith("#SBATCH")).length).toBe(6);
      expect(lines).toHaveLength(18);
      expect(runTask(text!)).toEqual([
        ...[cli, "run", study, "--only", "sweep--default", "--runs-dir", `${tasks}/sweep--default`],
        ...["--port", "auto", "--resume"]
      ]);
    }
  });

  it("a tasks folder, partition, time or gres an #SBATCH line cannot hold is refused in one line naming it", async () => {
    const study = hostileStudy();
    for (const h of HOSTILE.filter((v) => /[\s'"#]/.test(v)))
      for (const [flag, option] of [
        ["--output", "--tasks-dir"],
        ["--partition", "--partition"],
        ["--time", "--time"],
        ["--gres", "--gres"]
      ]) {
        const args = option === "--tasks-dir" ? [option, join(tmp, h)] : ["--tasks-dir", join(tmp, "t"), option, h];
        const {code, stderr, text} = await emit([study, "--emit", "slurm", ...args]);
        expect([flag, code, text]).toEqual([flag, 1, null]);
        expect(stderr.split("\n")).toEqual([expect.stringMatching(`^tps-report run: ${flag} .*#SBATCH value`), ""]);
      }
  });

  it("image, volume, namespace, mount, tasks path, CLI and study folder: values of one Job document, never lines", async () => {
    const study = hostileStudy();
    for (const h of HOSTILE) {
      const mount = `/m${h}`;
      const argv = ["--image", h, "--volume", h, "--namespace", h, "--mount", mount, "--cli", `c${h}`];
      const {code, text} = await emit([study, "--emit", "k8s", ...argv]);
      expect(code).toBe(0);
      expect(parseAllDocuments(text!)).toHaveLength(1);
      const top = text!.split("\n").filter((l) => l !== "" && !l.startsWith(" "));
      expect(top.filter((l) => !l.startsWith("#"))).toEqual([
        "apiVersion: batch/v1",
        "kind: Job",
        "metadata:",
        "spec:"
      ]);
      expect(top.filter((l) => l.startsWith("#"))).toHaveLength(3);
      const job = parse(text!);
      const pod = job.spec.template.spec;
      expect([job.metadata.namespace, pod.containers[0].image, pod.volumes[0].persistentVolumeClaim.claimName]).toEqual(
        [h, h, h]
      );
      expect(pod.containers[0].volumeMounts[0].mountPath).toBe(mount);
      // The pod's sh hands the CLI, the study folder and the tasks folder over as they were given.
      const script: string = pod.containers[0].command[2];
      const shown = spawnSync("sh", ["-c", script.replace(/^exec /m, "printf '%s\\0' "), "t", "sweep--default"], {
        cwd: tmp,
        encoding: "utf8",
        timeout: 5000,
        env: {...process.env, JOB_COMPLETION_INDEX: "0"}
      });
      const words = shown.stdout.replace(/^tps-report task 0: sweep--default on .*\n/, "").split("\0");
      expect(words.slice(0, 7)).toEqual([
        ...[`c${h}`, "run", `${mount}/${study.split("/").pop()}`, "--only", "sweep--default"],
        ...["--runs-dir", `${mount}/tasks/sweep--default`]
      ]);
      expect(existsSync(join(tmp, "PWNED"))).toBe(false);
    }
  });
});
