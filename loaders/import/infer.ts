// From imported results to a study: candidates from the server settings that differ, scenarios from the workload,
// one selection step over them, repeats numbered, failures kept. What the results do not say becomes a placeholder.
import {runId} from "../study/plan.js";
import {slugId} from "../study/ids.js";
import {PLACEHOLDER} from "../study/schema.js";
import {ImportError, type ImportedResult} from "./result.js";

export interface InferredCandidate {
  id: string;
  label: string;
  engine: string;
  model: string;
  server: string[];
  /** The settings that set this candidate apart, for the plan's comment. */
  differs: Record<string, unknown>;
}

export interface InferredScenario {
  id: string;
  name: string;
  dataset: string;
  dataset_path?: string;
  input_len?: number;
  output_len?: number;
  num_prompts: number;
  seed?: number;
  request_rate?: number | "inf";
  max_concurrency?: number;
  bench_args?: string[];
}

export interface InferredRun {
  id: string;
  step: string;
  repeat: number;
  candidate: string;
  scenario: string;
  result: ImportedResult;
}

export interface InferredStudy {
  id: string;
  title: string;
  model: string;
  engines: Record<string, {name: string; version: string}>;
  /** Settings every candidate shares, for the plan's comment. */
  shared: Record<string, unknown>;
  candidates: InferredCandidate[];
  scenarios: InferredScenario[];
  /** One step over every candidate and scenario; when not every candidate ran every scenario, one step per scenario. */
  steps: {id: string; title: string; scenarios: string[]; candidates: string[]}[];
  runs: InferredRun[];
  tools: string[];
}

const ENGINE_NAMES: Record<string, string> = {vllm: "vLLM", sglang: "SGLang", trtllm: "TensorRT-LLM"};
const SERVER_BASE: Record<string, string[]> = {
  vllm: ["vllm", "serve", "{model}"],
  sglang: ["python3", "-m", "sglang.launch_server", "--model-path", "{model}"],
  trtllm: ["trtllm-serve", "{model}"]
};
/** Engine id for results whose engine the files do not name. */
const UNKNOWN_ENGINE = "server";

function flag(key: string, value: unknown): string[] {
  const name = `--${key.replaceAll("_", "-")}`;
  if (value === true) return [name];
  if (value === false) return [`--no-${key.replaceAll("_", "-")}`];
  return [name, typeof value === "object" ? JSON.stringify(value) : String(value)];
}

function num(value: unknown): number | undefined {
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return typeof n === "number" && Number.isFinite(n) ? n : undefined;
}

function rate(value: unknown): number | "inf" | undefined {
  if (value == null) return undefined;
  if (value === "inf" || value === "Infinity" || value === Infinity) return "inf";
  const n = num(value);
  return n != null && n > 0 ? n : undefined;
}

/** Keys whose values differ among the given settings (a key some lack counts as differing). */
function differingKeys(all: Record<string, unknown>[]): string[] {
  const keys = [...new Set(all.flatMap((o) => Object.keys(o)))];
  return keys.filter((k) => new Set(all.map((o) => JSON.stringify(o[k] ?? null))).size > 1);
}

/** Appends to a list kept in a map (in place: a sweep groups thousands of results). */
function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function uniqueIds(names: string[]): string[] {
  const used = new Map<string, number>();
  return names.map((name) => {
    const base = slugId(name);
    const n = (used.get(base) ?? 0) + 1;
    used.set(base, n);
    return n === 1 ? base : `${base}.${n}`;
  });
}

function scenarioOf(bench: Record<string, unknown>): Omit<InferredScenario, "id" | "name"> {
  const dataset =
    typeof bench.dataset_name === "string"
      ? bench.dataset_name
      : bench.random_input_len != null
        ? "random"
        : `${PLACEHOLDER}: the dataset (not in the result files)`;
  const s: Omit<InferredScenario, "id" | "name"> = {dataset, num_prompts: num(bench.num_prompts) ?? 0};
  if (typeof bench.dataset_path === "string") s.dataset_path = bench.dataset_path;
  const input = num(bench.random_input_len ?? bench.input_len);
  const output = num(bench.random_output_len ?? bench.output_len ?? bench.sharegpt_output_len);
  if (input != null) s.input_len = input;
  if (output != null) s.output_len = output;
  if (num(bench.seed) != null) s.seed = num(bench.seed);
  const r = rate(bench.request_rate);
  if (r != null && r !== "inf") s.request_rate = r;
  const c = num(bench.max_concurrency);
  if (c != null && c >= 1) s.max_concurrency = c;
  const known = new Set([
    "dataset_name",
    "dataset_path",
    "random_input_len",
    "random_output_len",
    "input_len",
    "output_len",
    "sharegpt_output_len",
    "num_prompts",
    "seed",
    "request_rate",
    "max_concurrency"
  ]);
  const extra = Object.entries(bench).filter(
    ([k, v]) => !known.has(k) && !(k === "burstiness" && num(v) === 1) && v != null
  );
  if (extra.length) s.bench_args = extra.flatMap(([k, v]) => flag(k, v));
  return s;
}

function scenarioName(s: Omit<InferredScenario, "id" | "name">): string {
  const parts: string[] = [];
  if (!s.dataset.startsWith(PLACEHOLDER)) parts.push(s.dataset);
  if (s.input_len != null && s.output_len != null) parts.push(`${s.input_len}/${s.output_len}`);
  if (s.request_rate != null) parts.push(`${s.request_rate} req/s`);
  if (s.max_concurrency != null) parts.push(`concurrency ${s.max_concurrency}`);
  return parts.join(", ") || `${s.num_prompts} prompts`;
}

function scenarioIdText(s: Omit<InferredScenario, "id" | "name">, differing: Set<string>): string {
  const parts: string[] = [];
  if (!s.dataset.startsWith(PLACEHOLDER)) parts.push(s.dataset);
  if (s.input_len != null && s.output_len != null) parts.push(`${s.input_len}-${s.output_len}`);
  if (differing.has("num_prompts")) parts.push(`n${s.num_prompts}`);
  if (s.request_rate != null) parts.push(`rate${s.request_rate}`);
  if (s.max_concurrency != null) parts.push(`c${s.max_concurrency}`);
  return parts.join("-") || "default";
}

export function inferStudy(results: ImportedResult[], name: string): InferredStudy {
  const ok = results.filter((r) => r.status === "ok");
  const model = ok.find((r) => r.model)?.model ?? results.find((r) => r.model)?.model ?? `${PLACEHOLDER}: the model`;

  // Candidates: one per server configuration; the settings that differ name them.
  const serveGroups = new Map<string, ImportedResult[]>();
  for (const r of results) pushTo(serveGroups, r.serveKey, r);
  const serveSettings = [...serveGroups.values()].map((g) => g.find((r) => Object.keys(r.serve).length)?.serve ?? {});
  const differ = differingKeys(serveSettings);
  const sharedKeys = [...new Set(serveSettings.flatMap((o) => Object.keys(o)))].filter((k) => !differ.includes(k));
  const shared = Object.fromEntries(sharedKeys.map((k) => [k, serveSettings.find((o) => k in o)![k]]));
  const natural = new Intl.Collator("en", {numeric: true});
  const labels = [...serveGroups.entries()].map(([key, g], i) => {
    const named = g.find((r) => r.serveName)?.serveName;
    if (named) return named;
    const parts = differ.filter((k) => serveSettings[i][k] !== undefined).map((k) => `${k}=${serveSettings[i][k]}`);
    return parts.join(", ") || "default";
  });
  // Candidates in the natural order of their names (64 before 128); the first is the baseline.
  const order = labels.map((_, i) => i).sort((a, b) => natural.compare(labels[a], labels[b]));
  const serveEntries = [...serveGroups.entries()];
  const groups = order.map((i) => serveEntries[i]);
  const sortedSettings = order.map((i) => serveSettings[i]);
  const sortedLabels = order.map((i) => labels[i]);
  labels.splice(0, labels.length, ...sortedLabels);
  serveSettings.splice(0, serveSettings.length, ...sortedSettings);
  const candidateIds = uniqueIds(labels.map((l) => l.replace(/=/g, "-").replace(/, /g, "-")));
  const engines: InferredStudy["engines"] = {};
  const candidateOf = new Map<string, string>();
  const candidates: InferredCandidate[] = groups.map(([key, g], i) => {
    const engine = g.find((r) => r.engine)?.engine ?? UNKNOWN_ENGINE;
    engines[engine] ??= {
      name: ENGINE_NAMES[engine] ?? `${PLACEHOLDER}: the engine that served these runs`,
      version: `${PLACEHOLDER}: ${ENGINE_NAMES[engine] ?? "engine"} version (not in the result files)`
    };
    const candidateModel = g.find((r) => r.model)?.model ?? model;
    const settings = serveSettings[i];
    // SGLang reports every server setting; only those that differ are flags worth writing.
    const flagKeys = g[0].tool === "sglang" ? differ : Object.keys(settings);
    const base = (SERVER_BASE[engine] ?? [`${PLACEHOLDER}: the server command`]).map((a) =>
      a.replace("{model}", candidateModel)
    );
    const server = [
      ...base,
      ...flagKeys.filter((k) => settings[k] !== undefined && k !== "log").flatMap((k) => flag(k, settings[k]))
    ];
    candidateOf.set(key, candidateIds[i]);
    return {
      id: candidateIds[i],
      label: labels[i],
      engine,
      model: candidateModel,
      server,
      differs: Object.fromEntries(differ.filter((k) => settings[k] !== undefined).map((k) => [k, settings[k]]))
    };
  });

  // Scenarios: one per workload; a server that never came up has no workload and fails on every scenario.
  const benchGroups = new Map<string, ImportedResult[]>();
  for (const r of results) if (r.benchKey || r.failed_phase !== "server-start") pushTo(benchGroups, r.benchKey, r);
  const benchEntries = [...benchGroups.entries()].sort((a, b) => natural.compare(a[0], b[0]));
  const shapes = benchEntries.map(([, g]) =>
    scenarioOf(
      Object.assign(
        {},
        ...g.filter((r) => r.status === "failed").map((r) => r.bench),
        ...g.filter((r) => r.status === "ok").map((r) => r.bench)
      )
    )
  );
  const differingBench = new Set(differingKeys(shapes as unknown as Record<string, unknown>[]));
  const scenarioIds = uniqueIds(
    benchEntries.map(([, g], i) => g.find((r) => r.benchName)?.benchName ?? scenarioIdText(shapes[i], differingBench))
  );
  const scenarioOfKey = new Map<string, string>();
  const scenarios: InferredScenario[] = benchEntries.map(([key, g], i) => {
    scenarioOfKey.set(key, scenarioIds[i]);
    return {id: scenarioIds[i], name: g.find((r) => r.benchName)?.benchName ?? scenarioName(shapes[i]), ...shapes[i]};
  });
  if (!scenarios.length)
    throw new ImportError(results[0]?.source ?? name, "no workload in the results: only servers that never came up");

  const ran = new Map<string, Set<string>>();
  for (const r of results) {
    const c = candidateOf.get(r.serveKey)!;
    const list =
      r.failed_phase === "server-start" && !r.benchKey ? scenarios.map((s) => s.id) : [scenarioOfKey.get(r.benchKey)!];
    for (const s of list) ran.set(s, (ran.get(s) ?? new Set()).add(c));
  }
  const full = scenarios.every((s) => ran.get(s.id)?.size === candidates.length);
  const steps: InferredStudy["steps"] = full
    ? [
        {
          id: "sweep",
          title: `Server settings: ${name}`,
          scenarios: scenarios.map((s) => s.id),
          candidates: candidates.map((c) => c.id)
        }
      ]
    : scenarios.map((s) => ({
        id: slugId(`sweep-${s.id}`),
        title: `Server settings on ${s.name}`,
        scenarios: [s.id],
        candidates: candidates.filter((c) => ran.get(s.id)?.has(c.id)).map((c) => c.id)
      }));
  const stepOf = (scenario: string) => steps.find((st) => st.scenarios.includes(scenario))!.id;
  const runs: InferredRun[] = [];
  const byRun = new Map<string, InferredRun>();
  const add = (result: ImportedResult, candidate: string, scenario: string, repeat: number) => {
    const id = runId(stepOf(scenario), candidate, scenario, repeat);
    const other = byRun.get(id);
    if (other)
      throw new ImportError(
        result.source,
        `duplicate combo: the same server and workload settings, repeat ${repeat}, as ${other.result.source}`
      );
    const run = {id, step: stepOf(scenario), repeat, candidate, scenario, result};
    byRun.set(id, run);
    runs.push(run);
  };
  // Results the source does not number are repeats in the order of their own dates.
  const unnumbered = new Map<string, ImportedResult[]>();
  const neverUp: ImportedResult[] = [];
  for (const r of results) {
    const candidate = candidateOf.get(r.serveKey)!;
    if (r.failed_phase === "server-start" && !r.benchKey) {
      neverUp.push(r);
      continue;
    }
    const scenario = scenarioOfKey.get(r.benchKey)!;
    if (r.repeat != null) add(r, candidate, scenario, r.repeat);
    else pushTo(unnumbered, `${candidate}\0${scenario}`, r);
  }
  for (const [key, list] of unnumbered) {
    const [candidate, scenario] = key.split("\0");
    list
      .sort((a, b) => (a.date ?? "").localeCompare(b.date ?? "") || a.source.localeCompare(b.source))
      .forEach((r, i) => add(r, candidate, scenario, i + 1));
  }
  // A server that never came up failed every run the others made: each scenario, each repeat.
  const rounds = runs.reduce((most, r) => Math.max(most, r.repeat), 1);
  for (const r of neverUp)
    for (const s of scenarios)
      for (let repeat = 1; repeat <= rounds; repeat++) add(r, candidateOf.get(r.serveKey)!, s.id, repeat);
  runs.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return {
    id: slugId(name),
    title: `Imported results: ${name}`,
    model,
    engines,
    shared,
    candidates,
    scenarios,
    steps,
    runs,
    tools: [...new Set(results.map((r) => r.tool))]
  };
}
