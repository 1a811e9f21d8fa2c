// The home page's data: the recommendation, where it comes from, the headline and the headline runs' share of the ceiling.
import type {Report, StudyInfo} from "../analysis/report.js";
import type {RunCells} from "../analysis/run-cells.js";
import type {RunRow} from "../runs/rows.js";
import {headroomFindings} from "./headroom-finding.js";
import {runCells} from "../analysis/run-cells.js";
import type {HeadlineRow} from "../analysis/derive.js";
import type {HeadroomReport} from "../analysis/headroom.js";
import type {Finding} from "../finding.js";
import type {Text} from "../text.js";
import type {SearchVerdict} from "../analysis/tuner.js";
import {pointRows} from "../analysis/points.js";
import {stepCurves, type StepCurves} from "./load-curves.js";

const HOME_LADDER_COLUMNS = ["ceiling_tps", "load", "load_kind"] as const;

/** The last selection step, the step the recommended configuration won, and the command it won with. */
export function recommendationOrigin(report: Report): HomePage["origin"] {
  const selection = report.steps.filter((s) => s.kind === "selection");
  const wonIn = report.steps.find((s) => s.id === report.recommended.step);
  const winner = wonIn?.candidates.find((c) => c.id === report.recommended.candidate);
  // Nothing was chosen when every step tried one candidate: the page then tells no selection story.
  const single = report.steps.every((s) => s.candidates.length <= 1);
  return {
    last_step: selection.at(-1)?.title ?? null,
    won_in: wonIn?.title ?? null,
    winner_command: winner?.server_command ?? report.recommended.server_command,
    kept_baseline:
      report.recommended.step === report.baseline.step && report.recommended.candidate === report.baseline.candidate,
    ...(single ? {single_candidate: true} : {})
  };
}

/** Each step decided within the SLO on load curves, for the home page's SLO explorer (none for the seed). */
export function homeExplorers(report: Report, rows: readonly RunRow[] = []): HomeExplorer[] {
  if (!report.study.within_slo) return [];
  return report.steps.flatMap((step) => {
    const curves = stepCurves(report, step, rows);
    return curves?.within_slo
      ? [
          {
            step: step.id,
            title: step.title,
            labels: Object.fromEntries(step.candidates.map((c) => [c.id, c.label])),
            curves
          }
        ]
      : [];
  });
}

/** A study decided within an SLO whose baseline, or every configuration, never meets it: what the home page says
 * instead of a before and after. */
export function homeSlo(report: Report): HomePage["slo"] {
  if (!report.study.within_slo) return undefined;
  const baselineStep = report.steps.find((s) => s.id === report.baseline.step);
  const label =
    baselineStep?.candidates.find((c) => c.id === report.baseline.candidate)?.label ?? report.baseline.candidate;
  const none = report.recommended.outside_slo === true;
  if (!none && report.baseline.outside_slo == null) return undefined;
  const won = report.steps.find((s) => s.id === report.recommended.step)?.verdict.winner;
  const standing = won
    ? Object.values(report.steps.find((s) => s.id === won.step)?.standings ?? {})
        .flat()
        .find((s) => s.run === won.run)
    : undefined;
  return {
    baseline_label: label,
    baseline_outside: report.baseline.outside_slo ?? null,
    none_within: none,
    recommended: !none && won ? {run: won.run, value: won.value, load: standing?.load ?? null} : null
  };
}

export function homePage(report: Report, rows: readonly RunRow[]): HomePage {
  const slo = homeSlo(report);
  const headlineRuns = new Set(report.headline.flatMap((h) => [h.baseline_run, h.recommended_run]));
  if (slo?.recommended) headlineRuns.add(slo.recommended.run);
  const explorers = homeExplorers(report, rows);
  return {
    ...(explorers.length ? {explorers} : {}),
    ...(slo ? {slo} : {}),
    study: report.study,
    recommended: report.recommended,
    headline: report.headline,
    origin: recommendationOrigin(report),
    ...(report.tune ? {search: searchOutcome(report)} : {}),
    headroom: report.headroom,
    findings: headroomFindings(report),
    // Each headline point's mean share of the ceiling, as the headline's means beside it; on a ladder, the ceiling at
    // the point's load, which that share is of.
    rows: pointRows(rows, report.study.warmup_repeats ?? 0)
      .filter((r) => headlineRuns.has(r.run))
      .map(
        (r) =>
          runCells(r, ["ceiling_ratio", ...(typeof r.load === "number" ? HOME_LADDER_COLUMNS : [])]) as RunCells<
            "ceiling_ratio" | (typeof HOME_LADDER_COLUMNS)[number]
          >
      )
  };
}

/** What the search (`tps-report tune`) found against the greedy path's configuration, for the origin's sentence. */
function searchOutcome(report: Report): NonNullable<HomePage["search"]> {
  const tune = report.tune!;
  return {configurations: tune.configurations.length, verdict: tune.verdict, leader: tune.leader?.label ?? null};
}

/** The home page: the study, the recommended configuration, the headline and its share of the ceiling. */
export interface HomePage {
  /** The search's outcome, where the study ran one: how many configurations, its verdict, its leader's label. */
  search?: {configurations: number; verdict: SearchVerdict | null; leader: string | null};
  study: StudyInfo;
  recommended: Report["recommended"];
  headline: HeadlineRow[];
  /** Where the recommendation comes from: the last selection step, the step it won and the command it won with. */
  origin: {
    last_step: Text | null;
    won_in: Text | null;
    winner_command: string;
    /** No step's candidate replaced the baseline: the recommendation is the configuration the study started from. */
    kept_baseline?: boolean;
    /** Every step tried one candidate: nothing was chosen. */
    single_candidate?: boolean;
  };
  headroom: HeadroomReport | null;
  /** Only the finding that says why there is no headroom, when there is none. */
  findings: Finding[];
  /** Steps decided within the SLO on load curves: the SLO explorer decides them again (absent without). */
  explorers?: HomeExplorer[];
  /** A study decided within an SLO whose baseline never meets it (no before and after), or none of whose
   * configurations does: who, why, and the recommended configuration's point within it. */
  slo?: {
    baseline_label: string;
    baseline_outside: string | null;
    none_within: boolean;
    recommended: {run: string; value: number; load: {kind: string; value: number} | null} | null;
  };
  /** The headline's runs: their status and share of the ceiling. */
  rows: RunCells<"ceiling_ratio" | (typeof HOME_LADDER_COLUMNS)[number]>[];
}

/** A step the home page's SLO explorer decides again: its points, significance and candidates' labels. */
export interface HomeExplorer {
  step: string;
  title: Text;
  labels: Record<string, string>;
  curves: StepCurves;
}
