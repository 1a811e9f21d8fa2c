// The home page's data: the recommendation, where it comes from, the headline and the headline runs' share of the ceiling.
import type {HomePage, Report, RunCells, RunRow} from "../report-types.js";
import {headroomFindings} from "./headroom-finding.js";
import {runCells} from "../analysis/run-cells.js";
import {pointRows} from "../analysis/points.js";

/** The last selection step, the step the recommended configuration won, and the command it won with. */
export function recommendationOrigin(report: Report): HomePage["origin"] {
  const selection = report.steps.filter((s) => s.kind === "selection");
  const wonIn = report.steps.find((s) => s.id === report.recommended.step);
  const winner = wonIn?.candidates.find((c) => c.id === report.recommended.candidate);
  return {
    last_step: selection.at(-1)?.title ?? null,
    won_in: wonIn?.title ?? null,
    winner_command: winner?.server_command ?? report.recommended.server_command,
    kept_baseline:
      report.recommended.step === report.baseline.step && report.recommended.candidate === report.baseline.candidate
  };
}

export function homePage(report: Report, rows: readonly RunRow[]): HomePage {
  const headlineRuns = new Set(report.headline.flatMap((h) => [h.baseline_run, h.recommended_run]));
  return {
    study: report.study,
    recommended: report.recommended,
    headline: report.headline,
    origin: recommendationOrigin(report),
    headroom: report.headroom,
    findings: headroomFindings(report),
    // Each headline point's mean share of the ceiling, as the headline's means beside it.
    rows: pointRows(rows, report.study.warmup_repeats ?? 0)
      .filter((r) => headlineRuns.has(r.run))
      .map((r) => runCells(r, ["ceiling_ratio"]) as RunCells<"ceiling_ratio">)
  };
}
