// From imported results to a study: candidates from the server settings that differ, scenarios from the workload,
// one selection step over them, repeats numbered, failures kept. What the results do not say becomes a placeholder.
import {runId, toText} from "../study/plan.js";
import type {Text} from "../text.js";
import {ID_MAX_LENGTH, slugId, type Load, type LoadKind} from "../study/ids.js";
import {PLACEHOLDER} from "../study/schema.js";
import {SGLANG_FACT_KEYS, workloadOf} from "./records.js";
import {ImportError, sha256, type ClientName, type ImportedResult} from "./result.js";

export interface InferredCandidate {
  id: string;
  label: string;
  engine: string;
  model: string;
  /** Weight precision where a file states it (else the plan's default). */
  quantization: string | null;
  server: string[];
  /** The settings that set this candidate apart, for the plan's comment. */
  differs: Record<string, unknown>;
  /** Runs of its points where they differ from their scenario's `repeats`, by scenario id. */
  repeats?: Record<string, number>;
}

export interface InferredScenario {
  id: string;
  /** The benchmark's own name for it, else one import gives in both languages from its shape. */
  name: string | Text;
  dataset: string;
  dataset_path?: string;
  input_len?: number;
  output_len?: number;
  num_prompts: number;
  seed?: number;
  request_rate?: number | "inf";
  max_concurrency?: number;
  bench_args?: string[];
  /** Runs of this scenario by most candidates (a candidate that ran it otherwise says so itself). */
  repeats?: number;
  /** Input tokens per request as measured, for workloads kept apart by it (the files state no prompt length). */
  measured_input?: number;
  /** A load sweep: the levels it ran, lowest first; a level sends max(num_prompts, prompts_per_load × level). */
  loads?: {kind: LoadKind; levels: number[]; prompts_per_load?: number; prompts?: number[]};
}

export interface InferredRun {
  id: string;
  step: string;
  repeat: number;
  candidate: string;
  scenario: string;
  /** The load level of a ladder scenario's run. */
  load?: Load;
  result: ImportedResult;
}

export interface InferredStudy {
  id: string;
  /** The plan's own title where a study already has one, as it is written there. */
  title: string | Text;
  model: string;
  engines: Record<string, {name: string; version: string}>;
  /** Settings every candidate shares, for the plan's comment. */
  shared: Record<string, unknown>;
  candidates: InferredCandidate[];
  scenarios: InferredScenario[];
  /**
   * One step over every candidate and scenario; when not every candidate ran every scenario, one step per scenario.
   */
  steps: {id: string; title: Text; scenarios: string[]; candidates: string[]}[];
  runs: InferredRun[];
  tools: string[];
  /** The benchmark client, by the results' own tool. */
  client: {name: string; argv: string[]};
  /** The GPU's name when the files state one and agree on it. */
  gpu: string | null;
  /** What the selection steps maximize: a throughput every successful run gives. */
  objective: "total_token_throughput" | "output_throughput";
}

const ENGINE_NAMES: Record<string, string> = {vllm: "vLLM", sglang: "SGLang", trtllm: "TensorRT-LLM"};
const SERVER_BASE: Record<string, string[]> = {
  vllm: ["vllm", "serve", "{model}"],
  sglang: ["python3", "-m", "sglang.launch_server", "--model-path", "{model}"],
  trtllm: ["trtllm-serve", "{model}"]
};
/** Each client's command before the scenario's flags. */
const CLIENT_ARGV: Record<ClientName, string[]> = {
  "vllm bench serve": ["vllm", "bench", "serve", "--model", "{model}"],
  "sglang.bench_serving": ["python3", "-m", "sglang.bench_serving", "--backend", "sglang", "--model", "{model}"],
  "trtllm-bench": ["trtllm-bench", "--model", "{model}", "throughput"],
  guidellm: ["guidellm", "benchmark", "--model", "{model}"],
  aiperf: ["aiperf", "profile", "--model", "{model}"]
};
/** Engine id for results whose engine the files do not name. */
const UNKNOWN_ENGINE = "server";

/** A command-line flag; trtllm-serve spells its options with `_`, the others with `-`. */
function flag(key: string, value: unknown, underscores = false): string[] {
  const name = `--${underscores ? key : key.replaceAll("_", "-")}`;
  if (value === true) return [name];
  if (value === false) return [`--no-${underscores ? key : key.replaceAll("_", "-")}`];
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

/** `${a}\0${b}`, one string while a and b repeat (a sweep's results come combo by combo): a Map hashes it once. */
function pairKey(): (a: string, b: string) => string {
  let lastA: string | undefined;
  let lastB: string | undefined;
  let key = "";
  return (a, b) => {
    if (a !== lastA || b !== lastB) [lastA, lastB, key] = [a, b, `${a}\0${b}`];
    return key;
  };
}

/** Appends to a list kept in a map (in place: a sweep groups thousands of results). */
function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** An id from free text within the 64-character rule: a longer one keeps its start and ends in a hash of the whole. */
export function shortId(text: string, max = ID_MAX_LENGTH): string {
  const whole = text
    .toLowerCase()
    .replace(/[^a-z0-9._]+/g, "-")
    .replace(/^[-._]+|-+$/g, "");
  if (!whole) return "x";
  if (whole.length <= max) return whole;
  const hash = sha256(Buffer.from(text, "utf8")).slice(0, 8);
  return `${whole.slice(0, max - 9).replace(/[-._]+$/, "")}-${hash}`;
}

function uniqueIds(names: string[]): string[] {
  const used = new Map<string, number>();
  return names.map((name) => {
    const base = shortId(name);
    const n = (used.get(base) ?? 0) + 1;
    used.set(base, n);
    if (n === 1) return base;
    const suffix = `.${n}`;
    return `${base.length + suffix.length <= ID_MAX_LENGTH ? base : shortId(name, ID_MAX_LENGTH - suffix.length)}${suffix}`;
  });
}

/** A model's short name for a label: the last part of its path. */
const modelName = (model: string) => model.split("/").filter(Boolean).pop() ?? model;

/** The facts that make a setup, besides its server settings: null where the files do not say. */
const FACTS = ["model", "engine", "engineVersion", "gpu", "quantization"] as const;
type Fact = (typeof FACTS)[number];

function scenarioOf(all: Record<string, unknown>): Omit<InferredScenario, "id" | "name"> {
  const bench = workloadOf(all);
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

function scenarioName(s: Omit<InferredScenario, "id" | "name">): Text {
  const parts: Text[] = [];
  const both = (text: string): Text => ({en: text, tr: text});
  if (!s.dataset.startsWith(PLACEHOLDER)) parts.push(both(s.dataset));
  if (s.input_len != null && s.output_len != null) parts.push(both(`${s.input_len}/${s.output_len}`));
  if (s.measured_input != null)
    parts.push({
      en: `${s.measured_input} input tokens per request`,
      tr: `istek başına ${s.measured_input} girdi tokeni`
    });
  if (s.request_rate != null) parts.push({en: `${s.request_rate} req/s`, tr: `${s.request_rate} istek/s`});
  if (s.max_concurrency != null)
    parts.push({en: `concurrency ${s.max_concurrency}`, tr: `eşzamanlılık ${s.max_concurrency}`});
  if (!parts.length) return {en: `${s.num_prompts} prompts`, tr: `${s.num_prompts} istem`};
  return {en: parts.map((p) => p.en).join(", "), tr: parts.map((p) => p.tr).join(", ")};
}

/**
 * A scenario's id from its own workload alone, so the same file gets the same id whatever is imported with it. A
 * sweep folder's workloads are its BENCH combos, imported as one experiment: their request count is the base
 * command's, the same for all, so it is left out.
 */
function scenarioIdText(s: Omit<InferredScenario, "id" | "name">, sweep = false): string {
  const parts: string[] = [];
  if (!s.dataset.startsWith(PLACEHOLDER)) parts.push(s.dataset);
  if (s.input_len != null && s.output_len != null) parts.push(`${s.input_len}-${s.output_len}`);
  if (s.measured_input != null) parts.push(`in${s.measured_input}`);
  // A ladder's requests differ by level; a single load's count is part of what it ran.
  if (!s.loads && !sweep) parts.push(`n${s.num_prompts}`);
  if (s.request_rate != null) parts.push(`rate${s.request_rate}`);
  if (s.max_concurrency != null) parts.push(`c${s.max_concurrency}`);
  return parts.join("-") || "default";
}

/** The load a workload ran at: a concurrency with every request released at once, or a request rate with no cap. */
function loadOf(s: Omit<InferredScenario, "id" | "name">): Load | null {
  if (s.max_concurrency != null && s.request_rate == null) return {kind: "concurrency", value: s.max_concurrency};
  if (typeof s.request_rate === "number" && s.max_concurrency == null)
    return {kind: "request_rate", value: s.request_rate};
  return null;
}

/** The workload without its load and request count: what the levels of one ladder share. */
function ladderFamily(s: Omit<InferredScenario, "id" | "name">, kind: LoadKind): string {
  const rest: Record<string, unknown> = {...s};
  delete rest.num_prompts;
  delete rest.request_rate;
  delete rest.max_concurrency;
  return JSON.stringify([kind, Object.entries(rest).sort(([a], [b]) => (a < b ? -1 : 1))]);
}

/** Requests per level as the plan writes them: the same at every level, in proportion to it, or listed level by
 * level (a sweep that set its counts by hand). */
function promptsRule(
  levels: number[],
  prompts: number[]
): {num_prompts: number; prompts_per_load?: number; prompts?: number[]} {
  if (prompts.every((p) => p === prompts[0])) return {num_prompts: prompts[0]};
  const per = prompts[0] / levels[0];
  if (prompts.every((p, i) => p === per * levels[i])) return {num_prompts: prompts[0], prompts_per_load: per};
  return {num_prompts: prompts[0], prompts};
}

/** Setups: results grouped by server settings and the facts the files state. */
function setupGroups(results: ImportedResult[]): Map<string, ImportedResult[]> {
  const groups = new Map<string, ImportedResult[]>();
  let last: ImportedResult | null = null;
  let key = "";
  for (const r of results) {
    // The key of the result before when its setup is the same: strictly equal values write the same JSON.
    if (!last || last.serveKey !== r.serveKey || FACTS.some((f) => last![f] !== r[f]))
      key = JSON.stringify([r.serveKey, ...FACTS.map((f) => r[f])]);
    last = r;
    pushTo(groups, key, r);
  }
  return groups;
}

/** Results whose files state no prompt length are told apart by it: runs alike in every stated key that sent
 * prompts of other lengths (8,192 against 1,024 tokens per request) are other workloads, not repeats of one. */
function keepPromptLengthsApart(results: ImportedResult[]): void {
  const unstated = new Map<string, ImportedResult[]>();
  for (const r of results)
    if (r.inputPerRequest != null && r.bench.random_input_len == null && r.bench.input_len == null)
      pushTo(unstated, r.benchKey, r);
  for (const group of unstated.values()) {
    const sorted = [...group].sort((a, b) => a.inputPerRequest! - b.inputPerRequest!);
    // Runs of one workload send lengths within a few tokens of each other (retokenized prompts, other seeds).
    const clusters: ImportedResult[][] = [];
    for (const r of sorted) {
      const last = clusters.at(-1);
      if (last && r.inputPerRequest! <= last.at(-1)!.inputPerRequest! * PROMPT_LENGTH_GAP) last.push(r);
      else clusters.push([r]);
    }
    if (clusters.length < 2) continue;
    for (const cluster of clusters) {
      const mean = Math.round(cluster.reduce((sum, r) => sum + r.inputPerRequest!, 0) / cluster.length);
      for (const r of cluster) {
        r.measuredInput = mean;
        r.benchKey = `${r.benchKey}\0in${mean}`;
      }
    }
  }
}

/** Neighbouring prompt lengths (tokens per request) further apart than this ratio are other workloads. */
const PROMPT_LENGTH_GAP = 1.1;

export function inferStudy(results: ImportedResult[], name: string): InferredStudy {
  keepPromptLengthsApart(results);
  const ok = results.filter((r) => r.status === "ok");
  const common = <T>(values: (T | null)[]): T | null => {
    const counts = new Map<T, number>();
    for (const v of values) if (v != null) counts.set(v, (counts.get(v) ?? 0) + 1);
    return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
  };
  const model = common(ok.map((r) => r.model)) ?? common(results.map((r) => r.model)) ?? `${PLACEHOLDER}: the model`;

  // Candidates: one per setup; the settings and facts that differ name them.
  const serveEntries = [...setupGroups(results).entries()];
  const fact = (g: ImportedResult[], f: Fact) => g.find((r) => r[f] != null)?.[f] ?? null;
  const serveSettings = serveEntries.map(([, g]) => g.find((r) => Object.keys(r.serve).length)?.serve ?? {});
  const described = serveEntries.map(([, g], i) => ({
    ...Object.fromEntries(FACTS.map((f) => [`\0${f}`, fact(g, f)])),
    ...serveSettings[i]
  }));
  const differAll = differingKeys(described);
  const differ = differAll.filter((k) => !k.startsWith("\0"));
  const factText = (f: string, v: unknown): string =>
    f === "\0model"
      ? modelName(String(v))
      : f === "\0engine"
        ? (ENGINE_NAMES[String(v)] ?? String(v))
        : f === "\0engineVersion"
          ? `v${v}`
          : String(v);
  const labelsAll = serveEntries.map(([, g], i) => {
    const named = g.find((r) => r.serveName)?.serveName;
    if (named) return named;
    const parts = differAll
      .filter((k) => described[i][k] != null)
      .map((k) => (k.startsWith("\0") ? factText(k, described[i][k]) : `${k}=${described[i][k]}`));
    return parts.join(", ") || "default";
  });
  const natural = new Intl.Collator("en", {numeric: true});
  // Candidates in the natural order of their names (64 before 128); the first is the baseline.
  // A setup none of whose runs succeeded cannot be the baseline: those come last.
  const failedOnly = serveEntries.map(([, g]) => g.every((r) => r.status === "failed"));
  const order = labelsAll
    .map((_, i) => i)
    .sort((a, b) => Number(failedOnly[a]) - Number(failedOnly[b]) || natural.compare(labelsAll[a], labelsAll[b]));
  const groups = order.map((i) => serveEntries[i]);
  const settingsOf = order.map((i) => serveSettings[i]);
  const labels = order.map((i) => labelsAll[i]);
  const candidateIds = uniqueIds(labels.map((l) => l.replace(/=/g, "-").replace(/, /g, "-")));
  // An engine run at several versions is one engine entry per version.
  const versionsOf = new Map<string, Set<string | null>>();
  for (const [, g] of groups) {
    const engine = fact(g, "engine") ?? UNKNOWN_ENGINE;
    versionsOf.set(engine, (versionsOf.get(engine) ?? new Set()).add(fact(g, "engineVersion")));
  }
  const engines: InferredStudy["engines"] = {};
  // An engine as a file names it ("vLLM", any text) is its name, never its id: an id is made from it, one per engine.
  const engineIds = new Map<string, string>();
  const engineIdOf = (engine: string, version: string | null): string => {
    const perVersion = (versionsOf.get(engine)?.size ?? 0) > 1 && version != null;
    const key = perVersion ? `${engine}\0${version}` : engine;
    if (!engineIds.has(key)) {
      const base = shortId(perVersion ? `${engine}-${version}` : engine);
      const taken = new Set(engineIds.values());
      let id = base;
      for (let n = 2; taken.has(id); n++) id = shortId(`${base}.${n}`);
      engineIds.set(key, id);
    }
    return engineIds.get(key)!;
  };
  const candidateOf = new Map<string, string>();
  const sharedFlags = new Map<string, unknown>();
  const candidates: InferredCandidate[] = groups.map(([key, g], i) => {
    const engine = fact(g, "engine") ?? UNKNOWN_ENGINE;
    const version = fact(g, "engineVersion");
    const engineId = engineIdOf(engine, version);
    engines[engineId] ??= {
      name:
        ENGINE_NAMES[engine] ??
        (engine === UNKNOWN_ENGINE ? `${PLACEHOLDER}: the engine that served these runs` : engine),
      version: version ?? `${PLACEHOLDER}: ${ENGINE_NAMES[engine] ?? "engine"} version (not in the result files)`
    };
    const candidateModel = fact(g, "model") ?? model;
    const settings = settingsOf[i];
    // SGLang reports every server setting: those that differ and its parallelism and precision are worth a flag.
    const flagKeys =
      g[0].tool === "sglang"
        ? Object.keys(settings).filter((k) => differ.includes(k) || SGLANG_FACT_KEYS.includes(k))
        : Object.keys(settings);
    const base = (SERVER_BASE[engine] ?? [`${PLACEHOLDER}: the server command`]).map((a) =>
      a.replace("{model}", candidateModel)
    );
    const keys = flagKeys.filter((k) => settings[k] !== undefined && settings[k] !== null && k !== "log");
    for (const k of keys) if (!differ.includes(k)) sharedFlags.set(k, settings[k]);
    const server = [...base, ...keys.flatMap((k) => flag(k, settings[k], engine === "trtllm"))];
    candidateOf.set(key, candidateIds[i]);
    return {
      id: candidateIds[i],
      label: labels[i],
      engine: engineId,
      model: candidateModel,
      quantization: fact(g, "quantization"),
      server,
      differs: Object.fromEntries(differ.filter((k) => settings[k] !== undefined).map((k) => [k, settings[k]]))
    };
  });
  const keyOf = new Map<ImportedResult, string>();
  for (const [key, g] of groups) for (const r of g) keyOf.set(r, key);
  const candidateOfResult = (r: ImportedResult) => candidateOf.get(keyOf.get(r)!)!;

  // Workloads: one per benchmark setting; a server that never came up has no workload and fails on every scenario.
  const benchGroups = new Map<string, ImportedResult[]>();
  for (const r of results) if (r.benchKey || r.failed_phase !== "server-start") pushTo(benchGroups, r.benchKey, r);
  const benchEntries = [...benchGroups.entries()].sort((a, b) => natural.compare(a[0], b[0]));
  const shapeOf = new Map(
    benchEntries.map(([key, g]) => {
      const shape = scenarioOf(
        Object.assign(
          {},
          ...g.filter((r) => r.status === "failed").map((r) => r.bench),
          ...g.filter((r) => r.status === "ok").map((r) => r.bench)
        )
      );
      const measured = g.find((r) => r.measuredInput != null)?.measuredInput;
      if (measured != null) shape.measured_input = measured;
      return [key, shape];
    })
  );
  if (!benchEntries.length)
    throw new ImportError(results[0]?.source ?? name, "no workload in the results: only servers that never came up");

  // Load sweeps become ladders: a candidate's workloads that differ only in concurrency (or only in rate), each run
  // as often, are one scenario with `loads:`. Candidates that ran the same levels share it; others get their own.
  const runsAt = new Map<string, number>();
  const runAt = pairKey();
  for (const r of results)
    if (r.benchKey || r.failed_phase !== "server-start") {
      const at = runAt(candidateOfResult(r), r.benchKey);
      runsAt.set(at, Math.max((runsAt.get(at) ?? 0) + (r.repeat == null ? 1 : 0), r.repeat ?? 0));
    }
  type Slot = {scenario: string; load: Load | null};
  const slotOf = new Map<string, Slot>();
  const ladderTexts: {text: string; order: string; shape: Omit<InferredScenario, "id" | "name">; slots: string[][]}[] =
    [];
  const ladderGroups = new Map<string, {levels: number[]; keys: string[]; candidates: string[]}>();
  for (const c of candidates) {
    const families = new Map<string, {kind: LoadKind; level: number; key: string}[]>();
    for (const [key] of benchEntries) {
      const runs = runsAt.get(`${c.id}\0${key}`);
      const load = loadOf(shapeOf.get(key)!);
      if (runs == null || !load) continue;
      const family = ladderFamily(shapeOf.get(key)!, load.kind);
      const list = families.get(family) ?? [];
      list.push({kind: load.kind, level: load.value, key});
      families.set(family, list);
    }
    for (const [family, list] of families) {
      list.sort((a, b) => a.level - b.level);
      const levels = list.map((l) => l.level);
      const repeats = list.map((l) => runsAt.get(`${c.id}\0${l.key}`));
      const prompts = list.map((l) => shapeOf.get(l.key)!.num_prompts);
      if (new Set(levels).size !== levels.length || levels.length < 2) continue;
      if (repeats.some((n) => n !== repeats[0])) continue;
      const group = `${family}\0${levels.join(",")}\0${prompts.join(",")}\0${repeats[0]}`;
      const g = ladderGroups.get(group) ?? {levels, keys: list.map((l) => l.key), candidates: []};
      g.candidates.push(c.id);
      ladderGroups.set(group, g);
    }
  }
  for (const g of ladderGroups.values()) {
    const first = shapeOf.get(g.keys[0])!;
    const kind = loadOf(first)!.kind;
    const rule = promptsRule(
      g.levels,
      g.keys.map((k) => shapeOf.get(k)!.num_prompts)
    );
    const shape: Omit<InferredScenario, "id" | "name"> = {...first, ...rule, loads: {kind, levels: g.levels}};
    if (rule.prompts_per_load != null) shape.loads!.prompts_per_load = rule.prompts_per_load;
    if (rule.prompts) shape.loads!.prompts = rule.prompts;
    delete shape.request_rate;
    delete shape.max_concurrency;
    delete (shape as {prompts_per_load?: number}).prompts_per_load;
    delete (shape as {prompts?: number[]}).prompts;
    const firstCandidate = candidates.findIndex((c) => c.id === g.candidates[0]);
    ladderTexts.push({
      text: scenarioIdText(shape),
      order: `${String(firstCandidate).padStart(6, "0")}`,
      shape,
      slots: g.candidates.flatMap((c) => g.keys.map((k) => [c, k]))
    });
  }
  // Plain scenarios: each workload for the candidates whose run of it is in no ladder.
  const laddered = new Set(ladderTexts.flatMap((l) => l.slots.map(([c, k]) => `${c}\0${k}`)));
  const plain = benchEntries.filter(([key]) =>
    candidates.some((c) => runsAt.has(`${c.id}\0${key}`) && !laddered.has(`${c.id}\0${key}`))
  );
  const entries = [
    ...ladderTexts.map((l) => ({text: l.text, order: `0${l.text}\0${l.order}`, shape: l.shape, ladder: l, key: null})),
    ...plain.map(([key, g]) => {
      const shape = shapeOf.get(key)!;
      const named = g.find((r) => r.benchName)?.benchName ?? null;
      const sweep = g.every((r) => r.tool === "vllm-sweep");
      return {text: named ?? scenarioIdText(shape, sweep), order: `1${key}`, shape, ladder: null, key, named};
    })
  ].sort((a, b) => natural.compare(a.text, b.text) || natural.compare(a.order, b.order));
  const scenarioIds = uniqueIds(entries.map((e) => e.text));
  const scenarios: InferredScenario[] = entries.map((e, i) => {
    const named = "named" in e ? e.named : null;
    return {id: scenarioIds[i], name: named ?? scenarioName(e.shape), ...e.shape};
  });
  // Ladder slots first: a plain scenario takes only what no ladder holds.
  entries.forEach((e, i) => {
    if (e.ladder)
      for (const [c, k] of e.ladder.slots)
        slotOf.set(`${c}\0${k}`, {scenario: scenarioIds[i], load: loadOf(shapeOf.get(k)!)});
  });
  entries.forEach((e, i) => {
    if (!e.ladder)
      for (const c of candidates)
        if (!slotOf.has(`${c.id}\0${e.key}`)) slotOf.set(`${c.id}\0${e.key}`, {scenario: scenarioIds[i], load: null});
  });

  // Repeats: numbered by the source, else in the order of the results' own dates.
  type Placed = {result: ImportedResult; candidate: string; scenario: string; load: Load | null; repeat: number};
  const placed: Placed[] = [];
  const byPoint = new Map<string, Placed>();
  const place = (result: ImportedResult, candidate: string, slot: Slot, repeat: number) => {
    const point = `${candidate}\0${slot.scenario}\0${slot.load ? `${slot.load.kind}${slot.load.value}` : ""}\0${repeat}`;
    const other = byPoint.get(point);
    if (other)
      throw new ImportError(
        result.source,
        `duplicate combo: the same server and workload settings, repeat ${repeat}, as ${other.result.source}`
      );
    const p = {result, candidate, scenario: slot.scenario, load: slot.load, repeat};
    byPoint.set(point, p);
    placed.push(p);
  };
  const unnumbered = new Map<string, ImportedResult[]>();
  const neverUp: ImportedResult[] = [];
  const slotKey = pairKey();
  for (const r of results) {
    if (r.failed_phase === "server-start" && !r.benchKey) {
      neverUp.push(r);
      continue;
    }
    const candidate = candidateOfResult(r);
    const key = slotKey(candidate, r.benchKey);
    const slot = slotOf.get(key)!;
    if (r.repeat != null) place(r, candidate, slot, r.repeat);
    else pushTo(unnumbered, key, r);
  }
  for (const [key, list] of unnumbered) {
    const [candidate] = key.split("\0");
    const slot = slotOf.get(key)!;
    list
      .sort((a, b) => (a.date ?? "").localeCompare(b.date ?? "") || a.source.localeCompare(b.source))
      .forEach((r, i) => place(r, candidate, slot, i + 1));
  }
  // A server that never came up failed every run the others made: each scenario, each repeat.
  const rounds = placed.reduce((most, r) => Math.max(most, r.repeat), 1);
  for (const r of neverUp)
    for (const s of scenarios)
      for (const load of s.loads ? s.loads.levels.map((value) => ({kind: s.loads!.kind, value})) : [null])
        for (let repeat = 1; repeat <= rounds; repeat++) place(r, candidateOfResult(r), {scenario: s.id, load}, repeat);

  // Repeats as imported: each scenario declares the runs most of its points have, a candidate its own where it differs.
  const runsOf = new Map<string, number>();
  const point = (c: string, s: string) => `${c}\0${s}`;
  const placedAt = pairKey();
  for (const p of placed) {
    const at = placedAt(p.candidate, p.scenario);
    runsOf.set(at, Math.max(runsOf.get(at) ?? 0, p.repeat));
  }
  for (const s of scenarios) {
    const counts = candidates.map((c) => runsOf.get(point(c.id, s.id))).filter((n): n is number => n != null);
    const most = common(counts) ?? 1;
    if (most > 1) s.repeats = most;
    for (const c of candidates) {
      const n = runsOf.get(point(c.id, s.id));
      if (n != null && n !== most) c.repeats = {...c.repeats, [s.id]: n};
    }
  }
  // Scenarios run by the same candidates share a step, so adding a setup on a new workload leaves the old step whole.
  const stepGroups = new Map<string, InferredScenario[]>();
  for (const s of scenarios) {
    const key = candidates
      .filter((c) => runsOf.has(point(c.id, s.id)))
      .map((c) => c.id)
      .join("\0");
    stepGroups.set(key, [...(stepGroups.get(key) ?? []), s]);
  }
  const steps: InferredStudy["steps"] = [...stepGroups.entries()].map(([key, group]) =>
    stepGroups.size === 1
      ? {
          id: "sweep",
          title: {en: `Server settings: ${name}`, tr: `Sunucu ayarları: ${name}`},
          scenarios: group.map((s) => s.id),
          candidates: key.split("\0")
        }
      : {
          id: shortId(`sweep-${group.map((s) => s.id).join("-")}`),
          title: {
            en: `Server settings on ${group.map((s) => toText(s.name, s.id).en).join("; ")}`,
            tr: `${group.map((s) => toText(s.name, s.id).tr).join("; ")} üzerinde sunucu ayarları`
          },
          scenarios: group.map((s) => s.id),
          candidates: key.split("\0")
        }
  );
  const stepAt = new Map<string, string>();
  const stepKey = pairKey();
  const stepOf = (candidate: string, scenario: string) => {
    const key = stepKey(candidate, scenario);
    let step = stepAt.get(key);
    if (step == null) {
      step = steps.find((st) => st.scenarios.includes(scenario) && st.candidates.includes(candidate))!.id;
      stepAt.set(key, step);
    }
    return step;
  };
  // Spelled out, not spread: the same keys in the same order, built once per run.
  const runs: InferredRun[] = placed.map(({result, candidate, scenario, load, repeat}) => {
    const step = stepOf(candidate, scenario);
    const run: InferredRun = {
      id: runId(step, candidate, scenario, repeat, load),
      step,
      result,
      candidate,
      scenario,
      repeat
    };
    if (load) run.load = load;
    return run;
  });
  runs.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const client = (common(results.map((r) => r.client)) ?? "vllm bench serve") as ClientName;
  const gpus = new Set(results.map((r) => r.gpu));
  return {
    id: shortId(name),
    title: {en: `Imported results: ${name}`, tr: `İçe aktarılan sonuçlar: ${name}`},
    model,
    engines,
    shared: Object.fromEntries(sharedFlags),
    candidates,
    scenarios,
    steps,
    runs,
    tools: [...new Set(results.map((r) => r.tool))],
    client: {name: client, argv: CLIENT_ARGV[client]},
    gpu: gpus.size === 1 ? [...gpus][0] : null,
    objective: objectiveOf(ok)
  };
}

/** Total token throughput when every successful run gives it (printed or derived), else output throughput if they all do. */
function objectiveOf(ok: ImportedResult[]): "total_token_throughput" | "output_throughput" {
  const gives = (metric: "total_token_throughput" | "output_throughput") =>
    ok.every((r) => r.throughputs?.includes(metric) ?? true);
  return gives("total_token_throughput") || !gives("output_throughput")
    ? "total_token_throughput"
    : "output_throughput";
}
