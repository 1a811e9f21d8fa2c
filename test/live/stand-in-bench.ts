// Stands in for `vllm bench serve` in tests: same flags, real streaming requests to the server, a vLLM v0.11 result
// block computed from what it measured, --save-result JSON; on demand it fails, hangs or leaves a child behind.
//   node --import tsx test/live/stand-in-bench.ts --model M --host H --port P --dataset-name random
//     --random-input-len N --random-output-len N --num-prompts N [--save-result --result-dir D --result-filename F]
//     [--stand-in-exit CODE] [--stand-in-hang] [--stand-in-ignore-term] [--stand-in-spawn-child]
//     [--stand-in-tee FILE (every stdout byte also goes there, to check the copy the runner keeps)]
//     [--stand-in-fixed-prompts (the same prompts whatever --seed says: a client that repeats its prompts)]
// Prompts are distinct per request and drawn from --seed, as vLLM's random dataset's are. The initial test run sends a
// prompt of its own (vLLM's sends the first prompt again): its cache hit would make a run's hit rate depend on where the
// measured window's edge falls between two scrapes.
import {spawn} from "node:child_process";
import {appendFileSync, mkdirSync, writeFileSync} from "node:fs";
import {join} from "node:path";

interface Args {
  model: string;
  backend: string;
  endpoint: string;
  host: string;
  port: number;
  baseUrl: string | null;
  datasetName: string;
  datasetPath: string | null;
  inputLen: number;
  outputLen: number;
  numPrompts: number;
  /** --max-concurrency: a closed loop of this many requests in flight; null sends every prompt at once. */
  maxConcurrency: number | null;
  seed: number;
  label: string | null;
  metadata: string[];
  saveResult: boolean;
  resultDir: string | null;
  resultFilename: string | null;
  exitCode: number | null;
  hang: boolean;
  ignoreTerm: boolean;
  spawnChild: boolean;
  tee: string | null;
  fixedPrompts: boolean;
}

function parseArgs(argv: string[]): Args {
  const args: Args = {
    model: "",
    backend: "openai-chat",
    endpoint: "/v1/chat/completions",
    host: "127.0.0.1",
    port: 8000,
    baseUrl: null,
    datasetName: "random",
    datasetPath: null,
    inputLen: 1024,
    outputLen: 128,
    numPrompts: 1000,
    maxConcurrency: null,
    seed: 0,
    label: null,
    metadata: [],
    saveResult: false,
    resultDir: null,
    resultFilename: null,
    exitCode: null,
    hang: false,
    ignoreTerm: false,
    spawnChild: false,
    tee: null,
    fixedPrompts: false
  };
  const value = (i: number): string => {
    if (i >= argv.length) usage(`argument ${argv[i - 1]}: expected one argument`);
    return argv[i];
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    switch (flag) {
      case "--model":
        args.model = value(++i);
        break;
      case "--backend":
        args.backend = value(++i);
        break;
      case "--endpoint":
        args.endpoint = value(++i);
        break;
      case "--host":
        args.host = value(++i);
        break;
      case "--port":
        args.port = Number(value(++i));
        break;
      case "--base-url":
        args.baseUrl = value(++i);
        break;
      case "--dataset-name":
        args.datasetName = value(++i);
        break;
      case "--dataset-path":
        args.datasetPath = value(++i);
        break;
      case "--random-input-len":
        args.inputLen = Number(value(++i));
        break;
      case "--random-output-len":
        args.outputLen = Number(value(++i));
        break;
      case "--num-prompts":
        args.numPrompts = Number(value(++i));
        break;
      case "--max-concurrency":
        args.maxConcurrency = Number(value(++i));
        break;
      case "--num-warmups":
        value(++i);
        break;
      case "--seed":
        args.seed = Number(value(++i));
        break;
      case "--label":
        args.label = value(++i);
        break;
      case "--metadata":
        while (i + 1 < argv.length && !argv[i + 1].startsWith("--")) args.metadata.push(argv[++i]);
        break;
      case "--save-result":
        args.saveResult = true;
        break;
      case "--result-dir":
        args.resultDir = value(++i);
        break;
      case "--result-filename":
        args.resultFilename = value(++i);
        break;
      case "--stand-in-exit":
        args.exitCode = Number(value(++i));
        break;
      case "--stand-in-hang":
        args.hang = true;
        break;
      case "--stand-in-ignore-term":
        args.ignoreTerm = true;
        break;
      case "--stand-in-spawn-child":
        args.spawnChild = true;
        break;
      case "--stand-in-fixed-prompts":
        args.fixedPrompts = true;
        break;
      case "--stand-in-tee":
        args.tee = value(++i);
        break;
      default:
        usage(`unrecognized arguments: ${flag}`);
    }
  }
  if (!args.model) usage("the following arguments are required: --model");
  if (args.datasetName !== "random")
    usage(`stand-in: only --dataset-name random is supported, not ${args.datasetName}`);
  return args;
}

function usage(message: string): never {
  process.stderr.write(`usage: vllm bench serve [options]\nvllm bench serve: error: ${message}\n`);
  process.exit(2);
}

interface RequestResult {
  ok: boolean;
  error: string;
  promptTokens: number;
  outputTokens: number;
  start: number;
  ttft: number;
  latency: number;
  /** Gaps between token arrivals after the first, seconds. */
  itl: number[];
  /** Arrival time of each token, ms on the performance clock. */
  tokenTimes: number[];
}

async function request(url: string, args: Args, prompt: string, maxTokens: number): Promise<RequestResult> {
  const start = performance.now();
  const result: RequestResult = {
    ok: false,
    error: "",
    promptTokens: args.inputLen,
    outputTokens: 0,
    start,
    ttft: 0,
    latency: 0,
    itl: [],
    tokenTimes: []
  };
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: {"content-type": "application/json"},
      body: JSON.stringify({
        model: args.model,
        messages: [{role: "user", content: prompt}],
        max_completion_tokens: maxTokens,
        stream: true,
        stream_options: {include_usage: true}
      })
    });
    if (response.status !== 200 || !response.body) {
      result.error = `HTTP ${response.status}: ${await response.text()}`;
      return result;
    }
    const decoder = new TextDecoder();
    let buffer = "";
    let done = false;
    let last = start;
    for await (const part of response.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(part, {stream: true});
      let cut: number;
      while ((cut = buffer.indexOf("\n\n")) >= 0) {
        const event = buffer.slice(0, cut).trim();
        buffer = buffer.slice(cut + 2);
        if (!event.startsWith("data:")) continue;
        const data = event.slice(5).trim();
        if (data === "[DONE]") {
          done = true;
          continue;
        }
        const chunk = JSON.parse(data) as {
          choices?: {delta?: {content?: string}}[];
          usage?: {prompt_tokens?: number; completion_tokens?: number};
        };
        const now = performance.now();
        if (chunk.choices?.[0]?.delta?.content) {
          if (result.tokenTimes.length === 0) result.ttft = (now - start) / 1000;
          else result.itl.push((now - last) / 1000);
          result.tokenTimes.push(now);
          last = now;
        }
        if (chunk.usage) {
          result.promptTokens = chunk.usage.prompt_tokens ?? result.promptTokens;
          result.outputTokens = chunk.usage.completion_tokens ?? result.outputTokens;
        }
      }
    }
    result.latency = (performance.now() - start) / 1000;
    if (!result.outputTokens) result.outputTokens = result.tokenTimes.length;
    result.ok = done;
    if (!done) result.error = "stream ended without [DONE]";
  } catch (error) {
    result.error =
      error instanceof Error ? `${error.name}: ${(error.cause as Error)?.message ?? error.message}` : String(error);
  }
  return result;
}

/** numpy.percentile with linear interpolation; 0 for an empty list, as vLLM prints. */
function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (p / 100) * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low] + (sorted[high] - sorted[low]) * (rank - low);
}

const mean = (values: number[]): number => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0);

function line(label: string, value: string | number): string {
  return `${label.padEnd(40)} ${String(value).padEnd(10)}`;
}

function section(title: string): string {
  const width = 50 - title.length;
  const left = Math.floor(width / 2);
  return "-".repeat(left) + title + "-".repeat(width - left);
}

let teeFile: string | null = null;

/** stdout, and the same bytes to the tee file when asked for. */
function emit(data: string | Buffer): void {
  process.stdout.write(data);
  if (teeFile) appendFileSync(teeFile, data);
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  teeFile = args.tee;
  // Bytes a text-mode copy would damage: a progress carriage return, CRLF, a non-ASCII word, an invalid UTF-8 byte.
  emit(Buffer.from([0x70, 0x72, 0x65, 0x70, 0x0d, 0x50, 0x52, 0x45, 0x50, 0x0d, 0x0a, 0xc5, 0x9f, 0xff, 0x0a]));
  if (args.ignoreTerm) process.on("SIGTERM", () => emit("stand-in: ignoring SIGTERM\n"));
  // vLLM prints its parsed arguments first; the stand-in prints the argv it received, as JSON.
  emit(`argv: ${JSON.stringify(process.argv.slice(2))}\n`);
  const base = args.baseUrl ?? `http://${args.host}:${args.port}`;
  const url = base + args.endpoint;
  const models = await fetch(`${base}/v1/models`).then(
    (r) => r.json() as Promise<{data?: {id: string}[]}>,
    () => null
  );
  emit(`served models: ${JSON.stringify(models?.data?.map((m) => m.id) ?? null)}\n`);
  // inputLen words: one naming the seed and the request, then "hi"s.
  const seed = args.fixedPrompts ? 0 : args.seed;
  const prompt = (i: number | "probe"): string =>
    [`p${seed}.${i}`, ...Array.from({length: Math.max(0, args.inputLen - 1)}, () => "hi")].join(" ");

  emit("Starting initial single prompt test run...\n");
  const probe = await request(url, args, prompt("probe"), args.outputLen);
  if (!probe.ok) {
    process.stderr.write(
      `Traceback (most recent call last):\n  File "serve.py", line 1, in <module>\nValueError: Initial test run failed - Please make sure benchmark arguments are correctly specified. Error: ${probe.error}\n`
    );
    process.exit(1);
  }
  emit("Initial test run completed. Starting main benchmark run...\n");
  emit(
    `Traffic request rate: inf\nBurstiness factor: 1.0 (Poisson process)\nMaximum request concurrency: ${args.maxConcurrency ?? "None"}\n`
  );
  if (args.spawnChild) spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], {stdio: "ignore"});
  if (args.hang) {
    setInterval(() => process.stderr.write("."), 200);
    return;
  }

  const started = performance.now();
  // A closed loop: each of maxConcurrency users sends its next prompt when its last one is answered.
  const results: Awaited<ReturnType<typeof request>>[] = [];
  let sent = 0;
  const user = async (): Promise<void> => {
    while (sent < args.numPrompts) {
      sent += 1;
      results.push(await request(url, args, prompt(sent - 1), args.outputLen));
    }
  };
  await Promise.all(Array.from({length: Math.min(args.numPrompts, args.maxConcurrency ?? args.numPrompts)}, user));
  const duration = (performance.now() - started) / 1000;
  const ok = results.filter((r) => r.ok);
  const failed = results.filter((r) => !r.ok);
  if (failed.length) {
    emit(`Failed requests during benchmark run detected (capping to 10):\n`);
    failed.slice(0, 10).forEach((r, i) => emit(`Error ${i}: ${r.error}\n`));
  }
  const totalInput = ok.reduce((a, r) => a + r.promptTokens, 0);
  const totalOutput = ok.reduce((a, r) => a + r.outputTokens, 0);
  const ttfts = ok.map((r) => r.ttft * 1000);
  const tpots = ok.filter((r) => r.outputTokens > 1).map((r) => ((r.latency - r.ttft) / (r.outputTokens - 1)) * 1000);
  const itls = ok.flatMap((r) => r.itl.map((x) => x * 1000));
  const e2els = ok.map((r) => r.latency * 1000);
  // Peaks over one-second windows from the start of the main run, as vLLM reports them.
  const buckets = new Map<number, number>();
  for (const r of ok)
    for (const t of r.tokenTimes)
      buckets.set(Math.floor((t - started) / 1000), (buckets.get(Math.floor((t - started) / 1000)) ?? 0) + 1);
  const peakOutput = Math.max(0, ...buckets.values());
  const seconds = Math.ceil(duration) || 1;
  let peakConcurrent = 0;
  for (let s = 0; s < seconds; s++) {
    const lo = started + s * 1000;
    const active = results.filter((r) => r.start < lo + 1000 && r.start + r.latency * 1000 >= lo).length;
    peakConcurrent = Math.max(peakConcurrent, active);
  }
  const f = (x: number): string => x.toFixed(2);
  const out = [
    "============ Serving Benchmark Result ============",
    line("Successful requests:", ok.length),
    line("Benchmark duration (s):", f(duration)),
    line("Total input tokens:", totalInput),
    line("Total generated tokens:", totalOutput),
    line("Request throughput (req/s):", f(ok.length / duration)),
    line("Output token throughput (tok/s):", f(totalOutput / duration)),
    line("Peak output token throughput (tok/s):", f(peakOutput)),
    line("Peak concurrent requests:", f(peakConcurrent)),
    line("Total Token throughput (tok/s):", f((totalInput + totalOutput) / duration)),
    section("Time to First Token"),
    line("Mean TTFT (ms):", f(mean(ttfts))),
    line("Median TTFT (ms):", f(percentile(ttfts, 50))),
    line("P99 TTFT (ms):", f(percentile(ttfts, 99))),
    section("Time per Output Token (excl. 1st token)"),
    line("Mean TPOT (ms):", f(mean(tpots))),
    line("Median TPOT (ms):", f(percentile(tpots, 50))),
    line("P99 TPOT (ms):", f(percentile(tpots, 99))),
    section("Inter-token Latency"),
    line("Mean ITL (ms):", f(mean(itls))),
    line("Median ITL (ms):", f(percentile(itls, 50))),
    line("P99 ITL (ms):", f(percentile(itls, 99))),
    "=".repeat(50)
  ];
  emit(out.join("\n") + "\n");

  if (args.saveResult) {
    const metadata = Object.fromEntries(
      args.metadata.map((kv) => [kv.slice(0, kv.indexOf("=")), kv.slice(kv.indexOf("=") + 1)])
    );
    const result = {
      date: new Date().toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15),
      endpoint_type: args.backend,
      backend: args.backend,
      label: args.label,
      model_id: args.model,
      tokenizer_id: args.model,
      num_prompts: args.numPrompts,
      ...metadata,
      request_rate: "inf",
      burstiness: 1.0,
      max_concurrency: args.maxConcurrency,
      duration,
      completed: ok.length,
      failed: failed.length,
      total_input_tokens: totalInput,
      total_output_tokens: totalOutput,
      request_throughput: ok.length / duration,
      request_goodput: null,
      output_throughput: totalOutput / duration,
      total_token_throughput: (totalInput + totalOutput) / duration,
      max_output_tokens_per_s: peakOutput,
      max_concurrent_requests: peakConcurrent,
      mean_ttft_ms: mean(ttfts),
      median_ttft_ms: percentile(ttfts, 50),
      p99_ttft_ms: percentile(ttfts, 99),
      mean_tpot_ms: mean(tpots),
      median_tpot_ms: percentile(tpots, 50),
      p99_tpot_ms: percentile(tpots, 99),
      mean_itl_ms: mean(itls),
      median_itl_ms: percentile(itls, 50),
      p99_itl_ms: percentile(itls, 99)
    };
    const dir = args.resultDir ?? ".";
    mkdirSync(dir, {recursive: true});
    writeFileSync(
      join(dir, args.resultFilename ?? `${args.backend}-infqps-${args.model.split("/").pop()}.json`),
      JSON.stringify(result)
    );
  }
  if (args.exitCode != null) {
    process.stderr.write(
      `Traceback (most recent call last):\n  File "serve.py", line 1, in <module>\nRuntimeError: stand-in failure on purpose (exit ${args.exitCode})\n`
    );
    process.exit(args.exitCode);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
