// `tps-report headroom`: prints the hardware ceiling on total token throughput for one scenario.
import {existsSync} from "node:fs";
import {relative} from "node:path";
import {
  BINDING_RULE,
  DEFAULT_MBU,
  DEFAULT_MEM_UTIL,
  DEFAULT_MFU,
  scenarioCeiling,
  type Ceiling
} from "../headroom/ceiling.js";
import {readGpuTable, resolveGpu, type Gpu} from "../headroom/gpus.js";
import {modelLabel, readModelConfig, SHIPPED_MODELS, type ModelDims} from "../headroom/model-config.js";
import {PRECISIONS, resolvePrecision} from "../headroom/precision.js";
import {MAX_PROMPTS, MAX_TOKENS} from "../study/schema.js";
import {UsageError} from "./usage.js";

const VALUE_FLAGS = [
  "model",
  "gpu",
  "input-len",
  "output-len",
  "num-prompts",
  "mfu",
  "mbu",
  "mem-util",
  "quantization",
  "tp",
  "pp",
  "dp"
] as const;
type ValueFlag = (typeof VALUE_FLAGS)[number];

function usage(gpus: Gpu[] | null): string {
  return [
    "usage: tps-report headroom --model CONFIG --gpu NAME --input-len I --output-len O --num-prompts N",
    "                           [--mfu F] [--mbu F] [--mem-util F] [--quantization Q] [--tp N] [--pp N] [--dp N]",
    "                           [--json]",
    "",
    "  --model         a Hugging Face config.json path, or a shipped model: " + Object.keys(SHIPPED_MODELS).join(", "),
    "  --gpu           a GPU id or nvidia-smi name: " +
      (gpus ? gpus.map((g) => g.id).join(", ") : "(GPU table unreadable)"),
    "  --input-len     input tokens per request (a mean is fine, e.g. 217.393)",
    "  --output-len    output tokens per request, at least 1",
    "  --num-prompts   number of requests, all sent at once",
    `  --mfu           model FLOP utilisation of the realistic ceiling (default ${DEFAULT_MFU})`,
    `  --mbu           memory bandwidth utilisation of the realistic ceiling (default ${DEFAULT_MBU})`,
    `  --mem-util      fraction of GPU memory for weights + KV cache (default ${DEFAULT_MEM_UTIL})`,
    `  --quantization  weight format: ${Object.keys(PRECISIONS).join(", ")} (default bf16)`,
    "  --tp, --pp      tensor and pipeline parallel size: one server on tp × pp GPUs that pay the interconnect",
    "  --dp            data parallel size: copies, each with an even share of the requests (default 1 each)",
    "  --json          print the numbers as JSON"
  ].join("\n");
}

function parseArgs(argv: string[]): {values: Partial<Record<ValueFlag, string>>; json: boolean; help: boolean} {
  const values: Partial<Record<ValueFlag, string>> = {};
  let json = false;
  let help = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--help" || arg === "-h") {
      help = true;
      continue;
    }
    if (arg === "--json") {
      json = true;
      continue;
    }
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    const name = match?.[1] as ValueFlag | undefined;
    if (!match || !VALUE_FLAGS.includes(name as ValueFlag))
      throw new UsageError(arg.startsWith("-") ? `unknown option ${arg.split("=")[0]}` : `unknown argument '${arg}'`);
    const value = match[2] ?? argv[++i];
    if (value === undefined) throw new UsageError(`--${name} needs a value`);
    values[name as ValueFlag] = value;
  }
  return {values, json, help};
}

function number(
  values: Partial<Record<ValueFlag, string>>,
  flag: ValueFlag,
  check: (x: number) => boolean,
  what: string
) {
  const text = values[flag];
  if (text === undefined) return undefined;
  const x = Number(text);
  if (text.trim() === "" || !Number.isFinite(x) || !check(x))
    throw new UsageError(`--${flag} must be ${what}, got '${text}'`);
  return x;
}

const int = (x: number) => Math.round(x).toLocaleString("en-US");
const fixed = (x: number, digits: number) =>
  x.toLocaleString("en-US", {minimumFractionDigits: digits, maximumFractionDigits: digits});
const sci = (x: number) => x.toExponential(4);
const gb = (bytes: number) => `${fixed(bytes / 1e9, 2)} GB`;

function render(dims: ModelDims, gpu: Gpu, c: Ceiling): string {
  const {numPrompts: N, inputLen: I, outputLen: O} = c.scenario;
  const len = (x: number) => (Number.isInteger(x) ? int(x) : fixed(x, 3));
  const k = c.counts;
  const rows: [string, string][] = [];
  const section = (title: string) => rows.push([title, ""]);
  const row = (label: string, value: string) => rows.push(["  " + label, value]);

  section("model");
  row("parameters", `${int(k.totalParams)} (non-embedding ${int(k.nonEmbeddingParams)})`);
  row("per layer", int(k.layerParams));
  row("layers (P_L)", `${int(k.layersParams)} = ${dims.layers} × ${int(k.layerParams)}`);
  row("embedding (P_emb)", `${int(k.embeddingParams)}${dims.tiedEmbeddings ? " (tied)" : " × 2 (untied)"}`);
  row("KV per token", `${int(k.kvBytesPerToken)} B`);
  row(
    "weights",
    `${gb(c.weights.resident)} resident, ${gb(c.weights.streamedPerStep)} read per iteration (${c.precision})`
  );
  const {tp, pp, dp, gpus} = c.parallel;
  section(gpus > 1 ? `gpus (${gpus}: tp ${tp} × pp ${pp} × dp ${dp}; one copy's below)` : "gpu");
  row("peak matmul", `${fixed(c.peakFlops / 1e12, 1)} TFLOP/s dense`);
  row("HBM bandwidth", `${int(c.bandwidth / 1e9)} GB/s`);
  row("memory", `${fixed(c.memoryBytes / 2 ** 30, 2)} GiB × ${c.memUtil} for weights + KV`);
  section("work");
  row("FLOPs", `${sci(c.flops.total)} (prefill ${sci(c.flops.prefill)}, decode ${sci(c.flops.decode)})`);
  row(
    "KV capacity",
    `${int(Math.floor(c.kvCapacityTokens))} tokens (${int(c.maxConcurrent)} sequences of I+1 at once)`
  );
  row(
    "iterations",
    `${fixed(c.iterations.count, 1)} (decode steps ${fixed(c.iterations.decodeSteps, 1)}, ` +
      `concurrency-limited ${int(c.iterations.concurrencyLimited)}, KV-limited ${fixed(c.iterations.kvLimited, 1)})`
  );
  row(
    "HBM bytes",
    `${sci(c.bytes.total)} (weights ${sci(c.bytes.weights)}, KV reads ${sci(c.bytes.kvReads)}, ` +
      `KV writes ${sci(c.bytes.kvWrites)})`
  );
  row("compute time", `${fixed(c.computeTime, 1)} s (F/Π)`);
  row("memory time", `${fixed(c.memoryTime, 1)} s (B/β)`);
  if (c.interconnect)
    row(
      "interconnect time",
      `${fixed(c.interconnect.time, 1)} s (X/λ: ${gb(c.interconnect.bytesPerGpu)} per GPU at ${int(c.interconnect.bandwidth / 1e9)} GB/s)`
    );
  section("ceiling");
  row("hard ceiling", `${int(c.ceilingTps)} tok/s`);
  row("realistic", `${int(c.realisticTps)} tok/s (MFU ${c.mfu}, MBU ${c.mbu}; binds: ${c.realisticBinding})`);
  row("no-overlap", `${int(c.noOverlapTps)} tok/s (prefill not overlapped with decode, at peak)`);
  row("reachable band", `${int(c.band[0])} – ${int(c.band[1])} tok/s`);
  row("binding resource", c.binding);

  const width = Math.max(...rows.map(([label]) => label.length)) + 2;
  return [
    `headroom: ${modelLabel(dims)} on ${gpu.name} (${gpu.id})`,
    `scenario: ${int(N)} prompts × (${len(I)} input + ${len(O)} output tokens) = ${int(c.totalTokens)} tokens`,
    "",
    ...rows.map(([label, value]) => (value ? label.padEnd(width) + value : label)),
    "",
    `binding rule: ${BINDING_RULE}`
  ].join("\n");
}

export async function main(argv: string[]): Promise<number> {
  let gpus: Gpu[] | null = null;
  let gpuTableError: Error | null = null;
  try {
    gpus = readGpuTable();
  } catch (error) {
    gpuTableError = error as Error;
  }
  try {
    const {values, json, help} = parseArgs(argv);
    if (help) {
      process.stdout.write(usage(gpus) + "\n");
      return 0;
    }
    const missing = (["model", "gpu", "input-len", "output-len", "num-prompts"] as const).filter((f) => !values[f]);
    if (missing.length > 0) throw new UsageError(`missing ${missing.map((f) => `--${f}`).join(", ")}`);
    if (!gpus) throw gpuTableError!;

    const modelArg = values.model!;
    if (!SHIPPED_MODELS[modelArg.toLowerCase()] && !existsSync(modelArg)) {
      throw new UsageError(
        `--model '${modelArg}': no such file and not a shipped model (known: ${Object.keys(SHIPPED_MODELS).join(", ")})`
      );
    }
    let gpu: Gpu;
    try {
      gpu = resolveGpu(gpus, values.gpu!);
    } catch (error) {
      throw new UsageError(`--gpu: ${(error as Error).message}`);
    }
    let precision;
    try {
      precision = resolvePrecision(values.quantization);
    } catch (error) {
      throw new UsageError(`--quantization: ${(error as Error).message}`);
    }
    const fraction = (x: number) => x > 0 && x <= 1;
    const scenario = {
      numPrompts: number(
        values,
        "num-prompts",
        (x) => Number.isInteger(x) && x >= 1 && x <= MAX_PROMPTS,
        `a whole number from 1 to ${MAX_PROMPTS}`
      )!,
      inputLen: number(values, "input-len", (x) => x >= 1 && x <= MAX_TOKENS, `from 1 to ${MAX_TOKENS}`)!,
      outputLen: number(values, "output-len", (x) => x >= 1 && x <= MAX_TOKENS, `from 1 to ${MAX_TOKENS}`)!
    };
    const options = {
      mfu: number(values, "mfu", fraction, "in (0, 1]"),
      mbu: number(values, "mbu", fraction, "in (0, 1]"),
      memUtil: number(values, "mem-util", fraction, "in (0, 1]"),
      precision,
      parallel: Object.fromEntries(
        (["tp", "pp", "dp"] as const).flatMap((flag) => {
          const n = number(values, flag, (x) => Number.isInteger(x) && x >= 1, "a whole number from 1");
          return n === undefined ? [] : [[flag, n]];
        })
      )
    };

    const dims = readModelConfig(modelArg);
    const ceiling = scenarioCeiling(dims, gpu, scenario, options);
    // The ceiling of a workload no server can hold would be a figure for nothing: vLLM refuses such a model length.
    if (scenario.inputLen + scenario.outputLen > ceiling.kvCapacityTokens)
      throw new Error(
        `one request of ${int(scenario.inputLen)} input + ${int(scenario.outputLen)} output tokens needs more KV cache than one copy of the model has on ${gpu.id}: ` +
          `${int(Math.floor(ceiling.kvCapacityTokens))} tokens (--mem-util ${ceiling.memUtil} of ${(ceiling.memoryBytes / 2 ** 30).toFixed(2)} GiB, less ${(ceiling.weights.resident / 1e9).toFixed(2)} GB of weights); ` +
          "a server refuses a model length above it: raise --mem-util, add GPUs (--tp, --pp) or shorten the request"
      );
    if (json) {
      const out = {
        model: modelLabel(dims),
        config: relative(process.cwd(), dims.source),
        gpu_name: gpu.name,
        ...ceiling
      };
      process.stdout.write(JSON.stringify(out, null, 2) + "\n");
    } else {
      process.stdout.write(render(dims, gpu, ceiling) + "\n");
    }
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`tps-report headroom: ${error.message}\n\n${usage(gpus)}\n`);
      return 2;
    }
    process.stderr.write(`tps-report headroom: ${(error as Error).message}\n`);
    return 1;
  }
}
