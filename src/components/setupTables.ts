// The setup page's tables: engines, scenarios and the exact commands the runs used.
import type {ScenarioInfo, StudyInfo} from "../../loaders/analysis/report.js";
import type {BenchCommandGroup, SetupPage} from "../../loaders/pages/setup.js";
import {DASH, formatCount} from "./format.js";
import {pick, recordedText, t, type Lang} from "./i18n.js";
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
  out.append(lang === "tr" ? "Modeller ve onları sunan adaylar:" : "Models, with the candidates that serve them:");
  const list = document.createElement("ul");
  for (const {model, candidates} of page.models) {
    const item = document.createElement("li");
    const rest = candidates.length - CANDIDATES_SHOWN;
    const more =
      rest <= 0
        ? ""
        : lang === "tr"
          ? ` ve ${formatCount(rest)} aday daha`
          : ` and ${formatCount(rest)} more candidates`;
    const named = candidates.slice(0, rest <= 0 ? candidates.length : CANDIDATES_SHOWN);
    item.append(textElement("code", recordedText(model, lang)), `: ${named.join("; ")}${more}`);
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
  const p = textElement(
    "p",
    lang === "tr"
      ? "Sunucu komutu kaydedilmemiş (hiçbir dosya motoru belirtmiyor; study.yaml içindeki server)."
      : "The server command is not recorded (no file names the engine; server in study.yaml)."
  );
  p.className = "command-not-recorded";
  if (settings)
    p.append(lang === "tr" ? " Kaydedilen ayarlar: " : " Recorded settings: ", textElement("code", settings));
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
    lang === "tr"
      ? tool === null
        ? `Benchmark komutu kaydedilmemiş, ${one ? "bu koşuyu" : "bu koşuları"} ölçen araç da; ${one ? "iş yükü kurulum sayfasındaki senaryo tablosunda" : "iş yükleri senaryo tablosunda"}.`
        : `Benchmark komutu kaydedilmemiş: ${one ? "bu koşuyu" : "bu koşuları"} ${tool} ölçtü; ${one ? "iş yükü kurulum sayfasındaki senaryo tablosunda" : "iş yükleri senaryo tablosunda"}.`
      : tool === null
        ? `The benchmark command is not recorded, nor the tool that measured ${one ? "this run" : "these runs"}; ${one ? "its workload is in the scenario table on the setup page" : "their workload is in the scenario table"}.`
        : `The benchmark command is not recorded: ${tool} measured ${one ? "this run" : "these runs"}; ${one ? "its workload is in the scenario table on the setup page" : "their workload is in the scenario table"}.`;
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
  const tr = context.lang === "tr";
  const count = formatCount(group.runs.length);
  const stepCount = group.steps.length;
  const parts: (string | Node)[] = [
    tr
      ? `Koşular: ${count}, ${formatCount(stepCount)} adımda: `
      : `Runs: ${count}, in ${formatCount(stepCount)} ${stepCount === 1 ? "step" : "steps"}: `
  ];
  group.steps.slice(0, STEP_LINKS_SHOWN).forEach((id, i) => {
    if (i) parts.push(", ");
    parts.push(link(stepHref(id, context), pick(steps.find((s) => s.id === id)?.title, context.lang) || id));
  });
  const more = stepCount - STEP_LINKS_SHOWN;
  if (more > 0) parts.push(tr ? ` ve ${formatCount(more)} adım daha` : ` and ${formatCount(more)} more`);
  parts.push(
    tr ? ". Her koşunun komutu kendi sayfasında ve " : ". Each run's command is on its run's page and in ",
    runsCsvLink(context),
    tr ? " dosyasında." : "."
  );
  return parts;
}

/** The study's server commands, step by step: past a page's worth, the first ones and where every one is. */
export function serverCommands(report: Pick<SetupPage, "steps">, context: PageContext): HTMLElement {
  const {lang} = context;
  const rows = report.steps.flatMap((step) =>
    step.candidates.map((candidate) => ({step: pick(step.title, lang), candidate}))
  );
  const rest = document.createDocumentFragment();
  rest.append(
    lang === "tr"
      ? "Her adayın sunucu komutu adımının sayfasında, her koşununki "
      : "Every candidate's server command is on its step's page, and every run's in ",
    runsCsvLink(context),
    lang === "tr" ? " dosyasında." : "."
  );
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
    {lang, id: "server-commands", maxRows: SERVER_COMMANDS_SHOWN, rest}
  );
}

/** The sentence before the client's fixed arguments: the client the runs used, where it is not the plan's. */
export function clientText(page: Pick<SetupPage, "study" | "settings">, lang: Lang): string {
  const planned = page.study.client.name;
  const used = (page.settings?.clients ?? []).filter((c) => c !== planned && !c.startsWith(planned));
  const native = used.some((c) => c.startsWith("tps-report"));
  if (!used.length)
    return lang === "tr"
      ? `Benchmark istemcisi ${planned}; şu sabit argümanlarla çağrıldı:`
      : `The benchmark client is ${planned}, called with these fixed arguments:`;
  const what = native
    ? lang === "tr"
      ? " (vllm bench serve'ün bayraklarını alan yerel istemci)"
      : " (the native client, which takes vllm bench serve's flags)"
    : "";
  return lang === "tr"
    ? `Koşular ${used.join(", ")}${what} ile yapıldı; planın istemcisi ${planned}, şu sabit argümanlarla:`
    : `The runs used ${used.join(", ")}${what}; the plan's client is ${planned}, called with these fixed arguments:`;
}

/** What a study decided within an SLO optimizes and under which target, its ladders and its price, in sentences. */
export function sloLines(
  study: Partial<Pick<StudyInfo, "slo" | "within_slo" | "scenarios" | "hardware" | "objective">>,
  lang: Lang
): string[] {
  const tr = lang === "tr";
  const lines: string[] = [];
  const slo = study.slo;
  if (slo) {
    const limits = slo.limits
      .map((l) => `${l.statistic} ${l.metric.replace(/_ms$/, "").toUpperCase()} ≤ ${l.limit} ms`)
      .join(tr ? " ve " : " and ");
    const perRequest = slo.limits
      .filter((l) => l.metric !== "itl_ms")
      .map((l) => `${l.metric.replace(/_ms$/, "").toUpperCase()} ≤ ${l.limit} ms`)
      .join(tr ? " ve " : " and ");
    const share = `${+(slo.attainment * 100).toFixed(2)} %`;
    lines.push(
      study.within_slo
        ? tr
          ? `Hedef: SLO içindeki en yüksek ${study.objective} (objective: max_throughput_within_slo). SLO: ${limits}; istekler tekrarlar boyunca birlikte sayıldığında en az ${share} kadarı ${perRequest} sınırlarını karşılamalı (attainment: ${slo.attainment}). Bir yük noktası, hiçbir koşusu başarısız olmadıysa, her tekrarda istatistikleri sınırların içindeyse ve bu pay sağlanıyorsa SLO içindedir.`
          : `Objective: the highest ${study.objective} within the SLO (objective: max_throughput_within_slo). SLO: ${limits}; at least ${share} of the requests, pooled over a point's repeats, must meet ${perRequest} (attainment: ${slo.attainment}). A load point meets the SLO when none of its runs failed, its statistics lie within the limits in every repeat, and that share is reached.`
        : tr
          ? `SLO (karar vermez, gösterilir): ${limits}; attainment ${slo.attainment}.`
          : `SLO (shown, not deciding): ${limits}; attainment ${slo.attainment}.`
    );
  }
  for (const scenario of study.scenarios ?? []) {
    const loads = scenario.loads;
    if (!loads) continue;
    const kind = loads.kind === "request_rate" ? (tr ? "istek/s" : "requests/s") : tr ? "eşzamanlılık" : "concurrency";
    const prompts = loads.prompts
      ? loads.prompts.join(", ")
      : loads.prompts_per_load
        ? `max(${scenario.num_prompts}, ${loads.prompts_per_load} × ${tr ? "seviye" : "level"})`
        : String(scenario.num_prompts);
    const preset =
      loads.preset === "mlperf-endpoints"
        ? tr
          ? "; MLPerf Endpoints ön ayarı: etkileşim 1000 / p90 TPOT, sınır basamak fonksiyonu"
          : "; the mlperf-endpoints preset: interactivity 1000 / p90 TPOT, the frontier a step function"
        : "";
    lines.push(
      tr
        ? `Yük merdiveni (${pick(scenario.name, lang)}): ${kind} ${loads.levels.join(", ")}; seviye başına istek ${prompts}${preset}.`
        : `Load ladder (${pick(scenario.name, lang)}): ${kind} ${loads.levels.join(", ")}; requests per level ${prompts}${preset}.`
    );
  }
  const price = study.hardware?.price_per_hour;
  if (price != null)
    lines.push(
      tr
        ? `Fiyat: GPU-saati başına ${price} $ (hardware.price_per_hour); dolar başına token her koşunun süresinden ve GPU sayısından hesaplanır.`
        : `Price: $${price} per GPU-hour (hardware.price_per_hour); tokens per dollar follow from each run's duration and GPU count.`
    );
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
  const tr = lang === "tr";
  const lines: string[] = [...slo];
  const {min, max} = s.repeats;
  const repeats = min === max ? `${max}` : `${min}–${max}`;
  if (max <= 1)
    lines.push(
      tr
        ? "Tekrarlar: her nokta bir kez koşuldu; aralık hesaplanamaz."
        : "Repeats: each point ran once; no interval can be computed."
    );
  else {
    const warm = s.warmup_repeats
      ? tr
        ? `; her noktanın ilk ${s.warmup_repeats} tekrarı ısınmadır ve hiçbir ortalamada yoktur (warmup_repeats: ${s.warmup_repeats})`
        : `; ${s.warmup_repeats === 1 ? "repeat 1" : `repeats 1–${s.warmup_repeats}`} of each point ${s.warmup_repeats === 1 ? "is a warm-up" : "are warm-ups"} and in no mean (warmup_repeats: ${s.warmup_repeats})`
      : "";
    lines.push(
      tr
        ? `Tekrarlar: nokta başına ${repeats}, turlar halinde${warm}.`
        : `Repeats: ${repeats} per point, run in rounds${warm}.`
    );
    const level = `${+(s.confidence * 100).toFixed(1)}`;
    // One candidate has no gain to count.
    lines.push(
      page.study?.single_candidate
        ? `${tr ? "Aralıklar: %" : "Intervals: "}${level}${tr ? "" : "%"} Student-t.`
        : tr
          ? `Aralıklar: %${level} Student-t; bir kazanç ancak Welch aralığı sıfırın üstündeyse sayılır.`
          : `Intervals: ${level}% Student-t; a gain counts only when its Welch interval lies above zero.`
    );
  }
  if (s.num_warmups.length)
    lines.push(
      tr
        ? `Her koşunun saati başlamadan önceki ısınma istekleri: ${s.num_warmups.join(", ")}.`
        : `Warm-up requests before each run's clock: ${s.num_warmups.join(", ")}.`
    );
  if (s.level_seeds)
    lines.push(
      tr
        ? `Veri kümesi tohumları: 1. tekrarda ilk yük seviyesinde senaryonun tohumu; L seviyeli bir merdivenin 0'dan sayılan i. seviyesinde, k. tekrarda tohum + (k − 1) × L + i, böylece bir merdivenin hiçbir iki koşusu aynı istemleri göndermez (koşular ${s.seeds.join(", ")} gönderdi).`
        : `Dataset seeds: each scenario's seed at its first load level in repeat 1; at level i (from 0) of a ladder of L levels, seed + (k − 1) × L + i in repeat k, so no two runs of a ladder send the same prompts (the runs sent ${s.seeds.join(", ")}).`
    );
  else if (s.seeds.length > 1)
    lines.push(
      tr
        ? `Veri kümesi tohumları: 1. tekrar için senaryonun tohumu, k. tekrar için tohum + k − 1 (koşular ${s.seeds.join(", ")} gönderdi).`
        : `Dataset seeds: each scenario's seed for repeat 1, seed + k − 1 for repeat k (the runs sent ${s.seeds.join(", ")}).`
    );
  else
    lines.push(
      tr
        ? "Veri kümesi tohumları: her senaryonun tohumu, her koşu için aynı."
        : "Dataset seeds: each scenario's seed, the same for every run."
    );
  if (s.scrape_interval_s != null)
    lines.push(
      tr
        ? `Sunucu metrikleri her ${s.scrape_interval_s} s'de okundu${s.gpu_samples ? "; GPU örnekleri nvidia-smi'den" : ""}.`
        : `Server metrics scraped every ${s.scrape_interval_s} s${s.gpu_samples ? "; GPU samples from nvidia-smi" : ""}.`
    );
  return lines;
}
