// Reads a study plan (study.yaml) into typed data, rejecting anything malformed with the file and line.
import {readFileSync} from "node:fs";
import {join} from "node:path";
import {
  LineCounter,
  parseDocument,
  isAlias,
  isMap,
  isScalar,
  isSeq,
  type Document,
  type Node,
  type YAMLMap
} from "yaml";
import {readBlockYaml} from "./block-yaml.js";
import {idProblem} from "./ids.js";
import {confidenceProblem, pointRepeats, repeatsProblem, type RepeatSettings} from "./repeats.js";
import type {Text} from "../report-types.js";

export interface PlanScenario {
  id: string;
  name: Text;
  dataset: string;
  dataset_path: string | null;
  input_len: number | null;
  output_len: number | null;
  num_prompts: number;
  seed: number | null;
  /** Overrides the study's `repeats` for this scenario (a step's own `repeats` wins). */
  repeats?: number;
}

export interface PlanCandidate {
  id: string;
  label: string;
  engine: string;
  model: string;
  quantization: string;
  role: "baseline" | "recommended" | null;
  server: string[];
  /** Extra benchmark client arguments for this candidate only. */
  bench_args: string[];
  /** config.json of the candidate's model, when it is not the study's and not shipped under data/models/. */
  config: string | null;
}

export interface PlanStep {
  id: string;
  kind: "selection" | "generalization";
  title: Text;
  scenarios: string[];
  candidates: PlanCandidate[];
  /** Overrides the study's and the scenarios' `repeats` for this step's runs. */
  repeats?: number;
}

export interface PlanClaim {
  id: string;
  kind: string;
  [key: string]: unknown;
}

/** Optional live-mode settings (`tps-report run`): where servers listen and how long to wait for them. */
export interface PlanServe {
  host?: string;
  port?: number;
  /** Appended to each server argv that does not use {port} itself. */
  port_args?: string[];
  ready_path?: string;
  ready_timeout_s?: number;
  stop_grace_s?: number;
  bench_timeout_s?: number;
  /** Scrape the engine's Prometheus metrics and sample the GPUs during each benchmark (default true). */
  metrics?: boolean;
  /** Seconds between metric scrapes (default 1). */
  scrape_interval_s?: number;
  /** Warm-up requests before each benchmark (the client's --num-warmups); 0 turns the warm-up off. */
  num_warmups?: number;
}

export interface StudyPlan extends RepeatSettings {
  /** Folder holding study.yaml and runs/. */
  dir: string;
  file: string;
  id: string;
  title: Text;
  goal: Text;
  objective: string;
  source: string | null;
  model: {name: string; config: string | null};
  hardware: {gpu: string; name: string; count: number};
  /** version_argv (optional): a command printing the installed version, asked when the server does not say. */
  engines: Record<string, {name: string; version: string; version_argv?: string[]}>;
  /** kind (optional): "vllm" runs argv as written; "native" runs `tps-report bench` with argv's flags instead. */
  client: {name: string; argv: string[]; kind?: "vllm" | "native"};
  serve?: PlanServe;
  scenarios: PlanScenario[];
  steps: PlanStep[];
  baseline: {step: string; candidate: string};
  claims: PlanClaim[];
  notes: Text[];
}

export class PlanError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    message: string
  ) {
    super(`${file}:${line}: ${message}`);
  }
}

/** Run id of a candidate on a scenario (repeat k ≥ 2 adds `--r<k>`); the run folder has this name. */
export function runId(step: string, candidate: string, scenario: string, repeat = 1): string {
  return repeat > 1 ? `${step}--${candidate}--${scenario}--r${repeat}` : `${step}--${candidate}--${scenario}`;
}

export function loadStudyPlan(dir: string): StudyPlan {
  const file = join(dir, "study.yaml");
  return parseStudyPlan(readFileSync(file, "utf8"), file, dir);
}

export function parseStudyPlan(source: string, file: string, dir: string): StudyPlan {
  // Plain block-style plans are read by the fast reader; anything else, and any plan with a fault, by `yaml`, so that
  // errors and their lines always come from the full parser.
  const fast = readBlockYaml(source);
  if (fast) {
    try {
      return planFromYaml(fast.root, fast.lineCounter, true, file, dir, null);
    } catch {
      // Read again below, where the error is raised with the full parser's view of the text.
    }
  }
  const lineCounter = new LineCounter();
  const doc = parseDocument(source, {lineCounter, prettyErrors: false});
  if (doc.errors.length) {
    const error = doc.errors[0];
    throw new PlanError(file, lineCounter.linePos(error.pos[0]).line, error.message.split("\n")[0]);
  }
  return planFromYaml(doc.contents, lineCounter, false, file, dir, doc);
}

/** Aliases are resolved against their document; the yaml package's alias count limit stops alias bombs. */
const MAX_ALIAS_COUNT = 100;

/** `uniqueStringKeys`: every mapping key is a distinct string scalar, so a key's node can be looked up directly. */
function planFromYaml(
  root: unknown,
  lineCounter: LineCounter,
  uniqueStringKeys: boolean,
  file: string,
  dir: string,
  doc: Document | null
): StudyPlan {
  const lineOf = (node: unknown): number =>
    node && typeof node === "object" && "range" in node && Array.isArray((node as Node).range)
      ? lineCounter.linePos((node as Node).range![0]).line
      : 1;
  const fail = (node: unknown, message: string): never => {
    throw new PlanError(file, lineOf(node), message);
  };
  if (!isMap(root)) fail(root, "a study plan is a mapping (id, model, hardware, scenarios, steps, …)");

  const resolve = (n: unknown): unknown => (doc && isAlias(n) ? n.resolve(doc) : n);
  const node = (parent: unknown, key: string): unknown => (isMap(parent) ? resolve(parent.get(key, true)) : undefined);
  // Each mapping is converted to plain data once (converting per key made the plan read grow with keys × size).
  const json = new WeakMap<object, Record<string, unknown>>();
  const jsonOf = (map: YAMLMap): Record<string, unknown> => {
    let data = json.get(map);
    if (!data) {
      try {
        data = (doc ? map.toJS(doc, {maxAliasCount: MAX_ALIAS_COUNT}) : map.toJSON()) as Record<string, unknown>;
      } catch (error) {
        return fail(map, (error as Error).message);
      }
      json.set(map, data);
    }
    return data;
  };
  const value = (parent: unknown, key: string): unknown => {
    if (!isMap(parent)) return undefined;
    if (uniqueStringKeys) {
      // Only this key's node is converted: its data is what the parent's conversion would hold under the key.
      const n = parent.get(key, true);
      return n === undefined || isScalar(n) ? n?.value : (n as Node).toJSON();
    }
    return jsonOf(parent)[key];
  };
  const str = (parent: unknown, key: string, where: string): string => {
    const v = value(parent, key);
    if (typeof v !== "string" || !v) fail(node(parent, key) ?? parent, `${where}: '${key}' must be a non-empty string`);
    return v as string;
  };
  const optStr = (parent: unknown, key: string, where: string): string | null =>
    value(parent, key) == null ? null : str(parent, key, where);
  const int = (parent: unknown, key: string, where: string): number => {
    const v = value(parent, key);
    if (typeof v !== "number" || !Number.isInteger(v) || v < 0)
      fail(node(parent, key) ?? parent, `${where}: '${key}' must be a non-negative integer`);
    return v as number;
  };
  const optInt = (parent: unknown, key: string, where: string): number | null =>
    value(parent, key) == null ? null : int(parent, key, where);
  const strings = (parent: unknown, key: string, where: string, optional = false): string[] => {
    const n = node(parent, key);
    if (n == null && optional) return [];
    if (!isSeq(n)) return fail(n ?? parent, `${where}: '${key}' must be a list`);
    return n.items.map((raw) => {
      const item = resolve(raw);
      const v = isMap(item) || isSeq(item) ? undefined : (item as {value?: unknown})?.value;
      if (typeof v !== "string" && typeof v !== "number") fail(item, `${where}: '${key}' items must be strings`);
      return String(v);
    });
  };
  // repeats, confidence, restart_between_repeats: optional; checked by repeats.ts.
  const repeatsOf = (parent: unknown, where: string): {repeats?: number} => {
    const v = value(parent, "repeats");
    if (v == null) return {};
    const problem = repeatsProblem(v);
    return problem ? fail(node(parent, "repeats"), `${where}: ${problem}`) : {repeats: v as number};
  };
  const text = (parent: unknown, key: string, where: string): Text => {
    const n = node(parent, key);
    const v = value(parent, key);
    if (typeof v === "string") return {en: v, tr: v};
    if (!isMap(n)) return fail(n ?? parent, `${where}: '${key}' must be a string or {en, tr}`);
    return {en: str(n, "en", `${where}.${key}`), tr: str(n, "tr", `${where}.${key}`)};
  };

  const checkId = (at: unknown, id: string, where: string): string => {
    const problem = idProblem(id);
    if (problem) fail(at, `${where}: ${problem}`);
    return id;
  };
  const id = checkId(node(root, "id"), str(root, "id", "study"), "study");
  const model = node(root, "model");
  if (!isMap(model)) fail(model ?? root, "study: 'model' must be a mapping with 'name'");
  const hardware = node(root, "hardware");
  if (!isMap(hardware)) fail(hardware ?? root, "study: 'hardware' must be a mapping with 'gpu', 'name', 'count'");

  const enginesNode = node(root, "engines");
  if (!isMap(enginesNode))
    fail(enginesNode ?? root, "study: 'engines' must be a mapping of engine id → {name, version}");
  const engines: StudyPlan["engines"] = {};
  for (const pair of (enginesNode as {items: {key: unknown; value: unknown}[]}).items) {
    const key = String((pair.key as {value?: unknown})?.value ?? pair.key);
    const engine = resolve(pair.value);
    engines[key] = {
      name: str(engine, "name", `engines.${key}`),
      version: str(engine, "version", `engines.${key}`)
    };
    if (node(engine, "version_argv") != null)
      engines[key].version_argv = strings(engine, "version_argv", `engines.${key}`);
  }

  const client = node(root, "client");
  const clientKind = optStr(client, "kind", "client");
  if (clientKind != null && clientKind !== "vllm" && clientKind !== "native")
    fail(node(client, "kind"), `client: 'kind' must be 'vllm' or 'native', not '${clientKind}'`);
  const serveNode = node(root, "serve");
  if (serveNode != null && !isMap(serveNode)) fail(serveNode, "study: 'serve' must be a mapping (host, port, …)");
  const serve: PlanServe | undefined = serveNode == null ? undefined : {};
  if (serve) {
    const positive = (key: keyof PlanServe): void => {
      if (value(serveNode, key) == null) return;
      const v = int(serveNode, key, "serve");
      if (v === 0 || (key === "port" && v > 65535)) fail(node(serveNode, key), `serve: '${key}' is out of range`);
      (serve as Record<string, unknown>)[key] = v;
    };
    if (value(serveNode, "host") != null) serve.host = str(serveNode, "host", "serve");
    if (value(serveNode, "ready_path") != null) serve.ready_path = str(serveNode, "ready_path", "serve");
    if (node(serveNode, "port_args") != null) serve.port_args = strings(serveNode, "port_args", "serve");
    for (const key of ["port", "ready_timeout_s", "stop_grace_s", "bench_timeout_s"] as const) positive(key);
    if (value(serveNode, "metrics") != null) {
      if (typeof value(serveNode, "metrics") !== "boolean")
        fail(node(serveNode, "metrics"), "serve: 'metrics' must be true or false");
      serve.metrics = value(serveNode, "metrics") as boolean;
    }
    if (value(serveNode, "scrape_interval_s") != null) {
      const v = value(serveNode, "scrape_interval_s");
      if (typeof v !== "number" || !(v >= 0.05))
        fail(node(serveNode, "scrape_interval_s"), "serve: 'scrape_interval_s' must be a number of seconds ≥ 0.05");
      serve.scrape_interval_s = v as number;
    }
    if (value(serveNode, "num_warmups") != null) {
      serve.num_warmups = int(serveNode, "num_warmups", "serve");
      if (serve.num_warmups < 0) fail(node(serveNode, "num_warmups"), "serve: 'num_warmups' must be 0 or more");
    }
    for (const pair of (serveNode as {items: {key: unknown}[]}).items) {
      const key = String((pair.key as {value?: unknown})?.value ?? pair.key);
      const known = [
        ...["host", "port", "port_args", "ready_path", "ready_timeout_s", "stop_grace_s", "bench_timeout_s"],
        ...["metrics", "scrape_interval_s"],
        "num_warmups"
      ];
      if (!known.includes(key)) fail(pair.key, `serve: unknown key '${key}' (known: ${known.join(", ")})`);
    }
  }
  const scenariosNode = node(root, "scenarios");
  if (!isMap(scenariosNode))
    fail(scenariosNode ?? root, "study: 'scenarios' must be a mapping of scenario id → scenario");
  const scenarios: PlanScenario[] = (scenariosNode as {items: {key: unknown; value: unknown}[]}).items.map((pair) => {
    const sid = checkId(pair.key, String((pair.key as {value?: unknown})?.value ?? pair.key), "scenarios");
    const where = `scenarios.${sid}`;
    const s = resolve(pair.value);
    const dataset = str(s, "dataset", where);
    const scenario: PlanScenario = {
      id: sid,
      name: text(s, "name", where),
      dataset,
      dataset_path: optStr(s, "dataset_path", where),
      input_len: optInt(s, "input_len", where),
      output_len: optInt(s, "output_len", where),
      num_prompts: int(s, "num_prompts", where),
      seed: optInt(s, "seed", where),
      ...repeatsOf(s, where)
    };
    if (dataset === "random" && (scenario.input_len == null || scenario.output_len == null))
      fail(s, `${where}: a random-dataset scenario needs 'input_len' and 'output_len'`);
    return scenario;
  });
  const scenarioIds = new Set(scenarios.map((s) => s.id));

  const stepsNode = node(root, "steps");
  if (!isSeq(stepsNode) || stepsNode.items.length === 0)
    fail(stepsNode ?? root, "study: 'steps' must be a non-empty list");
  const stepIds = new Set<string>();
  const steps: PlanStep[] = (stepsNode as {items: unknown[]}).items.map((rawStep, index) => {
    const s = resolve(rawStep);
    const sid = checkId(node(s, "id"), str(s, "id", `steps[${index}]`), `steps[${index}]`);
    const where = `steps.${sid}`;
    if (stepIds.has(sid)) fail(s, `${where}: duplicate step id`);
    stepIds.add(sid);
    const kind = str(s, "kind", where);
    if (kind !== "selection" && kind !== "generalization")
      fail(node(s, "kind"), `${where}: 'kind' must be 'selection' or 'generalization', not '${kind}'`);
    const stepScenarios = strings(s, "scenarios", where);
    for (const sc of stepScenarios)
      if (!scenarioIds.has(sc)) fail(node(s, "scenarios"), `${where}: unknown scenario '${sc}'`);
    const candidatesNode = node(s, "candidates");
    if (!isSeq(candidatesNode) || candidatesNode.items.length === 0)
      fail(candidatesNode ?? s, `${where}: 'candidates' must be a non-empty list`);
    const candidateIds = new Set<string>();
    const candidates = (candidatesNode as {items: unknown[]}).items.map((rawCandidate, ci) => {
      const c = resolve(rawCandidate);
      const cid = checkId(node(c, "id"), str(c, "id", `${where}.candidates[${ci}]`), `${where}.candidates[${ci}]`);
      const cwhere = `${where}.candidates.${cid}`;
      if (candidateIds.has(cid)) fail(c, `${cwhere}: duplicate candidate id`);
      candidateIds.add(cid);
      const engine = str(c, "engine", cwhere);
      if (!(engine in engines)) fail(node(c, "engine"), `${cwhere}: engine '${engine}' is not listed under 'engines'`);
      const role = optStr(c, "role", cwhere);
      if (role != null && role !== "baseline" && role !== "recommended")
        fail(node(c, "role"), `${cwhere}: 'role' must be 'baseline' or 'recommended'`);
      return {
        id: cid,
        label: optStr(c, "label", cwhere) ?? cid,
        engine,
        model: optStr(c, "model", cwhere) ?? str(model, "name", "model"),
        quantization: optStr(c, "quantization", cwhere) ?? "bf16",
        role: role as PlanCandidate["role"],
        server: strings(c, "server", cwhere),
        bench_args: strings(c, "bench_args", cwhere, true),
        config: optStr(c, "config", cwhere)
      };
    });
    return {
      id: sid,
      kind: kind as PlanStep["kind"],
      title: text(s, "title", where),
      scenarios: stepScenarios,
      candidates,
      ...repeatsOf(s, where)
    };
  });

  const baselineNode = node(root, "baseline");
  const baseline = {step: str(baselineNode, "step", "baseline"), candidate: str(baselineNode, "candidate", "baseline")};
  const baselineStep = steps.find((s) => s.id === baseline.step);
  if (!baselineStep?.candidates.some((c) => c.id === baseline.candidate))
    fail(baselineNode, `baseline: no candidate '${baseline.candidate}' in step '${baseline.step}'`);

  const claimsNode = node(root, "claims");
  const claims: PlanClaim[] = isSeq(claimsNode)
    ? claimsNode.items.map(resolve).map((c, ci) => ({
        ...(isMap(c) ? jsonOf(c) : {}),
        id: str(c, "id", `claims[${ci}]`),
        kind: str(c, "kind", `claims[${ci}]`),
        line: lineOf(c)
      }))
    : [];

  const repeatSettings: RepeatSettings = repeatsOf(root, "study");
  const confidence = value(root, "confidence");
  if (confidence != null) {
    const problem = confidenceProblem(confidence);
    if (problem) fail(node(root, "confidence"), `study: ${problem}`);
    repeatSettings.confidence = confidence as number;
  }
  const restart = value(root, "restart_between_repeats");
  if (restart != null) {
    if (typeof restart !== "boolean")
      fail(node(root, "restart_between_repeats"), "study: 'restart_between_repeats' must be true or false");
    repeatSettings.restart_between_repeats = restart as boolean;
  }

  const notesNode = node(root, "notes");
  const notes: Text[] = isSeq(notesNode)
    ? notesNode.items
        .map(resolve)
        .map((n, ni) => ({en: str(n, "en", `notes[${ni}]`), tr: str(n, "tr", `notes[${ni}]`)}))
    : [];

  return {
    dir,
    file,
    id,
    title: text(root, "title", "study"),
    goal: text(root, "goal", "study"),
    objective: optStr(root, "objective", "study") ?? "total_token_throughput",
    source: optStr(root, "source", "study"),
    model: {name: str(model, "name", "model"), config: optStr(model, "config", "model")},
    hardware: {
      gpu: str(hardware, "gpu", "hardware"),
      name: str(hardware, "name", "hardware"),
      count: int(hardware, "count", "hardware")
    },
    engines,
    client: {
      name: optStr(client, "name", "client") ?? "vllm bench serve",
      argv: strings(client, "argv", "client"),
      ...(clientKind ? {kind: clientKind as "vllm" | "native"} : {})
    },
    ...(serve ? {serve} : {}),
    scenarios,
    steps,
    baseline,
    claims,
    notes,
    ...repeatSettings
  };
}

/** Every run the plan asks for, in plan order; a candidate's repeats in rounds (each scenario once, then again). */
export function plannedRuns(
  plan: StudyPlan
): {run: string; step: PlanStep; candidate: PlanCandidate; scenario: PlanScenario; repeat: number}[] {
  return plan.steps.flatMap((step) => {
    const scenarios = step.scenarios.map((sid) => plan.scenarios.find((s) => s.id === sid)!);
    const rounds = Math.max(0, ...scenarios.map((scenario) => pointRepeats(plan, step, scenario)));
    return step.candidates.flatMap((candidate) =>
      Array.from({length: rounds}, (_, i) => i + 1).flatMap((repeat) =>
        scenarios
          .filter((scenario) => repeat <= pointRepeats(plan, step, scenario))
          .map((scenario) => ({
            run: runId(step.id, candidate.id, scenario.id, repeat),
            step,
            candidate,
            scenario,
            repeat
          }))
      )
    );
  });
}

/** Benchmark client argv for one planned run (the study's client plus the scenario's dataset flags). */
export function benchArgv(plan: StudyPlan, candidate: PlanCandidate, scenario: PlanScenario): string[] {
  const argv = plan.client.argv.map((arg) => arg.replaceAll("{model}", candidate.model));
  argv.push("--dataset-name", scenario.dataset);
  if (scenario.dataset_path) argv.push("--dataset-path", scenario.dataset_path);
  if (scenario.dataset === "random")
    argv.push("--random-input-len", String(scenario.input_len), "--random-output-len", String(scenario.output_len));
  argv.push("--num-prompts", String(scenario.num_prompts));
  if (scenario.seed != null) argv.push("--seed", String(scenario.seed));
  return [...argv, ...candidate.bench_args];
}
