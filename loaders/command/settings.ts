// Live-mode settings of a study: the plan's optional `serve:` block and `client.kind`, with defaults and overrides.
import type {StudyPlan} from "../study/plan.js";

export interface LiveSettings {
  host: string;
  port: number;
  /** Appended to every server argv that does not name {port} itself. */
  portArgs: string[];
  readyPath: string;
  readyTimeoutS: number;
  stopGraceS: number;
  benchTimeoutS: number;
  /** "vllm": the plan's client argv as written; "native": `tps-report bench` with the same flags (see argv.ts). */
  clientKind: "vllm" | "native";
  /** Server metrics and GPU samples during each benchmark (serve.metrics). */
  metrics: boolean;
  /** The plan says `metrics: true`: servers that need a flag to serve metrics (SGLang) get it. */
  metricsAsked: boolean;
  scrapeIntervalS: number;
  /** --num-warmups given to each benchmark: the plan's serve.num_warmups, else 1 for the native client, 0 for vLLM's. */
  numWarmups: number;
}

export const DEFAULT_SETTINGS: LiveSettings = {
  host: "127.0.0.1",
  port: 8000,
  // vllm serve, python3 -m sglang.launch_server and trtllm-serve all take these two flags.
  portArgs: ["--host", "{host}", "--port", "{port}"],
  readyPath: "/health",
  readyTimeoutS: 1800,
  stopGraceS: 30,
  benchTimeoutS: 7200,
  clientKind: "vllm",
  metrics: true,
  metricsAsked: false,
  scrapeIntervalS: 1,
  numWarmups: 0
};

export interface SettingsOverrides {
  port?: number;
  clientKind?: "vllm" | "native";
  benchTimeoutS?: number;
  readyTimeoutS?: number;
}

export function liveSettings(plan: StudyPlan, overrides: SettingsOverrides = {}): LiveSettings {
  const serve = plan.serve ?? {};
  const clientKind = overrides.clientKind ?? plan.client.kind ?? DEFAULT_SETTINGS.clientKind;
  return {
    host: serve.host ?? DEFAULT_SETTINGS.host,
    port: overrides.port ?? serve.port ?? DEFAULT_SETTINGS.port,
    portArgs: serve.port_args ?? DEFAULT_SETTINGS.portArgs,
    readyPath: serve.ready_path ?? DEFAULT_SETTINGS.readyPath,
    readyTimeoutS: overrides.readyTimeoutS ?? serve.ready_timeout_s ?? DEFAULT_SETTINGS.readyTimeoutS,
    stopGraceS: serve.stop_grace_s ?? DEFAULT_SETTINGS.stopGraceS,
    benchTimeoutS: overrides.benchTimeoutS ?? serve.bench_timeout_s ?? DEFAULT_SETTINGS.benchTimeoutS,
    clientKind,
    metrics: serve.metrics ?? DEFAULT_SETTINGS.metrics,
    metricsAsked: serve.metrics === true,
    scrapeIntervalS: serve.scrape_interval_s ?? DEFAULT_SETTINGS.scrapeIntervalS,
    // vllm bench serve before --num-warmups existed rejects the flag, so only the native client warms by default.
    numWarmups: serve.num_warmups ?? (clientKind === "native" ? 1 : 0)
  };
}
