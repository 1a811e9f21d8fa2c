// `tps-report new STUDY_DIR`: scaffolds a commented study plan for live mode from flags; `tps-report run` runs it.
import {existsSync, mkdirSync, readdirSync} from "node:fs";
import {basename, join, relative, resolve} from "node:path";
import {fileURLToPath} from "node:url";
import {parseArgs} from "node:util";
import {writeFileAtomic} from "../files/write-atomic.js";
import {shellWord} from "../command/shell-quote.js";
import {planNotFolder} from "../runs/study-folder.js";
import {UsageError, wholeNumber, argsError} from "./usage.js";
import {isId, slugId} from "../study/ids.js";
import {parseStudyPlan, PlanError} from "../study/plan.js";
import {PLACEHOLDER} from "../study/schema.js";
import {yamlComment, yamlScalar} from "../study/yaml-text.js";

const SCHEMA = fileURLToPath(new URL("../../schema/study.schema.json", import.meta.url));

const USAGE = `usage: tps-report new STUDY_DIR --model HF_ID [--gpu GPU_ID] [--gpu-count N] [--engine ID=VERSION]…
                        [--scenario ID:random:IN:OUT:PROMPTS | ID:sharegpt:PATH:PROMPTS]…

Writes STUDY_DIR/study.yaml: a commented plan with one engine-selection step (a candidate per --engine),
ready for \`tps-report run STUDY_DIR\`. Defaults: --engine vllm=TODO, --scenario random-2000-100:random:2000:100:500.`;

const SERVER: Record<string, (model: string) => string[]> = {
  vllm: (m) => ["vllm", "serve", m],
  sglang: (m) => ["python3", "-m", "sglang.launch_server", "--model-path", m],
  trtllm: (m) => ["trtllm-serve", m]
};
const NAMES: Record<string, string> = {vllm: "vLLM", sglang: "SGLang", trtllm: "TensorRT-LLM"};

export function newStudyYaml(opts: {
  id: string;
  model: string;
  gpu: string;
  gpuCount: number;
  engines: [string, string][];
  scenarios: string[];
  schemaPath: string;
}): string {
  const out: string[] = [`# yaml-language-server: $schema=${yamlComment(opts.schemaPath)}`];
  const l = (t = "") => out.push(t);
  l(
    "# Written by `tps-report new`. Edit freely; `tps-report check` validates it, `tps-report run` runs what is missing."
  );
  l(`# Every field is described in docs/study-format.md. Values starting with ${PLACEHOLDER} are still to fill in.`);
  l(`id: ${opts.id}`);
  l(`title: ${yamlScalar(`${opts.model} on ${opts.gpu}`)}`);
  l("# Text fields take a plain string or {en: …, tr: …}.");
  // One scalar: the model quoted inside a plain one would end it at ' #' or fail at ': '.
  l(`goal: ${yamlScalar(`High total token throughput for ${opts.model}.`)}`);
  l("objective: total_token_throughput");
  l();
  l("model:");
  l(`  name: ${yamlScalar(opts.model)}`);
  l("  # config: data/models/<model>.config.json   # for the hardware ceiling");
  l();
  l("hardware:");
  l(`  gpu: ${yamlScalar(opts.gpu)}   # an id in data/gpus/gpus.yaml`);
  l(`  count: ${opts.gpuCount}`);
  l();
  l("engines:");
  for (const [id, version] of opts.engines)
    l(`  ${id}: {name: ${yamlScalar(NAMES[id] ?? id)}, version: ${yamlScalar(version)}}`);
  l();
  l("client:");
  l("  # {model} becomes each candidate's model; each scenario adds its dataset and length flags.");
  l('  argv: [vllm, bench, serve, --model, "{model}"]');
  l();
  l("serve:");
  l("  port: 8000");
  l("  ready_timeout_s: 1200");
  l();
  l("scenarios:");
  for (const spec of opts.scenarios) {
    const [id, dataset, ...rest] = spec.split(":");
    l(`  ${id}:`);
    l(`    dataset: ${dataset}`);
    if (dataset === "random") {
      l(`    input_len: ${rest[0]}`);
      l(`    output_len: ${rest[1]}`);
      l(`    num_prompts: ${rest[2]}`);
      l("    seed: 42");
    } else {
      l(`    dataset_path: ${yamlScalar(rest[0])}`);
      l(`    num_prompts: ${rest[1]}`);
    }
  }
  l();
  l("# Greedy elimination: each selection step keeps the best configuration so far unless a candidate beats it.");
  l("steps:");
  l("  - id: engine-selection");
  l("    title: Engine selection");
  l(`    scenarios: [${opts.scenarios.map((s) => s.split(":")[0]).join(", ")}]`);
  if (opts.scenarios.length > 1) {
    l("    # Several scenarios: the geometric mean of each candidate's ratios to the baseline decides.");
    l("    decision: geometric-mean");
  }
  l("    candidates:");
  for (const [id] of opts.engines) {
    const server = (SERVER[id] ?? (() => [`${PLACEHOLDER}: the ${id} server command`]))(opts.model);
    l(`      - id: ${id}`);
    l(`        engine: ${id}`);
    l(`        server: [${server.map(yamlScalar).join(", ")}]`);
  }
  l();
  l("# The starting point gains are measured against.");
  l(`baseline: {step: engine-selection, candidate: ${opts.engines[0][0]}}`);
  return out.join("\n") + "\n";
}

const SCENARIO = /^[a-z0-9][a-z0-9._-]*:(?:random:\d+:\d+:\d+|sharegpt:[^:]+:\d+)$/;

export async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        model: {type: "string"},
        gpu: {type: "string"},
        "gpu-count": {type: "string"},
        engine: {type: "string", multiple: true},
        scenario: {type: "string", multiple: true},
        help: {type: "boolean", short: "h"}
      }
    });
  } catch (error) {
    process.stderr.write(`tps-report new: ${argsError(error, argv)}\n${USAGE}\n`);
    return 2;
  }
  if (parsed.values.help) {
    process.stdout.write(USAGE + "\n");
    return 0;
  }
  const fail = (message: string) => {
    process.stderr.write(`tps-report new: ${message}\n${USAGE}\n`);
    return 2;
  };
  const [dir, ...extra] = parsed.positionals;
  if (!dir || extra.length) return fail("give one STUDY_DIR");
  const asPlan = planNotFolder(dir);
  if (asPlan) return fail(asPlan);
  if (!parsed.values.model) return fail("--model is required (a Hugging Face id, e.g. Qwen/Qwen3-8B)");
  const file = join(dir, "study.yaml");
  if (existsSync(file)) return fail(`${file} exists; not overwritten`);
  if (existsSync(dir) && readdirSync(dir).length) return fail(`${dir} is not empty`);
  const engines = (parsed.values.engine ?? [`vllm=${PLACEHOLDER}: the vLLM version`]).map((e) => {
    const [id, ...version] = e.split("=");
    return [id, version.join("=") || `${PLACEHOLDER}: the ${id} version`] as [string, string];
  });
  for (const [id] of engines)
    if (!isId(id)) return fail(`--engine ${id}: not an id (lowercase letters, digits, . _ -)`);
  const scenarios = parsed.values.scenario ?? ["random-2000-100:random:2000:100:500"];
  for (const s of scenarios)
    if (!SCENARIO.test(s))
      return fail(`--scenario ${s}: expected ID:random:IN:OUT:PROMPTS or ID:sharegpt:PATH:PROMPTS`);
  let count: number;
  try {
    count = wholeNumber("--gpu-count", parsed.values["gpu-count"] ?? "1", 1);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    return fail(error.message);
  }
  const text = newStudyYaml({
    id: slugId(basename(resolve(dir))),
    model: parsed.values.model,
    gpu: parsed.values.gpu ?? `${PLACEHOLDER}: the GPU id in data/gpus/gpus.yaml`,
    gpuCount: count,
    engines,
    scenarios,
    schemaPath: relative(resolve(dir), SCHEMA)
  });
  try {
    parseStudyPlan(text, file, dir);
  } catch (error) {
    if (error instanceof PlanError) return fail(error.message);
    throw error;
  }
  mkdirSync(join(dir, "runs"), {recursive: true});
  writeFileAtomic(file, text);
  const word = shellWord(dir, "bash");
  process.stdout.write(
    `${file}: written; check it with tps-report check ${word}, run it with tps-report run ${word}\n`
  );
  return 0;
}
