// Every run of a scenario against its hard ceiling, and the headline's two runs as shares of theirs.
import type {HeadroomScenario} from "../../loaders/analysis/headroom.js";
import type {RunCells} from "../../loaders/analysis/run-cells.js";
import type {HeadroomPage, HeadroomRow} from "../../loaders/pages/headroom.js";
import {pick} from "./i18n.js";
import {runHref, stepHref, type PageContext} from "./links.js";
import {shortLoad} from "./format.js";
import {notRunReason} from "./stepTable.js";

export type Binding = HeadroomScenario["binding"];

export interface HeadroomRun {
  run: string;
  /** The candidate's label, made unique within the scenario with its step's title when two share it; a ladder's
   * point adds its load ("Chunked prefill · c16"): each load is a bar of its own, against its own ceiling. */
  label: string;
  /** The label without its load: the candidate, as the table names it beside its Load column. */
  candidate: string;
  /** "c16", "0.5 r/s": the load of a ladder's point; null for a run sent at the scenario's one load. */
  load: string | null;
  step: string;
  stepTitle: string;
  engine: string;
  role: "baseline" | "recommended" | null;
  /** No figures: the run failed, or was left out (notRun). */
  failed: boolean;
  /** Why the run was left out on purpose (live mode's goodput search found the limit below it), as recorded; null
   * for a run that ran. Said as such, not as a failure. */
  notRun: string | null;
  error: string | null;
  /** Total token throughput, the unit of the ceiling. */
  throughput: number | null;
  /** The run's own hard ceiling, built from its token totals. */
  ceiling: number | null;
  /** throughput / ceiling; null for a failed run. */
  ratio: number | null;
  effectiveTflops: number | null;
  binding: Binding | null;
  /** From the server's scrapes: the KV cache's peak and whether it was full while requests waited; null: not recorded. */
  measured?: {kvMax: number | null; waitingMax: number | null; kvFullShare: number; kvBound: boolean} | null;
  href: string;
  stepHref: string;
  /** Each successful repeat's throughput when the point ran more than once (the bar is their mean). */
  repeats?: {run: string; repeat: number; value: number; href: string}[];
}

function numberOrNull(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

function measuredOf(row: HeadroomRow): HeadroomRun["measured"] {
  const share = numberOrNull(row.kv_full_waiting_share);
  if (share == null) return null;
  return {
    kvMax: numberOrNull(row.kv_cache_usage_max),
    waitingMax: numberOrNull(row.requests_waiting_max),
    kvFullShare: share,
    // The loaders judge it (loaders/telemetry/summary.ts); pages import nothing from outside src/.
    kvBound: row.kv_capacity_bound === 1
  };
}

function bindingOf(value: unknown): Binding | null {
  return value === "compute" || value === "bandwidth" || value === "kv-capacity" || value === "interconnect"
    ? value
    : null;
}

/** A scenario's runs, measured ones by throughput (highest first), then the failed ones in plan order. */
export function headroomRuns(
  rows: readonly HeadroomRow[],
  report: Pick<HeadroomPage, "headline" | "steps" | "repeats"> & {study: Pick<HeadroomPage["study"], "engines">},
  scenario: string,
  context: PageContext
): HeadroomRun[] {
  const headline = report.headline.find((h) => h.scenario === scenario);
  const stepOrder = new Map(report.steps.map((s, i) => [s.id, i]));
  const candidateOrder = (row: HeadroomRow) =>
    report.steps.find((s) => s.id === row.step)?.candidates.findIndex((c) => c.id === row.candidate) ?? 0;
  const engineName = (id: string) => report.study.engines.find((e) => e.id === id)?.name ?? id;
  const stepTitle = (id: string) => pick(report.steps.find((s) => s.id === id)?.title, context.lang) || id;
  const inScenario = rows.filter((r) => r.scenario === scenario);
  const loadOf = (row: HeadroomRow): string | null =>
    typeof row.load !== "number" ? null : shortLoad(row.load_kind, row.load);
  // Candidates sharing a label across steps are told apart by step; the loads of one candidate are apart anyway.
  const labelCount = new Map<string, Set<string>>();
  for (const row of inScenario) labelCount.set(row.label, (labelCount.get(row.label) ?? new Set()).add(row.step));
  const repeatsOf = new Map<string, NonNullable<HeadroomRun["repeats"]>>();
  for (const r of report.repeats ?? [])
    repeatsOf.set(r.point, [
      ...(repeatsOf.get(r.point) ?? []),
      {run: r.run, repeat: r.repeat, value: r.value, href: runHref(r.run, context)}
    ]);
  const runs = inScenario.map((row): HeadroomRun => {
    const failed = row.status !== "ok";
    const throughput = failed ? null : numberOrNull(row.total_token_throughput);
    const ceiling = failed ? null : numberOrNull(row.ceiling_tps);
    const load = loadOf(row);
    const named = (labelCount.get(row.label)?.size ?? 0) > 1 ? `${row.label} (${stepTitle(row.step)})` : row.label;
    return {
      run: row.run,
      label: load ? `${named} · ${load}` : named,
      candidate: named,
      load,
      step: row.step,
      stepTitle: stepTitle(row.step),
      engine: engineName(row.engine),
      role:
        row.run === headline?.baseline_run ? "baseline" : row.run === headline?.recommended_run ? "recommended" : null,
      failed,
      notRun: notRunReason(row),
      error: row.error,
      throughput,
      ceiling,
      ratio: failed ? null : numberOrNull(row.ceiling_ratio),
      effectiveTflops: failed ? null : numberOrNull(row.effective_tflops),
      binding: failed ? null : bindingOf(row.binding),
      measured: failed ? null : measuredOf(row),
      href: runHref(row.run, context),
      stepHref: stepHref(row.step, context),
      ...(repeatsOf.has(row.run) ? {repeats: repeatsOf.get(row.run)} : {})
    };
  });
  // Unmeasured runs in the plan's order: step, candidate, then load (a ladder's run ids sort c128 before c16).
  const order = new Map(
    inScenario.map((row) => [
      row.run,
      [stepOrder.get(row.step) ?? 99, candidateOrder(row), typeof row.load === "number" ? row.load : 0]
    ])
  );
  return runs.sort((a, b) => {
    if (a.throughput != null && b.throughput != null) return b.throughput - a.throughput;
    if (a.throughput != null || b.throughput != null) return a.throughput != null ? -1 : 1;
    const [stepA, candidateA, loadA] = order.get(a.run)!;
    const [stepB, candidateB, loadB] = order.get(b.run)!;
    return stepA - stepB || candidateA - candidateB || loadA - loadB;
  });
}

/** The realistic band: from the lower to the higher of the realistic ceiling and the no-overlap figure. */
export function realisticBand(scenario: HeadroomScenario): [number, number] {
  const low = Math.min(scenario.realistic_tps, scenario.no_overlap_tps);
  const high = Math.max(scenario.realistic_tps, scenario.no_overlap_tps);
  return [low, high];
}

export interface HeadroomHeadline {
  scenario: string;
  /** The scenario's hard ceiling (tok/s); null when the study has no headroom. */
  ceiling: number | null;
  baselineRun: string;
  recommendedRun: string;
  baselineRatio: number | null;
  recommendedRatio: number | null;
  /** Throughput change of the recommended configuration over the baseline, percent. */
  changePercent: number | null;
  /** recommendedRatio − baselineRatio, in percentage points of the ceiling. */
  pointsGained: number | null;
  /** 1 − baselineRatio, in percentage points: how far the baseline was from the ceiling. */
  pointsToCeiling: number | null;
  /** On a load ladder: each side's deciding load and the ceiling at it (batch = concurrency), which its ratio is of. */
  ladder?: {
    load_kind: string;
    baselineLoad: number | null;
    recommendedLoad: number | null;
    baselineCeiling: number | null;
    recommendedCeiling: number | null;
  };
}

/** Per headline scenario: how much of its ceiling the baseline and the recommended run reach. */
export function headroomHeadline(
  report: Pick<HeadroomPage, "headline" | "headroom">,
  rows: readonly RunCells<"ceiling_ratio">[]
): HeadroomHeadline[] {
  const byRun = new Map(rows.map((r) => [r.run, r]));
  const ratio = (run: string) => {
    const row = byRun.get(run);
    return row?.status === "ok" ? numberOrNull(row.ceiling_ratio) : null;
  };
  // A ladder point's ratio is of the ceiling at its own load, so that ceiling is shown beside it, not the scenario's.
  const ladderSide = (run: string) => {
    const row = byRun.get(run);
    return typeof row?.load === "number" && typeof row.load_kind === "string"
      ? {kind: row.load_kind, load: row.load, ceiling: row.status === "ok" ? numberOrNull(row.ceiling_tps) : null}
      : null;
  };
  return report.headline.map((h) => {
    const baselineRatio = ratio(h.baseline_run);
    const recommendedRatio = ratio(h.recommended_run);
    const both = baselineRatio != null && recommendedRatio != null;
    const baseSide = ladderSide(h.baseline_run);
    const recSide = ladderSide(h.recommended_run);
    const ladder =
      baseSide || recSide
        ? {
            ladder: {
              load_kind: (baseSide ?? recSide)!.kind,
              baselineLoad: baseSide?.load ?? null,
              recommendedLoad: recSide?.load ?? null,
              baselineCeiling: baseSide?.ceiling ?? null,
              recommendedCeiling: recSide?.ceiling ?? null
            }
          }
        : {};
    return {
      ...ladder,
      scenario: h.scenario,
      ceiling: report.headroom?.scenarios.find((s) => s.scenario === h.scenario)?.ceiling_tps ?? null,
      baselineRun: h.baseline_run,
      recommendedRun: h.recommended_run,
      baselineRatio,
      recommendedRatio,
      changePercent: h.change_percent,
      pointsGained: both ? (recommendedRatio - baselineRatio) * 100 : null,
      pointsToCeiling: baselineRatio != null ? (1 - baselineRatio) * 100 : null
    };
  });
}
