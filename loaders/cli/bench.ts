// `tps-report bench`: the serving benchmark from Node, with `vllm bench serve`'s flags where they overlap.
import {basename} from "node:path";
import {runBenchmark, type BenchmarkOptions} from "../client/run-benchmark.js";
import type {GoodputMetric} from "../client/metrics.js";
// vllm bench serve's flags (checked in from vLLM's source); the ones refused carry their reason.
import VLLM_FLAGS from "../client/vllm-flags.json" with {type: "json"};
import {UsageError} from "./usage.js";

const USAGE = `usage: tps-report bench --base-url URL [--model NAME] [--endpoint /v1/chat/completions|/v1/completions]
         --dataset-name random|sharegpt [--dataset-path F]
         [--random-input-len N --random-output-len N --random-range-ratio R --random-prefix-len N]
         [--sharegpt-output-len N] [--input-len N] [--output-len N]
         --num-prompts N --seed S [--request-rate R|inf] [--burstiness B] [--max-concurrency C]
         [--tokenizer tokenizer.json|folder|model-id] [--served-model-name NAME] [--backend NAME] [--label L]
         [--ignore-eos] [--percentile-metrics ttft,tpot,itl,e2el] [--metric-percentiles 50,90,99]
         [--goodput ttft:MS tpot:MS e2el:MS] [--temperature T] [--top-p P] [--top-k K] [--extra-body JSON]
         [--header KEY=VALUE ...] [--metadata KEY=VALUE ...] [--request-id-prefix P] [--request-timeout S]
         [--save-result] [--save-detailed] [--result-dir D] [--result-filename F] [--prewarm-connections]
         [--num-warmups N] [--ready-check-timeout-sec S]

Same meanings as \`vllm bench serve\`; --host/--port (default 127.0.0.1:8000) stand in for --base-url.
--prewarm-connections (not in vLLM) opens the connections before the clock starts.
Prints the "Serving Benchmark Result" block; --save-result writes vLLM's result JSON.`;

function number(flag: string, value: string | undefined, integer = false): number {
  if (value === undefined) throw new UsageError(`${flag} needs a value`);
  // Number() reads "" as 0 and "0x10" as 16, which Python's int() and float() refuse.
  const n = value === "inf" ? Infinity : !value.trim() || /^\s*[+-]?0[xbo]/i.test(value) ? NaN : Number(value);
  if (Number.isNaN(n) || (integer && !Number.isInteger(n))) {
    throw new UsageError(`${flag}: '${value}' is not ${integer ? "an integer" : "a number"}`);
  }
  return n;
}

function pairs(flag: string, values: string[], separator: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of values) {
    const at = item.indexOf(separator);
    if (at <= 0) throw new UsageError(`${flag}: '${item}' is not KEY${separator}VALUE`);
    out[item.slice(0, at).trim()] = item.slice(at + 1).trim();
  }
  return out;
}

export function parseBenchArgs(argv: string[]): BenchmarkOptions | "help" {
  const args: string[] = [];
  for (const arg of argv) {
    const eq = arg.startsWith("--") ? arg.indexOf("=") : -1;
    if (eq > 0) args.push(arg.slice(0, eq), arg.slice(eq + 1));
    else args.push(arg);
  }
  const options: BenchmarkOptions = {baseUrl: ""};
  let host = "127.0.0.1";
  let port = 8000;
  let inputLen: number | undefined;
  let outputLen: number | undefined;
  const sampling: Record<string, unknown> = {};
  let extraBody: Record<string, unknown> | undefined;
  for (let i = 0; i < args.length; i++) {
    const flag = args[i];
    const value = (): string => {
      const next = args[++i];
      if (next === undefined) throw new UsageError(`${flag} needs a value`);
      return next;
    };
    // Flags that take several values (argparse nargs): everything up to the next --flag.
    const many = (): string[] => {
      const out: string[] = [];
      while (i + 1 < args.length && !args[i + 1].startsWith("--")) out.push(args[++i]);
      if (!out.length) throw new UsageError(`${flag} needs at least one value`);
      return out;
    };
    switch (flag) {
      case "--help":
      case "-h":
        return "help";
      case "--base-url":
        options.baseUrl = value();
        break;
      case "--host":
        host = value();
        break;
      case "--port":
        port = number(flag, value(), true);
        break;
      case "--endpoint": {
        const endpoint = value();
        if (endpoint !== "/v1/chat/completions" && endpoint !== "/v1/completions") {
          throw new UsageError(`--endpoint must be /v1/chat/completions or /v1/completions, got ${endpoint}`);
        }
        options.endpoint = endpoint;
        break;
      }
      case "--backend":
        options.backend = value();
        break;
      case "--label":
        options.label = value();
        break;
      case "--model":
        options.model = value();
        break;
      case "--served-model-name":
        options.servedModelName = value();
        break;
      case "--tokenizer":
        options.tokenizer = value();
        break;
      case "--dataset-name": {
        const name = value();
        if (name !== "random" && name !== "sharegpt") throw new UsageError(`--dataset-name must be random or sharegpt`);
        options.datasetName = name;
        break;
      }
      case "--dataset-path":
        options.datasetPath = value();
        break;
      case "--random-input-len":
        options.randomInputLen = number(flag, value(), true);
        break;
      case "--random-output-len":
        options.randomOutputLen = number(flag, value(), true);
        break;
      case "--random-range-ratio":
        options.randomRangeRatio = number(flag, value());
        break;
      case "--random-prefix-len":
        options.randomPrefixLen = number(flag, value(), true);
        break;
      case "--sharegpt-output-len":
        options.sharegptOutputLen = number(flag, value(), true);
        break;
      case "--input-len":
        inputLen = number(flag, value(), true);
        break;
      case "--output-len":
        outputLen = number(flag, value(), true);
        break;
      case "--num-prompts":
        options.numPrompts = number(flag, value(), true);
        break;
      case "--seed":
        options.seed = number(flag, value(), true);
        break;
      case "--request-rate":
        options.requestRate = number(flag, value());
        break;
      case "--burstiness":
        options.burstiness = number(flag, value());
        break;
      case "--max-concurrency":
        options.maxConcurrency = number(flag, value(), true);
        break;
      case "--ignore-eos":
        options.ignoreEos = true;
        break;
      case "--percentile-metrics":
        options.percentileMetrics = value()
          .split(",")
          .map((s) => s.trim());
        for (const metric of options.percentileMetrics) {
          if (!["ttft", "tpot", "itl", "e2el"].includes(metric)) {
            throw new UsageError(`--percentile-metrics: '${metric}' is not one of ttft, tpot, itl, e2el`);
          }
        }
        break;
      case "--metric-percentiles":
        options.metricPercentiles = value()
          .split(",")
          .map((s) => number(flag, s.trim()));
        break;
      case "--goodput": {
        const slo = pairs(flag, many(), ":");
        options.goodput = {};
        for (const [key, ms] of Object.entries(slo)) {
          if (!["ttft", "tpot", "e2el"].includes(key))
            throw new UsageError(`--goodput: '${key}' is not ttft, tpot or e2el`);
          const limit = number(flag, ms);
          if (limit < 0) throw new UsageError(`--goodput: ${key} must be non-negative`);
          options.goodput[key as GoodputMetric] = limit;
        }
        break;
      }
      case "--temperature":
      case "--top-p":
      case "--min-p":
      case "--frequency-penalty":
      case "--presence-penalty":
      case "--repetition-penalty":
        sampling[flag.slice(2).replace(/-/g, "_")] = number(flag, value());
        break;
      case "--top-k":
        sampling.top_k = number(flag, value(), true);
        break;
      case "--extra-body":
        try {
          extraBody = JSON.parse(value()) as Record<string, unknown>;
        } catch {
          throw new UsageError("--extra-body must be a JSON object");
        }
        break;
      case "--header":
        options.headers = pairs(flag, many(), "=");
        break;
      case "--metadata":
        options.metadata = pairs(flag, many(), "=");
        break;
      case "--request-id-prefix":
        options.requestIdPrefix = value();
        break;
      case "--request-timeout":
        options.requestTimeoutS = number(flag, value());
        break;
      case "--save-result":
        options.saveResult = true;
        break;
      case "--save-detailed":
        options.saveDetailed = true;
        break;
      case "--result-dir":
        options.resultDir = value();
        break;
      case "--result-filename":
        options.resultFilename = value();
        break;
      case "--num-warmups":
        options.numWarmups = number(flag, value(), true);
        break;
      case "--ready-check-timeout-sec":
        options.readyCheckTimeoutS = number(flag, value(), true);
        break;
      case "--prewarm-connections":
        options.prewarmConnections = true;
        break;
      case "--disable-tqdm":
        break;
      default: {
        const name = flag.split("=")[0].replace(/_/g, "-");
        const reason = (VLLM_FLAGS.unsupported as Record<string, string>)[name];
        if (reason) throw new UsageError(`${name} is not supported by tps-report bench: ${reason}`);
        throw new UsageError(`unknown option ${flag}`);
      }
    }
  }
  if (!options.baseUrl) options.baseUrl = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  if (inputLen !== undefined) options.randomInputLen = inputLen;
  if (outputLen !== undefined) {
    options.randomOutputLen = outputLen;
    options.sharegptOutputLen = outputLen;
  }
  if (Object.keys(sampling).length || extraBody) options.extraBody = {...sampling, ...extraBody};
  return options;
}

/** The result path as printed: under --result-dir only its name, since the runner writes there before a rename. */
function resultShown(options: BenchmarkOptions, path: string): string {
  return options.resultDir ? `${basename(path)} in the result directory` : path;
}

export async function main(argv: string[]): Promise<number> {
  let options: BenchmarkOptions | "help";
  try {
    options = parseBenchArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`tps-report bench: ${error.message}\n\n${USAGE}\n`);
    return 2;
  }
  if (options === "help") {
    process.stdout.write(USAGE + "\n");
    return 0;
  }
  try {
    const run = await runBenchmark(options);
    if (run.resultPath) process.stdout.write(`Result written to ${resultShown(options, run.resultPath)}\n`);
    return 0;
  } catch (error) {
    process.stderr.write(`tps-report bench: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}
