// The setup page's tables: engines, scenarios and the exact commands the runs used.
import type {ScenarioInfo, StudyInfo} from "../../loaders/analysis/report.js";
import type {BenchCommandGroup, SetupPage} from "../../loaders/pages/setup.js";
import {DASH, formatCount} from "./format.js";
import {fill, fillParts, pick, recordedText, t, type Lang} from "./i18n.js";
import {link, runHref, runsCsvLink, stepHref, type PageContext} from "./links.js";
import {dataTable, pagedTable, textElement} from "./table.js";

export function enginesTable(report: {study: Pick<StudyInfo, "engines">}, {lang}: PageContext): HTMLElement {
  return dataTable(report.study.engines, [
    {label: t("engine", lang), value: (engine) => recordedText(engine.name, lang)},
    {label: t("version", lang), value: (engine) => textElement("code", recordedText(engine.version, lang))}
  ]);
}

export function scenariosTable(report: {study: Pick<StudyInfo, "scenarios">}, {lang}: PageContext): HTMLElement {
  return dataTable<ScenarioInfo>(report.study.scenarios, [
    {label: t("scenario", lang), value: (s) => pick(s.name, lang)},
    {label: t("dataset", lang), value: (s) => recordedText(s.dataset, lang)},
    {label: t("datasetPath", lang), value: (s) => (s.dataset_path ? textElement("code", s.dataset_path) : DASH)},
    {label: t("inputLen", lang), numeric: true, value: (s) => formatCount(s.input_len)},
    {label: t("outputLen", lang), numeric: true, value: (s) => formatCount(s.output_len)},
    {label: t("prompts", lang), numeric: true, value: (s) => formatCount(s.num_prompts)},
    {label: t("seed", lang), numeric: true, value: (s) => formatCount(s.seed)}
  ]);
}

/** Candidates a model names on /setup at most: a 6,000-candidate study's labels were a wall of text. */
export const CANDIDATES_SHOWN = 12;

/** "Model: X", or each model with the candidates that serve it: one model is never shown as the study's. */
export function modelsText(page: Pick<SetupPage, "models">, lang: Lang): DocumentFragment {
  const out = document.createDocumentFragment();
  const [only, ...others] = page.models;
  if (only && !others.length) {
    out.append("Model: ", textElement("code", recordedText(only.model, lang)));
    return out;
  }
  out.append(t("modelsWithCandidates", lang));
  const list = document.createElement("ul");
  for (const {model, candidates} of page.models) {
    const item = document.createElement("li");
    const rest = candidates.length - CANDIDATES_SHOWN;
    const named = candidates.slice(0, rest <= 0 ? candidates.length : CANDIDATES_SHOWN).join("; ");
    const text = rest <= 0 ? named : fill("candidatesAndMore", lang, {named, count: formatCount(rest)});
    item.append(textElement("code", recordedText(model, lang)), `: ${text}`);
    list.append(item);
  }
  out.append(list);
  return out;
}

// The plan's placeholder where import found no engine to name (loaders/import/infer.ts), shell-quoted.
const UNRECORDED_SERVER = /^'TODO: the server command'(?:\s+|$)/;

/** The server command no file recorded, read as such with the settings that were; null for any other command. */
function unrecordedServer(command: string, lang: Lang): HTMLElement | null {
  if (!UNRECORDED_SERVER.test(command)) return null;
  const settings = command.replace(UNRECORDED_SERVER, "");
  const p = textElement("p", t("serverCommandNotRecorded", lang));
  p.className = "command-not-recorded";
  if (settings) p.append(...fillParts("recordedSettings", lang, {settings: textElement("code", settings)}));
  return p;
}

/** A command to copy, as a block. */
export function commandBlock(command: string, lang: Lang): HTMLElement {
  const unrecorded = unrecordedServer(command, lang);
  if (unrecorded) return unrecorded;
  const pre = document.createElement("pre");
  pre.append(textElement("code", command));
  return pre;
}

/**
 * A benchmark command, or where none is recorded (an imported run whose tool takes other options than the plan's
 * client), what measured the run(s) instead: never a command that did not run.
 */
export function benchCommandBlock(
  command: string,
  client: string | null | undefined,
  lang: Lang,
  runs: 1 | 2
): HTMLElement {
  if (command !== "") return commandBlock(command, lang);
  const one = runs === 1;
  const tool = client ?? null;
  const text =
    tool === null
      ? t(one ? "benchNotRecordedNoToolRun" : "benchNotRecordedNoToolRuns", lang)
      : fill(one ? "benchNotRecordedToolRun" : "benchNotRecordedToolRuns", lang, {tool});
  const p = textElement("p", text);
  p.className = "command-not-recorded";
  return p;
}

/** Run links a benchmark command lists at most; past them it names its runs' steps (a 17,000-run study's run ids
 * would be most of the page's weight). */
export const RUN_LINKS_SHOWN = 100;

/** Steps a benchmark command names at most (more read as a wall of links; the site's menu has them all). */
export const STEP_LINKS_SHOWN = 20;

/** Server commands the page lists at most: past them each is on its step's page. */
export const SERVER_COMMANDS_SHOWN = 1000;

/** Every distinct benchmark command of each scenario, with the runs that used it (or, when they are many, their
 * count, their steps and where each run's command is). */
export function benchCommands(
  page: {study: Pick<StudyInfo, "scenarios">} & Pick<SetupPage, "bench_commands" | "steps">,
  context: PageContext
): HTMLElement {
  const container = document.createElement("div");
  container.className = "bench-commands";
  for (const scenario of page.study.scenarios) {
    const groups = page.bench_commands.filter((g) => g.scenario === scenario.id);
    if (!groups.length) continue;
    container.append(textElement("h3", pick(scenario.name, context.lang)));
    for (const group of groups) {
      container.append(benchCommandBlock(group.command, group.client, context.lang, 2));
      const used = document.createElement("p");
      used.className = "run-links";
      if (group.runs.length <= RUN_LINKS_SHOWN) {
        used.append(`${t("runs", context.lang)}: `);
        group.runs.forEach((run, i) => {
          if (i) used.append(", ");
          used.append(link(runHref(run, context), run));
        });
      } else used.append(...runSteps(group, page.steps, context));
      container.append(used);
    }
  }
  return container;
}

/** "Runs: 5,400, in 200 steps: A, B, … and 100 more steps. Each run's command is on its run's page and in runs.csv." */
function runSteps(group: BenchCommandGroup, steps: SetupPage["steps"], context: PageContext): (string | Node)[] {
  const {lang} = context;
  const stepCount = group.steps.length;
  const named = document.createDocumentFragment();
  group.steps.slice(0, STEP_LINKS_SHOWN).forEach((id, i) => {
    if (i) named.append(", ");
    named.append(link(stepHref(id, context), pick(steps.find((s) => s.id === id)?.title, lang) || id));
  });
  const more = stepCount - STEP_LINKS_SHOWN;
  const listed = document.createDocumentFragment();
  listed.append(...(more > 0 ? fillParts("stepsAndMore", lang, {steps: named, more: formatCount(more)}) : [named]));
  return fillParts(stepCount === 1 ? "runsInOneStep" : "runsInSteps", lang, {
    count: formatCount(group.runs.length),
    stepCount: formatCount(stepCount),
    steps: listed,
    csv: runsCsvLink(context)
  });
}

/** The study's server commands, step by step: past a page's worth, the first ones and where every one is. */
export function serverCommands(report: Pick<SetupPage, "steps">, context: PageContext): HTMLElement {
  const {lang} = context;
  const rows = report.steps.flatMap((step) =>
    step.candidates.map((candidate) => ({step: pick(step.title, lang), candidate}))
  );
  const rest = document.createDocumentFragment();
  rest.append(...fillParts("serverCommandsElsewhere", lang, {csv: runsCsvLink(context)}));
  return pagedTable(
    rows,
    [
      {label: t("step", lang), value: (r) => r.step},
      {label: t("candidate", lang), value: (r) => r.candidate.label},
      {
        label: t("serverCommand", lang),
        value: (r) =>
          unrecordedServer(r.candidate.server_command, lang) ?? textElement("code", r.candidate.server_command)
      }
    ],
    {lang, id: "server-commands", className: "server-commands", maxRows: SERVER_COMMANDS_SHOWN, rest}
  );
}

/** The sentence before the client's fixed arguments: the client the runs used, where it is not the plan's. */
export function clientText(page: Pick<SetupPage, "study" | "settings">, lang: Lang): string {
  const planned = page.study.client.name;
  const used = (page.settings?.clients ?? []).filter((c) => c !== planned && !c.startsWith(planned));
  const native = used.some((c) => c.startsWith("tps-report"));
  if (!used.length) return fill("clientPlanned", lang, {planned});
  return fill(native ? "clientUsedNative" : "clientUsed", lang, {used: used.join(", "), planned});
}

/** What a study decided within an SLO optimizes and under which target, its ladders and its price, in sentences. */
export function sloLines(
  study: Partial<Pick<StudyInfo, "slo" | "within_slo" | "scenarios" | "hardware" | "objective">>,
  lang: Lang
): string[] {
  const lines: string[] = [];
  const slo = study.slo;
  if (slo) {
    const limits = slo.limits
      .map((l) => `${l.statistic} ${l.metric.replace(/_ms$/, "").toUpperCase()} ≤ ${l.limit} ms`)
      .join(t("sloAnd", lang));
    const perRequest = slo.limits
      .filter((l) => l.metric !== "itl_ms")
      .map((l) => `${l.metric.replace(/_ms$/, "").toUpperCase()} ≤ ${l.limit} ms`)
      .join(t("sloAnd", lang));
    const share = `${+(slo.attainment * 100).toFixed(2)} %`;
    lines.push(
      study.within_slo
        ? fill("sloObjective", lang, {
            objective: String(study.objective),
            limits,
            share,
            perRequest,
            attainment: slo.attainment
          })
        : fill("sloShown", lang, {limits, attainment: slo.attainment})
    );
  }
  for (const scenario of study.scenarios ?? []) {
    const loads = scenario.loads;
    if (!loads) continue;
    const kind = t(loads.kind === "request_rate" ? "ladderRequestRate" : "ladderConcurrency", lang);
    const prompts = loads.prompts
      ? loads.prompts.join(", ")
      : loads.prompts_per_load
        ? fill("promptsPerLevel", lang, {prompts: scenario.num_prompts, perLoad: loads.prompts_per_load})
        : String(scenario.num_prompts);
    lines.push(
      fill(loads.preset === "mlperf-endpoints" ? "loadLadderMlperf" : "loadLadder", lang, {
        scenario: pick(scenario.name, lang),
        kind,
        levels: loads.levels.join(", "),
        prompts
      })
    );
  }
  const price = study.hardware?.price_per_hour;
  if (price != null) lines.push(fill("pricePerGpuHour", lang, {price}));
  return lines;
}

/** How the study ran, one sentence each: the SLO and ladders, repeats, intervals, warm-ups, seeds, telemetry. */
export function howItRan(
  page: Pick<SetupPage, "settings"> & {
    study?: Pick<StudyInfo, "single_candidate"> &
      Partial<Pick<StudyInfo, "slo" | "within_slo" | "scenarios" | "hardware" | "objective">>;
  },
  lang: Lang
): string[] {
  const s = page.settings;
  const slo = sloLines(page.study ?? {}, lang);
  if (!s) return slo;
  const lines: string[] = [...slo];
  const {min, max} = s.repeats;
  const repeats = min === max ? `${max}` : `${min}–${max}`;
  if (max <= 1) lines.push(t("repeatsOnce", lang));
  else {
    const warmups = s.warmup_repeats;
    const rounds = !warmups ? "repeatsInRounds" : warmups === 1 ? "repeatsInRoundsWarmup" : "repeatsInRoundsWarmups";
    lines.push(fill(rounds, lang, {repeats, warmups}));
    const level = `${+(s.confidence * 100).toFixed(1)}`;
    // One candidate has no gain to count.
    lines.push(fill(page.study?.single_candidate ? "intervalsStudentT" : "intervalsWelch", lang, {level}));
  }
  if (s.num_warmups.length) lines.push(fill("warmupRequests", lang, {warmups: s.num_warmups.join(", ")}));
  const seeds = s.seeds.join(", ");
  if (s.level_seeds) lines.push(fill("seedsPerLevel", lang, {seeds}));
  else if (s.seeds.length > 1) lines.push(fill("seedsPerRepeat", lang, {seeds}));
  else lines.push(t("seedsSame", lang));
  if (s.scrape_interval_s != null)
    lines.push(fill(s.gpu_samples ? "scrapedEveryWithGpu" : "scrapedEvery", lang, {interval: s.scrape_interval_s}));
  return lines;
}
