// From a write-up as read to a study: steps in the document's order, candidates from the serving commands (one per
// `# --flag=value` result), scenarios from the benchmark command, the dataset list or the profiles, each result
// matched to the scenario it measured, and the document's own statements as claims. Every value says where it came
// from (`took`); what the document does not say is left as a TODO for `check` to list.
import {argvMeaning} from "../../command/argv-meaning.js";
import {findGpu, readGpuTable} from "../../headroom/gpus.js";
import {readModelConfig} from "../../headroom/model-config.js";
import {shippedConfigFor} from "../../study/candidate-model.js";
import {runId} from "../../study/plan.js";
import {PLACEHOLDER} from "../../study/schema.js";
import {precision} from "../records.js";
import {writeupClaims} from "./claims.js";
import type {Entry, ResultBlock} from "./result-blocks.js";
import {
  nameId,
  namedConcurrency,
  namedRate,
  type ImportedRun,
  type Scenario,
  type StudyCandidate,
  type StudyStep,
  type WriteupStudy
} from "./model.js";

export {nameId, type WriteupStudy} from "./model.js";
import type {Candidate as ReadCandidate, Command, Writeup} from "./read-writeup.js";
import {WriteupProblem} from "./read-writeup.js";
import {commandModel} from "../../command/served-model.js";
import {commandPrecision, ENGINE_NAMES, engineNamed, engineOf, serverArgv, type EngineId} from "./server-command.js";
import {WORDS, type Language} from "./words.js";

/** Ids unique among `taken`: a repeated one gets `-2`, `-3`. */
function uniqueId(base: string, taken: Set<string>): string {
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base.slice(0, 60)}-${n}`;
  taken.add(id);
  return id;
}

// Quantized checkpoints keep their base model's name with a suffix (Qwen3-32B-FP8, -AWQ).
const QUANT_SUFFIX = /-(fp8|fp8-dynamic|awq|gptq|gptq-int4|gptq-int8|int4|int8|w4a16|w8a8|nvfp4|bnb-4bit)$/i;
/** A model's last path segment, lower case: `Qwen/Qwen3-8B` and `/models/qwen3-8b` are both `qwen3-8b`. */
const lastSegment = (model: string) => model.slice(model.lastIndexOf("/") + 1).toLowerCase();
const baseName = (model: string) => {
  let name = lastSegment(model);
  while (QUANT_SUFFIX.test(name)) name = name.replace(QUANT_SUFFIX, "");
  return name;
};

/** Client flags that belong to a scenario, not to the client. */
const SCENARIO_FLAGS = new Set([
  "--dataset-name",
  "--dataset-path",
  "--num-prompts",
  "--random-input-len",
  "--random-output-len",
  "--seed",
  "--max-concurrency",
  "--request-rate",
  "--model"
]);

const num = (v: string | undefined): number | undefined => {
  if (v == null) return undefined;
  const n = Number(v.replace(/,/g, ""));
  return Number.isFinite(n) ? n : undefined;
};

/** What a result block measured: requests sent, tokens per request, the concurrency it printed. */
function measured(block: ResultBlock): {
  requests: number | null;
  perRequest: number | null;
  concurrency: number | null;
} {
  const m = block.parsed.metrics;
  const requests = m.completed != null ? m.completed + (m.failed ?? 0) : null;
  const perRequest = m.completed && m.total_input_tokens != null ? m.total_input_tokens / m.completed : null;
  const concurrency = num(block.parsed.extra.max_concurrency) ?? null;
  return {requests, perRequest, concurrency};
}

/** Input lengths within this share of each other are the same random workload (retokenized prompts vary a little). */
const LENGTH_TOLERANCE = 0.1;

/** The model a Model section names by a slip: one no command serves, where every benchmark command names one other
 * model, a server serves it and the title names it (GPUStack's Qwen3-8B on 910B names Qwen3-30B-A3B there). */
function modelSectionSlip(w: Writeup, model: string, served: string[]): string | null {
  const benched = new Set(w.script.flatMap((c) => argvMeaning(c.argv).options.get("--model")?.slice(0, 1) ?? []));
  const [other] = benched;
  if (benched.size !== 1 || !other || lastSegment(other) === lastSegment(model)) return null;
  if (
    served.some((m) => lastSegment(m) === lastSegment(model)) ||
    !served.some((m) => lastSegment(m) === lastSegment(other))
  )
    return null;
  return w.title?.text.toLowerCase().includes(lastSegment(other)) ? other : null;
}

export function buildStudy(w: Writeup, studyId: string, source: string): WriteupStudy {
  const took: WriteupStudy["took"] = [];
  const note = (line: number, what: string) => took.push({line, what});
  const words = WORDS[w.language];
  const allCommands: Command[] = [
    ...w.steps.flatMap((s) => s.candidates.map((c) => c.command).filter((c): c is Command => c != null)),
    ...(w.recommended ? [w.recommended] : [])
  ];

  // The study's model: the Model section's name, as the commands spell it in full.
  const modelText = w.model?.text.replace(/^[-*]\s*/, "").trim() ?? null;
  const served = allCommands
    .filter((c) => !c.params)
    .map((c) => commandModel(c.argv))
    .filter((m): m is string => !!m);
  let model = modelText;
  if (modelText && !modelText.includes("/")) {
    const full = served.find((m) => lastSegment(m) === modelText.toLowerCase());
    if (full) model = full;
  }
  if (!model) model = served[0] ?? `${PLACEHOLDER}: the model (the write-up names none)`;
  const slip = model && w.model ? modelSectionSlip(w, model, served) : null;
  note(
    w.model?.line ?? 1,
    slip
      ? `model ${slip} (the Model section names ${model}, which no command serves; the title and the benchmark commands name ${slip})`
      : `model ${model}${w.model ? ` (Model section${model !== modelText ? `, spelled as the commands serve it` : ""})` : ""}`
  );
  if (slip) model = slip;
  const configPath = shippedConfigFor(model);
  const modelConfig = configPath ? `data/models/${configPath.slice(configPath.lastIndexOf("/") + 1)}` : null;
  const baseDtype = configPath ? precision(readModelConfig(configPath).dtype) : null;

  // Hardware: "A single NVIDIA A100 SXM 80GB GPU." → the GPU table's id, the name as printed, the count.
  let gpu: WriteupStudy["gpu"] = {id: null, name: null, count: null};
  if (w.hardware) {
    let text = w.hardware.text.replace(/\.$/, "").trim();
    const lower = text.toLowerCase();
    for (const [word, n] of Object.entries(words.counts))
      if (lower.startsWith(`${word} `)) {
        gpu.count = n;
        text = text.slice(word.length).trim();
        break;
      }
    const counted = /^(\d+)\s*[x×]?\s+(.*)$/.exec(text);
    if (gpu.count == null && counted) [gpu.count, text] = [Number(counted[1]), counted[2]];
    // "NVIDIA H200x8": the count after the name.
    const after = /^(.*?\S)\s*[x×]\s*(\d+)$/.exec(text);
    if (gpu.count == null && after) [text, gpu.count] = [after[1], Number(after[2])];
    // "… GPUs on a single node": where the GPUs sit is no part of their name.
    text = text
      .replace(/\s+(?:on|in)\s+(?:a|one)\s+(?:single\s+)?(?:node|host|machine|server)$/i, "")
      .replace(/\s+GPUs?$/i, "")
      .trim();
    const found = findGpu(readGpuTable(), text);
    gpu = {id: found?.id ?? null, name: text, count: gpu.count};
    note(
      w.hardware.line,
      `hardware ${text}${found ? ` (${found.id} in data/gpus/gpus.yaml)` : " (not in data/gpus/gpus.yaml: the id stays TODO)"}, ${gpu.count ?? "no"} GPU count${gpu.count == null ? " stated (the plan's default, 1)" : ""}`
    );
  }

  // Engines: the version list, by name.
  const engines: WriteupStudy["engines"] = {};
  for (const v of w.versions) {
    // An engine tps-report does not know goes by its name as listed (MindIE → mindie).
    const id = engineNamed(v.name) ?? nameId(v.name);
    const name = ENGINE_NAMES[id] ?? v.name;
    engines[id] = {name, version: v.version};
    note(v.line, `engine ${id}: ${name} ${v.version}`);
  }

  // The benchmark client: the script's first benchmark command, less its scenario flags.
  const benchCommands = w.script.filter((c) => /bench/.test(c.argv.slice(0, 3).join(" ")) || c.argv[0] === "guidellm");
  let client: WriteupStudy["client"];
  if (benchCommands.length) {
    const argv = benchCommands[0].argv;
    const kept: string[] = [];
    for (let i = 0; i < argv.length; i++) {
      const name = argv[i].split("=")[0];
      if (SCENARIO_FLAGS.has(name)) {
        if (name === "--model") kept.push("--model", "{model}");
        if (!argv[i].includes("=")) i++;
        continue;
      }
      kept.push(argv[i]);
    }
    const name = argv[0] === "vllm" ? "vllm bench serve" : argv.slice(0, 3).join(" ");
    client = {name, argv: kept};
    note(benchCommands[0].line, `client ${name}: ${kept.join(" ")}`);
  } else {
    const text = w.scriptText.map((t) => t.text).join(" ");
    const runner = /benchmark-runner/i.test(text) ? "GPUStack benchmark-runner" : null;
    client = {
      name: runner ?? `${PLACEHOLDER}: the benchmark client (the write-up names none)`,
      argv: [`${PLACEHOLDER}: the benchmark command (the write-up gives none)`]
    };
    note(w.scriptText[0]?.line ?? 1, `client ${client.name}; its command is not in the write-up (TODO)`);
  }

  // Scenarios: the benchmark commands, the dataset list and the profiles.
  const scenarios: Scenario[] = [];
  const randomSeed = benchCommands.map((c) => argvMeaning(c.argv).options.get("--seed")?.[0]).find((s) => s != null);
  for (const c of benchCommands) {
    const o = argvMeaning(c.argv).options;
    const get = (flag: string) => o.get(flag)?.[0];
    const dataset = get("--dataset-name") ?? "sharegpt";
    const s: Scenario = {
      id: "",
      name: "",
      dataset,
      num_prompts: num(get("--num-prompts")) ?? null,
      line: c.line,
      aliases: []
    };
    if (get("--dataset-path")) s.dataset_path = get("--dataset-path");
    if (dataset === "random") {
      s.input_len = num(get("--random-input-len"));
      s.output_len = num(get("--random-output-len"));
    }
    if (num(get("--seed")) != null) s.seed = num(get("--seed"));
    if (num(get("--max-concurrency")) != null) s.max_concurrency = num(get("--max-concurrency"));
    const rate = get("--request-rate");
    if (rate != null && rate !== "inf" && num(rate) != null) s.request_rate = num(rate);
    scenarios.push(s);
    note(
      c.line,
      `scenario ${dataset}${s.input_len != null ? ` ${s.input_len}/${s.output_len}` : ""}, ${s.num_prompts} prompts (benchmark command)`
    );
  }
  for (const d of w.datasets) {
    const sharegpt = /sharegpt/i.test(d.name);
    const match = scenarios.find((s) =>
      sharegpt
        ? s.dataset === "sharegpt"
        : s.dataset === "random" && s.input_len === d.input && s.output_len === d.output
    );
    if (match) {
      match.name ||= d.name;
      match.aliases.push(d.name);
      continue;
    }
    if (!sharegpt && d.input == null) continue;
    const s: Scenario = {
      id: "",
      name: d.name,
      dataset: sharegpt ? "sharegpt" : "random",
      num_prompts: null,
      line: d.line,
      aliases: [d.name]
    };
    if (!sharegpt) {
      s.input_len = d.input!;
      if (d.output != null) s.output_len = d.output;
      if (randomSeed != null) s.seed = Number(randomSeed);
    }
    scenarios.push(s);
    note(
      d.line,
      `scenario ${d.name}${sharegpt ? "" : `: ${d.input} in, ${d.output} out${randomSeed != null ? `, seed ${randomSeed} (the random benchmark command's)` : ""}`}`
    );
  }
  for (const p of w.profiles) {
    const f = p.fields;
    const dataset = (f.dataset_name ?? "").toLowerCase() || `${PLACEHOLDER}: the dataset`;
    const s: Scenario = {
      id: "",
      name: p.name,
      dataset,
      num_prompts: num(f.total_requests) ?? null,
      line: p.line,
      aliases: [p.name]
    };
    if (num(f.dataset_input_tokens) != null) s.input_len = num(f.dataset_input_tokens);
    if (num(f.dataset_output_tokens) != null) s.output_len = num(f.dataset_output_tokens);
    if (num(f.dataset_seed) != null) s.seed = num(f.dataset_seed);
    if (num(f.request_rate) != null) s.request_rate = num(f.request_rate);
    scenarios.push(s);
    note(
      p.line,
      `scenario ${p.name} (profile): ${Object.entries(f)
        .map(([k, v]) => `${k}=${v}`)
        .join(", ")}`
    );
  }
  for (const s of scenarios)
    s.name ||= s.dataset === "sharegpt" ? "ShareGPT" : `${s.dataset} ${s.input_len ?? ""}/${s.output_len ?? ""}`;

  /** The scenario a result measured: its requests, tokens per request and concurrency against each scenario's. */
  const fits = (s: Scenario, block: ResultBlock, strict: boolean): boolean => {
    const m = measured(block);
    if (
      s.num_prompts != null &&
      m.requests != null &&
      (strict ? m.requests !== s.num_prompts : m.requests > s.num_prompts)
    )
      return false;
    if (s.max_concurrency != null && m.concurrency != null && m.concurrency !== s.max_concurrency) return false;
    if (s.dataset === "random" && s.input_len != null) {
      if (m.perRequest == null || Math.abs(m.perRequest - s.input_len) > LENGTH_TOLERANCE * s.input_len) return false;
    } else if (s.dataset === "sharegpt" && m.perRequest != null) {
      // ShareGPT's prompts are no random workload's length.
      if (
        scenarios.some(
          (r) =>
            r.dataset === "random" &&
            r.input_len != null &&
            Math.abs(m.perRequest! - r.input_len) <= LENGTH_TOLERANCE * r.input_len &&
            (r.num_prompts == null || r.num_prompts === m.requests)
        )
      )
        return false;
    }
    return true;
  };
  /** Among workloads a block fits, the one its label names by rate or input length, else by its measured rate. */
  const narrow = (found: Scenario[], block: ResultBlock, named: string | null): Scenario[] => {
    if (found.length < 2) return found;
    for (const hint of [block.comment, named]) {
      if (!hint) continue;
      const byLength = found.filter((s) => commentFits(s, hint));
      if (byLength.length) return byLength;
      const rate = namedRate(hint);
      const byRate = rate == null ? [] : found.filter((s) => s.request_rate === rate);
      if (byRate.length) return byRate;
    }
    const measuredRate = block.parsed.metrics.request_throughput;
    const byMeasured = found.filter(
      (s) =>
        s.request_rate != null &&
        measuredRate != null &&
        Math.abs(measuredRate - s.request_rate) <= 0.1 * s.request_rate
    );
    return byMeasured.length ? byMeasured : found;
  };
  /** A load the write-up did not list (`# BS=1`, `# ShareGPT batch size 4`): the workload it fits but for its load. */
  const variantFor = (block: ResultBlock, pool: Scenario[]): Scenario | null => {
    const m = measured(block);
    const base = pool.find((s) => fits({...s, max_concurrency: undefined, num_prompts: null}, block, false));
    if (!base || m.concurrency == null) return null;
    const label = block.comment ?? `concurrency ${m.concurrency}`;
    const name = simplify(label).startsWith(simplify(base.name)) ? label : `${base.name} ${label}`;
    const existing = scenarios.find((s) => s.name === name && s.max_concurrency === m.concurrency);
    if (existing) return existing;
    const variant: Scenario = {
      ...base,
      id: "",
      name,
      max_concurrency: m.concurrency,
      line: block.first,
      aliases: [name]
    };
    if (base.num_prompts != null && m.requests != null && m.requests !== base.num_prompts)
      variant.num_prompts = m.requests;
    scenarios.push(variant);
    note(
      block.first,
      `scenario ${name}: ${base.name} at the concurrency the block printed (${m.concurrency})${variant.num_prompts !== base.num_prompts ? `, ${variant.num_prompts} requests` : ""}`
    );
    return variant;
  };
  const scenarioFor = (block: ResultBlock, named: string | null, line: number): Scenario => {
    const byName = named ? scenarios.filter((s) => sameName(s, named)) : [];
    const pool = byName.length ? byName : scenarios;
    const several = (found: Scenario[]) =>
      new WriteupProblem(
        line,
        `the result block at line ${block.first} fits several workloads (${found.map((s) => s.name).join(", ")}); nothing tells which it measured`
      );
    // A label that names the load the block printed (`BS=4`, `batch size 4`) makes it a workload of its own, unless a
    // workload is at that load already: its requests and tokens may be all of another's (ShareGPT's 1,000).
    const load = namedConcurrency(block.comment ?? "");
    const ownLoad = load != null && load === measured(block).concurrency;
    const strict = narrow(
      pool.filter((s) => fits(s, block, true) && (!ownLoad || s.max_concurrency === load)),
      block,
      named
    );
    if (strict.length === 1) return strict[0];
    if (strict.length > 1) throw several(strict);
    if (ownLoad) {
      const variant = variantFor(block, pool);
      if (variant) return variant;
    }
    const relaxed = narrow(
      pool.filter((s) => fits(s, block, false)),
      block,
      named
    );
    if (relaxed.length === 1) return relaxed[0];
    if (relaxed.length > 1) throw several(relaxed);
    const variant = variantFor(block, pool);
    if (variant) return variant;
    const m = measured(block);
    throw new WriteupProblem(
      block.first,
      `the result block measured ${m.requests ?? "?"} requests of ${m.perRequest?.toFixed(0) ?? "?"} input tokens each, which no workload of the write-up describes (${scenarios.map((s) => s.name).join(", ") || "none"})`
    );
  };

  // Candidates, step by step.
  const steps: StudyStep[] = [];
  const stepIds = new Set<string>();
  const known: StudyCandidate[] = [];
  const recommendedModel = w.recommended ? commandModel(w.recommended.argv) : null;
  for (const read of w.steps) {
    // A heading under the results with no run below it (prose, a plan) is said, not made a step without candidates.
    if (!read.candidates.some((c) => c.entries.length)) {
      note(read.line, `"${read.title}" has no result block under it: not a step of the study`);
      continue;
    }
    const step: StudyStep = {
      id: uniqueId(nameId(read.title), stepIds),
      title: read.title,
      kind: read.kind,
      line: read.line,
      scenarios: [],
      candidates: [],
      read
    };
    note(read.line, `step ${step.id}: "${read.title}" (${read.kind})`);
    const ids = new Set<string>();
    const single = read.candidates.length === 1;
    for (const c of read.candidates) {
      if (!c.command) {
        const first = c.entries[0]?.entry;
        throw new WriteupProblem(
          first?.first ?? c.line,
          `a result block with no serving command before it in "${read.title}"`
        );
      }
      if (c.command.envOnly) {
        // A serving script that only sets environment variables runs the command above it with them.
        const above = [...read.candidates.slice(0, read.candidates.indexOf(c))]
          .reverse()
          .find((o) => o.command && !o.command.envOnly);
        if (!above)
          throw new WriteupProblem(
            c.command.line,
            "a serving script that only sets environment variables, with no command above it to run"
          );
        const names = new Set(c.command.argv.map((a) => a.split("=")[0]));
        const rest = above.command!.argv.filter((a) => !(/^[A-Za-z_]\w*=/.test(a) && names.has(a.split("=")[0])));
        note(
          c.command.line,
          `the serving script sets only ${c.command.argv.join(" ")}: the command is the one above it (line ${above.command!.line}) with that set`
        );
        c.command = {...above.command!, argv: [...c.command.argv, ...rest], line: c.command.line, envOnly: false};
      }
      for (const variant of candidateVariants(c)) {
        const command = variant.command;
        const engine = commandEngine(command, c.label, known, note);
        const servedModel = command.params ? null : commandModel(command.argv);
        let candidateModel = servedModel ?? model;
        if (command.params) {
          candidateModel = paramsModel(command, read.title, w, model, recommendedModel, note);
        } else if (servedModel && baseName(servedModel) !== baseName(model)) {
          candidateModel = model;
          note(
            command.line,
            `the command serves ${servedModel}, not the write-up's model ${model}: the candidate is recorded as ${model} with the command as printed (check flags the difference)`
          );
        }
        const server = command.params ? serverArgv(engine, candidateModel, command.argv) : command.argv;
        const quant =
          commandPrecision(server, candidateModel) ??
          (baseName(candidateModel) === baseName(model) && !/-(fp8|awq|gptq|int4|int8)/i.test(candidateModel)
            ? baseDtype
            : null);
        const sideLabel = c.side ? sideName(c.side, w.language) : null;
        const label = variant.label ?? c.label ?? sideLabel ?? (single ? read.title : command.text);
        const candidate: StudyCandidate = {
          // A step's only, unlabelled candidate goes by its engine: its label is the step's title.
          id: uniqueId(nameId(variant.idText ?? (label === read.title && !c.label ? engine : label)), ids),
          label,
          engine,
          model: candidateModel,
          quantization: quant,
          server,
          role: c.side,
          line: command.line,
          command: command.text,
          runs: []
        };
        note(
          command.line,
          `candidate ${step.id}/${candidate.id} "${label}": ${shell(server)}${quant ? `, ${quant}${quant === baseDtype && !commandPrecision(server, candidateModel) ? ` (${modelConfig}'s torch_dtype)` : ""}` : ", precision not stated (TODO)"}`
        );
        for (const {entry, heading} of variant.entries) {
          const scenario =
            entry.kind === "result"
              ? scenarioFor(entry, heading ?? c.profile, entry.first)
              : (scenarios.find((s) => c.profile && sameName(s, c.profile)) ??
                step.scenarios.map((id) => scenarios.find((s) => s.id === id)!)[0] ??
                null);
          candidate.runs.push({entry, scenario: scenario ? scenarioKey(scenario) : ""});
        }
        // Generalization: the baseline and the recommended command once each, their results on every workload.
        const twin =
          read.kind === "generalization"
            ? step.candidates.find((o) => o.role === candidate.role && shell(o.server) === shell(candidate.server))
            : null;
        if (twin) {
          twin.runs.push(...candidate.runs);
          ids.delete(candidate.id);
        } else {
          step.candidates.push(candidate);
          known.push(candidate);
        }
      }
    }
    steps.push(step);
  }

  // Scenario ids and the numbers the document leaves to its results.
  const scenarioIds = new Set<string>();
  const keyOf = new Map<string, Scenario>();
  for (const s of scenarios) keyOf.set(scenarioKey(s), s);
  const used = new Set(steps.flatMap((st) => st.candidates.flatMap((c) => c.runs.map((r) => r.scenario))));
  for (const s of scenarios) {
    s.id = uniqueId(nameId(s.name), scenarioIds);
    if (s.num_prompts == null) {
      const counts = new Set(
        steps.flatMap((st) =>
          st.candidates.flatMap((c) =>
            c.runs
              .filter((r) => r.scenario === scenarioKey(s) && r.entry.kind === "result")
              .map((r) => measured(r.entry as ResultBlock).requests)
          )
        )
      );
      // Each run of a workload sends the same prompts; a result that counts fewer left some out of its figures.
      const sent = [...counts].filter((n): n is number => n != null);
      if (sent.length) {
        s.num_prompts = Math.max(...sent);
        note(
          s.line,
          sent.length === 1
            ? `scenario ${s.id}: ${s.num_prompts} prompts, the requests its results sent (the write-up states none)`
            : `scenario ${s.id}: ${s.num_prompts} prompts, the most requests any of its results sent (the write-up states none; they sent ${sent.sort((a, b) => b - a).join(", ")})`
        );
      }
    }
  }
  // Ids replace the keys the runs were matched by.
  for (const st of steps)
    for (const c of st.candidates) for (const r of c.runs) r.scenario = keyOf.get(r.scenario)?.id ?? r.scenario;
  const live = scenarios.filter(
    (s) =>
      used.has(scenarioKey(s)) || steps.some((st) => st.candidates.some((c) => c.runs.some((r) => r.scenario === s.id)))
  );
  for (const st of steps) {
    const ids = [...new Set(st.candidates.flatMap((c) => c.runs.map((r) => r.scenario)).filter(Boolean))];
    // An error block measured nothing: it failed on the step's workload.
    const fallback = ids[0] ?? live[0]?.id ?? "";
    for (const c of st.candidates) for (const r of c.runs) if (!r.scenario) r.scenario = fallback;
    st.scenarios = ids.length ? ids : fallback ? [fallback] : [];
  }

  // Runs: one per result or error block; a second on the same point is its next repeat.
  const runs: ImportedRun[] = [];
  const taken = new Map<string, number>();
  for (const st of steps)
    for (const c of st.candidates)
      for (const r of c.runs) {
        const point = `${st.id}--${c.id}--${r.scenario}`;
        const repeat = (taken.get(point) ?? 0) + 1;
        taken.set(point, repeat);
        const id = runId(st.id, c.id, r.scenario, repeat);
        runs.push({id, step: st.id, candidate: c.id, scenario: r.scenario, entry: r.entry});
        note(
          r.entry.first,
          `run ${id}: ${r.entry.kind === "error" ? `failed: ${r.entry.error}` : `result block, lines ${r.entry.first}–${r.entry.last}`}`
        );
      }
  // Every candidate of a step runs each of its workloads: a point the write-up gives no result for is a run not run.
  for (const st of steps)
    for (const c of st.candidates)
      for (const scenario of st.scenarios)
        if (!taken.has(`${st.id}--${c.id}--${scenario}`)) {
          const id = runId(st.id, c.id, scenario);
          runs.push({id, step: st.id, candidate: c.id, scenario, entry: null});
          note(c.line, `run ${id}: not run (the write-up gives no result for "${c.label}" on this workload)`);
        }

  // The baseline: the first step's candidate of the engine the comparison table calls the baseline.
  const first = steps.find((s) => s.kind === "selection" && s.candidates.length) ?? steps[0];
  if (!first) throw new WriteupProblem(1, "no experiment section with a serving command and its result");
  const header = w.conclusion?.header.find((h) => words.baseline.some((b) => h.toLowerCase().includes(b))) ?? null;
  const baselineEngine = header
    ? (engineNamed(/\(([^)]*)\)/.exec(header)?.[1]?.replace(/^(?:optimizasyonsuz|unoptimized)\s+/i, "") ?? "") ??
      engineNamed(header.split(/\(/)[1] ?? ""))
    : null;
  const baselineCandidate =
    first.candidates.find((c) => baselineEngine && c.engine === baselineEngine) ?? first.candidates[0];
  note(
    w.conclusion?.line ?? first.line,
    `baseline ${first.id}/${baselineCandidate.id}${header ? ` (the comparison table's "${header}")` : " (the first candidate)"}`
  );

  const study: WriteupStudy = {
    id: studyId,
    language: w.language,
    title: w.title?.text ?? studyId,
    goal: w.goal?.text ?? null,
    notes: w.notes.map((n) => n.text),
    model,
    modelConfig,
    gpu,
    engines,
    client,
    objective: "total_token_throughput",
    scenarios: scenarios.filter((s) => steps.some((st) => st.scenarios.includes(s.id))),
    steps,
    baseline: {step: first.id, candidate: baselineCandidate.id},
    claims: [],
    runs,
    source,
    took
  };
  for (const e of new Set(steps.flatMap((s) => s.candidates.map((c) => c.engine))))
    if (!study.engines[e]) {
      study.engines[e] = {name: ENGINE_NAMES[e] ?? e, version: null};
      note(1, `engine ${e}: version not stated (TODO)`);
    }
  if (w.goal) note(w.goal.line, "goal (Optimization Objective section)");
  for (const n of w.notes) note(n.line, "note (caveat)");
  study.claims = writeupClaims(w, study, note);
  took.sort((a, b) => a.line - b.line);
  // Said once: a note each variant of a command makes alike (the model it serves) is one line.
  const said = new Set<string>();
  study.took = took.filter((t) => !said.has(`${t.line}\0${t.what}`) && said.add(`${t.line}\0${t.what}`));
  return study;
}

const scenarioKey = (s: Scenario) => `${s.line}\0${s.name}`;

function sameName(s: Scenario, name: string): boolean {
  const n = simplify(name);
  return [s.name, ...s.aliases].some(
    (a) => simplify(a) === n || simplify(a).startsWith(`${n} `) || n.startsWith(`${simplify(a)} `)
  );
}

/** Lowercased words: "Throughput Profile" and "Throughput" name one profile. */
function simplify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[*`]/g, "")
    .replace(/\s+profile$/, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** A comment naming a workload: "random 32K input" for 32000 input tokens. */
function commentFits(s: Scenario, comment: string): boolean {
  const k = /(\d+(?:\.\d+)?)\s*([kK])?\s*input/.exec(comment);
  if (!k || s.input_len == null) return false;
  const n = Number(k[1]) * (k[2] ? 1000 : 1);
  return (
    Math.abs(n - s.input_len) <= LENGTH_TOLERANCE * s.input_len ||
    (k[2] != null && Math.abs(Number(k[1]) * 1024 - s.input_len) <= LENGTH_TOLERANCE * s.input_len)
  );
}

function sideName(side: "baseline" | "recommended", language: Language): string {
  const word = side === "baseline" ? WORDS[language].baseline[0] : WORDS[language].recommended[0];
  return word.charAt(0).toLocaleUpperCase(language) + word.slice(1);
}

const shell = (argv: string[]) =>
  argv.map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, "'\\''")}'`)).join(" ");

/**
 * One candidate per result when the results are labelled by settings: `# --max_num_tokens=32768` replaces those
 * options of the printed command; a bare `# flashinfer` replaces the option whose value is another label (`triton`).
 */
function candidateVariants(
  c: ReadCandidate
): {label: string | null; idText?: string; command: Command; entries: ReadCandidate["entries"]}[] {
  const command = c.command!;
  const comments = c.entries.map((e) => (e.entry.kind === "result" ? e.entry.comment : null));
  const flagged = comments.length > 1 && comments.every((t) => t != null && t.trim().startsWith("--"));
  const options = argvMeaning(command.argv).options;
  const valued = [...options.entries()].find(([, v]) => v.length === 1 && comments.some((t) => t?.trim() === v[0]));
  const bare = comments.length > 1 && comments.every((t) => t != null && /^[\w.-]+$/.test(t.trim())) && valued != null;
  if (!flagged && !bare) return [{label: null, command, entries: c.entries}];
  // The options any label names are the varied ones: each result's command has exactly its label's.
  const labelWords = comments.map((t) => (flagged ? splitWords(t!) : [valued![0], t!.trim()]));
  const varied = new Set(
    labelWords.flatMap((ws) => ws.filter((x) => x.startsWith("--")).map((x) => x.split("=")[0].replace(/_/g, "-")))
  );
  const base: string[] = [];
  for (let i = 0; i < command.argv.length; i++) {
    const a = command.argv[i];
    const name = a.split("=")[0].replace(/_/g, "-");
    if (a.startsWith("--") && varied.has(name)) {
      if (!a.includes("=")) while (i + 1 < command.argv.length && !command.argv[i + 1].startsWith("--")) i++;
      continue;
    }
    base.push(a);
  }
  // Ids from what sets the results apart: one option's name and value, or the values of the several that vary.
  const meanings = labelWords.map((ws) => argvMeaning(["x", ...ws]).options);
  const names = [...new Set(meanings.flatMap((m) => [...m.keys()]))];
  const differing = names.filter((n) => new Set(meanings.map((m) => (m.get(n) ?? []).join(" "))).size > 1);
  return c.entries.map((e, k) => ({
    label: comments[k]!.trim(),
    idText:
      differing.length === 1
        ? `${differing[0].replace(/^--/, "")}-${(meanings[k].get(differing[0]) ?? ["default"]).join("-")}`
        : differing.flatMap((n) => meanings[k].get(n) ?? []).join("-") || comments[k]!.trim(),
    command: {...command, argv: [...base, ...labelWords[k]], text: [...base, ...labelWords[k]].join(" ")},
    entries: [e]
  }));
}

function splitWords(text: string): string[] {
  return text.trim().split(/\s+/);
}

/** The engine a command starts; a list of backend parameters takes its heading's engine, else that of the earlier
 * candidate whose parameters it shares most. */
function commandEngine(
  command: Command,
  label: string | null,
  known: StudyCandidate[],
  note: (line: number, what: string) => void
): EngineId {
  if (!command.params) {
    const engine = engineOf(command.argv);
    if (!engine)
      throw new WriteupProblem(
        command.line,
        `'${command.text.slice(0, 80)}' starts no server: no program before its options`
      );
    return engine;
  }
  const named = label ? engineNamed(label) : null;
  if (named) return named;
  const flags = new Set(command.argv.map((a) => a.split("=")[0]));
  let best: StudyCandidate | null = null;
  let bestShared = 0;
  for (const k of known) {
    const shared = k.server.filter((a) => flags.has(a.split("=")[0])).length;
    if (shared > bestShared) [best, bestShared] = [k, shared];
  }
  if (!best) throw new WriteupProblem(command.line, "backend parameters with no engine named above them");
  note(
    command.line,
    `engine ${best.engine} for these parameters: they share ${bestShared} option(s) with "${best.label}"`
  );
  return best.engine;
}

/** The model a list of backend parameters serves: the recommended command's where they are its parameters or the step
 * applies quantization (the only quantized model the page names), else the write-up's model. */
function paramsModel(
  command: Command,
  title: string,
  w: Writeup,
  model: string,
  recommendedModel: string | null,
  note: (line: number, what: string) => void
): string {
  if (!w.recommended || !recommendedModel) return model;
  const rest = argvMeaning(w.recommended.argv).options;
  rest.delete("--model");
  rest.delete("--model-path");
  const mine = argvMeaning(["x", ...command.argv]).options;
  const same = rest.size === mine.size && [...mine].every(([k, v]) => rest.get(k)?.join() === v.join());
  const quantized = baseName(recommendedModel) === baseName(model) && recommendedModel !== model;
  if (same) {
    note(
      command.line,
      `model ${recommendedModel}: these are the parameters of the recommended command (line ${w.recommended.line})`
    );
    return recommendedModel;
  }
  if (quantized && /quanti[sz]ation/i.test(title)) {
    note(
      command.line,
      `model ${recommendedModel}: the step applies quantization, and the page's only quantized model is the recommended command's (line ${w.recommended.line})`
    );
    return recommendedModel;
  }
  return model;
}
