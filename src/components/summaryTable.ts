// The summary of optimization options: each selection step's gain over the best configuration before it, or "—".
import type {SummaryRow} from "../../loaders/analysis/derive.js";
import type {SummaryPage} from "../../loaders/pages/summary.js";
import {DASH, formatFixed} from "./format.js";
import {formatGain} from "./intervals.js";
import {fill, pick, t} from "./i18n.js";
import {link, runHref, stepHref, type PageContext} from "./links.js";
import {dataTable, fragment, textElement, type Column} from "./table.js";
import {candidateLabel, comparedIncumbentValue} from "./verdict.js";

export function summaryTable(report: Pick<SummaryPage, "summary" | "steps">, context: PageContext): HTMLElement {
  const {lang} = context;
  // "concurrency 16": the load of a ladder's point, from the step's standings.
  const loadOfRun = (run: string): string | null => {
    for (const step of report.steps)
      for (const list of Object.values(step.standings ?? {}))
        for (const s of list)
          if (s.run === run && s.load)
            return s.load.kind === "request_rate"
              ? fill("cellRequestRate", lang, {value: s.load.value})
              : fill("cellConcurrency", lang, {value: s.load.value});
    return null;
  };
  const stepOf = (row: SummaryRow) => report.steps.find((s) => s.id === row.step);
  const columns: Column<SummaryRow>[] = [
    {label: t("step", lang), value: (row) => link(stepHref(row.step, context), pick(row.title, lang))},
    {
      label: t("bestSoFar", lang),
      value: (row) => {
        const verdict = stepOf(row)?.verdict;
        const incumbent = verdict?.incumbent;
        // A baseline that never meets the SLO has no figure to beat: said, not a bare dash.
        if (!incumbent && verdict?.baseline_outside_slo) return t("baselineOutsideSlo", lang);
        if (!incumbent) return DASH;
        const label = link(
          runHref(incumbent.run, context),
          candidateLabel(report, incumbent.step, incumbent.candidate)
        );
        // The value the gain is computed against: on the deciding scenario; none for a geometric mean of scenarios.
        if (verdict.basis?.rule === "geometric-mean") return label;
        return fragment(label, ` (${formatFixed(comparedIncumbentValue(verdict))})`);
      }
    },
    {
      label: t("bestCandidate", lang),
      value: (row) => {
        const verdict = stepOf(row)?.verdict;
        const best = verdict?.best;
        if (!best) return DASH;
        const basis = verdict.basis;
        const load = loadOfRun(best.run);
        return fragment(
          link(runHref(best.run, context), candidateLabel(report, row.step, best.candidate)),
          basis?.rule === "geometric-mean"
            ? ` (${t("geometricMean", lang)} ${formatFixed(basis.score, 3)})`
            : ` (${formatFixed(best.value)}${load ? `, ${load}` : ""})`
        );
      }
    },
    {
      label: t("gain", lang),
      numeric: true,
      value: (row) => {
        const verdict = stepOf(row)?.verdict;
        // A gain the interval cannot tell from zero is shown for what it is, not as a gain.
        if (verdict?.kind === "within-noise")
          return textElement(
            "span",
            `${t("withinNoise", lang)}: ${formatGain(verdict.gain_percent, verdict.gain_interval)}`,
            "change"
          );
        return textElement(
          "span",
          formatGain(row.gain_percent, row.gain_interval),
          row.gain_percent == null ? "change" : "change better"
        );
      }
    }
  ];
  return dataTable(report.summary, columns, {className: "summary"});
}
