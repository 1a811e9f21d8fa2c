// The setup page's tables: engines, scenarios and the exact commands the runs used.
import type {ScenarioInfo, StudyInfo} from "../../loaders/analysis/report.js";
import type {SetupPage} from "../../loaders/pages/setup.js";
import {DASH, formatCount} from "./format.js";
import {pick, recordedText, t, type Lang} from "./i18n.js";
import {link, runHref, type PageContext} from "./links.js";
import {dataTable, textElement} from "./table.js";

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
    item.append(textElement("code", recordedText(model, lang)), `: ${candidates.join("; ")}`);
    list.append(item);
  }
  out.append(list);
  return out;
}

export function commandBlock(command: string): HTMLElement {
  const pre = document.createElement("pre");
  pre.append(textElement("code", command));
  return pre;
}

/** Every distinct benchmark command of each scenario, with the runs that used it. */
export function benchCommands(page: Pick<SetupPage, "study" | "bench_commands">, context: PageContext): HTMLElement {
  const container = document.createElement("div");
  container.className = "bench-commands";
  for (const scenario of page.study.scenarios) {
    const groups = page.bench_commands.filter((g) => g.scenario === scenario.id);
    if (!groups.length) continue;
    container.append(textElement("h3", pick(scenario.name, context.lang)));
    for (const {command, runs: runIds} of groups) {
      container.append(commandBlock(command));
      const used = document.createElement("p");
      used.className = "run-links";
      used.append(`${t("runs", context.lang)}: `);
      runIds.forEach((run, i) => {
        if (i) used.append(", ");
        used.append(link(runHref(run, context), run));
      });
      container.append(used);
    }
  }
  return container;
}

/** The study's server commands, step by step. */
export function serverCommands(report: Pick<SetupPage, "steps">, {lang}: PageContext): HTMLElement {
  const rows = report.steps.flatMap((step) =>
    step.candidates.map((candidate) => ({step: pick(step.title, lang), candidate}))
  );
  return dataTable(rows, [
    {label: t("step", lang), value: (r) => r.step},
    {label: t("candidate", lang), value: (r) => r.candidate.label},
    {label: t("serverCommand", lang), value: (r) => textElement("code", r.candidate.server_command)}
  ]);
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

/** How the study ran, one sentence each: repeats, intervals, warm-ups, seeds, telemetry. */
export function howItRan(
  page: Pick<SetupPage, "settings"> & {study?: Pick<StudyInfo, "single_candidate">},
  lang: Lang
): string[] {
  const s = page.settings;
  if (!s) return [];
  const tr = lang === "tr";
  const lines: string[] = [];
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
