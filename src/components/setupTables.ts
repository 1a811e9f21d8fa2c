// The setup page's tables: engines, scenarios and the exact commands the runs used.
import type {ScenarioInfo, StudyInfo} from "../../loaders/analysis/report.js";
import type {SetupPage} from "../../loaders/pages/setup.js";
import {DASH, formatCount} from "./format.js";
import {pick, t} from "./i18n.js";
import {link, runHref, type PageContext} from "./links.js";
import {dataTable, textElement} from "./table.js";

export function enginesTable(report: {study: Pick<StudyInfo, "engines">}, {lang}: PageContext): HTMLElement {
  return dataTable(report.study.engines, [
    {label: t("engine", lang), value: (engine) => engine.name},
    {label: t("version", lang), value: (engine) => textElement("code", engine.version)}
  ]);
}

export function scenariosTable(report: {study: Pick<StudyInfo, "scenarios">}, {lang}: PageContext): HTMLElement {
  return dataTable<ScenarioInfo>(report.study.scenarios, [
    {label: t("scenario", lang), value: (s) => pick(s.name, lang)},
    {label: t("dataset", lang), value: (s) => s.dataset},
    {label: t("datasetPath", lang), value: (s) => (s.dataset_path ? textElement("code", s.dataset_path) : DASH)},
    {label: t("inputLen", lang), numeric: true, value: (s) => formatCount(s.input_len)},
    {label: t("outputLen", lang), numeric: true, value: (s) => formatCount(s.output_len)},
    {label: t("prompts", lang), numeric: true, value: (s) => formatCount(s.num_prompts)},
    {label: t("seed", lang), numeric: true, value: (s) => formatCount(s.seed)}
  ]);
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
