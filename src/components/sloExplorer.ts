// The SLO explorer: the reader moves the TTFT and TPOT targets and the step is decided again from the shipped points,
// by the build's rule: each candidate's best measured throughput within the targets, the leader kept only if it beats
// the incumbent beyond noise (the build's significance of each pair of points ships with them).
import type {CurvePoint, ScenarioCurves, StepCurves} from "../../loaders/pages/load-curves.js";
import {formatFixed} from "./format.js";
import type {Lang} from "./i18n.js";
import {explorerWords} from "./words-explorer.js";
import {ttftTargetLabel, ttftX} from "./ttftAxis.js";

const {t, fill} = explorerWords;

/** The chart's TTFT axis (loadCurvesChart's ttftAxis), where the explorer moves the target's line; null: no chart. */
export type TtftAxis = {domain: [number, number]; width: number} | null;

export interface CandidateScore {
  candidate: string;
  /** The candidate's best point within the targets; null: never within them. */
  point: CurvePoint | null;
}

export interface SloDecision {
  /** Best first; candidates never within the targets last. */
  scores: CandidateScore[];
  /** The highest score; null when no candidate fits. */
  leader: string | null;
  /** Who the step keeps: the leader, or the incumbent when the leader's lead is within noise. */
  winner: string | null;
  within_noise: boolean;
  /** The winner's score over the baseline's, percent (null when either has none). */
  gain_percent: number | null;
  /** The leader's score over the winner's, percent, where the leader's lead is within noise; else null. */
  lead_percent: number | null;
}

/** The targets the sliders set, in steps of a hundredth of a decade from the plan's: step k is the plan's limit ×
 * 10^(k / 100), k from −100 to 100 (loaders/analysis/slo.ts TARGET_STEPS); step 0 is the plan's limit. */
export type Targets = {ttft_ms: number; tpot_ms: number};
const STEPS = 100;

/** The target at step k of a limit, as the slider shows it. */
export function targetAt(limit: number, k: number): number {
  return k === 0 ? limit : limit * 10 ** (k / STEPS);
}

/** Whether a point meets the SLO with the targets at these steps: the build's answer (the SLO rule, slo.ts judgeSlo,
 * at every step, shipped as the point's staircase), looked up, not decided again here. */
export function fits(point: CurvePoint, targets: Targets, withinSlo: boolean): boolean {
  if (point.value == null) return false;
  if (!withinSlo) return true;
  if (!point.staircase) return point.met;
  let i = targets.ttft_ms + STEPS;
  for (const [count, lowest] of point.staircase) {
    if (i < count) return lowest != null && targets.tpot_ms >= lowest;
    i -= count;
  }
  return false;
}

/** Requests of the point meeting every per-request limit with the targets at these steps; null without them. */
export function attainmentAt(point: CurvePoint, targets: Targets): {conforming: number; requests: number} | null {
  if (!point.grid) return null;
  let conforming = 0;
  for (const [t, p, n] of point.grid.cells) if (t <= targets.ttft_ms && p <= targets.tpot_ms) conforming += n;
  return {conforming, requests: point.grid.requests};
}

export function decideWithinSlo(
  curves: ScenarioCurves,
  targets: Targets,
  {incumbent, baseline, within_slo}: Pick<StepCurves, "incumbent" | "baseline" | "within_slo">
): SloDecision {
  const best = new Map<string, number>();
  curves.points.forEach((p, i) => {
    if (!fits(p, targets, within_slo)) return;
    const held = best.get(p.candidate);
    if (held === undefined || p.value! > curves.points[held].value!) best.set(p.candidate, i);
  });
  const candidates = [...new Set(curves.points.map((p) => p.candidate))];
  const scores: CandidateScore[] = candidates
    .map((candidate) => ({candidate, point: best.has(candidate) ? curves.points[best.get(candidate)!] : null}))
    .sort((a, b) => (b.point?.value ?? -Infinity) - (a.point?.value ?? -Infinity));
  const leader = scores[0]?.point ? scores[0].candidate : null;
  let winner = leader;
  let withinNoise = false;
  if (leader && incumbent && leader !== incumbent && best.has(incumbent)) {
    const beats = curves.significance[best.get(leader)!][best.get(incumbent)!] === "1";
    if (!beats) {
      winner = incumbent;
      withinNoise = true;
    }
  }
  const score = (c: string | null) => (c && best.has(c) ? curves.points[best.get(c)!].value! : null);
  const w = score(winner);
  const b = score(baseline);
  const l = withinNoise ? score(leader) : null;
  return {
    scores,
    leader,
    winner,
    within_noise: withinNoise,
    gain_percent: w != null && b != null ? (w / b - 1) * 100 : null,
    lead_percent: l != null && w ? (l / w - 1) * 100 : null
  };
}

/** A point against the targets: its candidate's best within them, within them, or outside them. */
export type PointState = "best" | "within" | "outside";

/** Each point's state, in the order of `scenario.points`. */
export function pointStates(curves: StepCurves, scenario: ScenarioCurves, targets: Targets): PointState[] {
  const best = new Set(decideWithinSlo(scenario, targets, curves).scores.flatMap((s) => (s.point ? [s.point] : [])));
  return scenario.points.map((p) =>
    best.has(p) ? "best" : fits(p, targets, curves.within_slo) ? "within" : "outside"
  );
}

/** The curve panels the chart draws points on, and each one's x: a point without a positive x is not drawn; `p90`:
 * the interactivity panel's x is 1000 / p90 TPOT (an MLPerf Endpoints curve). */
export const POINT_PANELS = {
  interactivity: (p: CurvePoint, p90 = false) => (p90 ? p.interactivity_p90 : p.interactivity),
  ttft: (p: CurvePoint) => p.stats.ttft_ms?.mean ?? null
} as const;

/** Indexes into `scenario.points` of the points a panel draws, in the order it draws them. */
export function drawnPoints(scenario: ScenarioCurves, panel: keyof typeof POINT_PANELS, p90 = false): number[] {
  const x = POINT_PANELS[panel];
  return scenario.points.flatMap((p, i) => (p.value != null && (x(p, p90) ?? 0) > 0 ? [i] : []));
}

/** How the chart draws a point of each state: filled, hollow, or filled with a heavy ring. */
export const POINT_LOOK: Record<PointState, {fillOpacity: number; strokeWidth: number}> = {
  best: {fillOpacity: 1, strokeWidth: 3},
  within: {fillOpacity: 1, strokeWidth: 1},
  outside: {fillOpacity: 0, strokeWidth: 1}
};

/** Restyles a chart's drawn points for the targets now set (the SVG the build drew keeps its points' order). */
function restylePoints(root: HTMLElement, curves: StepCurves, scenario: ScenarioCurves, targets: Targets): void {
  const figure = root.parentElement?.querySelector(`figure[data-chart="load-curves-${scenario.scenario}"]`);
  if (!figure) return;
  const states = pointStates(curves, scenario, targets);
  for (const panel of Object.keys(POINT_PANELS) as (keyof typeof POINT_PANELS)[]) {
    const paths = figure.querySelectorAll(`.slo_points_${panel}_marks path`);
    const drawn = drawnPoints(scenario, panel, scenario.interactivity === "p90");
    if (paths.length !== drawn.length) continue;
    drawn.forEach((index, i) => {
      const look = POINT_LOOK[states[index]];
      paths[i].setAttribute("fill-opacity", String(look.fillOpacity));
      paths[i].setAttribute("stroke-width", String(look.strokeWidth));
    });
  }
}

/** The plan's targets: step 0 of both sliders (the other limits stay as the plan sets them). */
export function planTargets(_curves?: StepCurves): Targets {
  return {ttft_ms: 0, tpot_ms: 0};
}

/** "concurrency 16", "0.5 requests/s": the load a point ran at. */
export function loadName(scenario: Pick<ScenarioCurves, "load_kind">, load: number, lang: Lang): string {
  return fill(scenario.load_kind === "request_rate" ? "runsLoadRate" : "runsLoadConcurrency", lang, {load});
}

/** "p99 TTFT": a limit's statistic and metric, as the plan sets it. */
function limitName(limit: {statistic: string; metric: string}): string {
  return `${limit.statistic} ${limit.metric.replace(/_ms$/, "").toUpperCase()}`;
}

const plain = (x: number, digits = 1) => String(+x.toFixed(digits));
const percent = (k: number, n: number) => `${n ? plain((k / n) * 100) : "0"} %`;

/** The limits at these steps: "TTFT ≤ 2000 ms and TPOT ≤ 100 ms". */
function limitsText(curves: StepCurves, targets: Targets, lang: Lang): string {
  return (curves.slo?.limits ?? [])
    .map((l) => {
      const k = l.metric === "ttft_ms" || l.metric === "tpot_ms" ? targets[l.metric] : 0;
      return `${l.metric.replace(/_ms$/, "").toUpperCase()} ≤ ${plain(targetAt(l.limit, k))} ms`;
    })
    .join(t("sloAnd", lang));
}

/** The SLO rule in one sentence, with the targets the sliders set. */
export function ruleSentence(curves: StepCurves, targets: Targets, lang: Lang): string {
  const limits = curves.slo?.limits ?? [];
  const attainment = plain((curves.slo?.attainment ?? 0.95) * 100, 2);
  const names = limits.map(limitName).join(t("sloAnd", lang));
  const values = limits
    .map(
      (l) => `${plain(targetAt(l.limit, l.metric === "ttft_ms" || l.metric === "tpot_ms" ? targets[l.metric] : 0))} ms`
    )
    .join(t("sloAnd", lang));
  return fill("sloRule", lang, {names, values, attainment, limits: limitsText(curves, targets, lang)});
}

/** The figures a reader checks a point by: its attainment, each limit's worst repeat, and its energy per token. */
export function pointFacts(
  point: CurvePoint,
  curves: StepCurves,
  scenario: Pick<ScenarioCurves, "load_kind">,
  targets: Targets,
  lang: Lang
): string {
  const parts: string[] = [];
  const share = attainmentAt(point, targets);
  if (share)
    parts.push(
      fill("sloWithinLimits", lang, {
        conforming: share.conforming,
        requests: share.requests,
        percent: percent(share.conforming, share.requests)
      })
    );
  else if (point.completed)
    parts.push(fill("sloCompleted", lang, {completed: point.completed.completed, sent: point.completed.sent}));
  const worst = (curves.slo?.limits ?? [])
    .map((l) => {
      const value = point.stats[l.metric]?.worst;
      return value == null ? null : `${limitName(l)} ${plain(value)} ms`;
    })
    .filter((x) => x != null);
  if (worst.length) parts.push(fill("sloWorst", lang, {worst: worst.join(", ")}));
  if (point.j_per_output_token != null)
    parts.push(fill("sloEnergy", lang, {joules: formatFixed(point.j_per_output_token, 3)}));
  else parts.push(t("runsNoEnergy", lang));
  return `${loadName(scenario, point.load, lang)}: ${parts.join("; ")}`;
}

/** A candidate never within the targets: its point that comes closest, the highest share of requests within the
 * limits, or without per-request data the smallest overshoot of a limit by its worst repeat (then the highest
 * throughput), so the reader sees by how much it misses. */
function closestPoint(
  curves: StepCurves,
  scenario: ScenarioCurves,
  candidate: string,
  targets: Targets
): CurvePoint | null {
  const closeness = (p: CurvePoint): number => {
    const a = attainmentAt(p, targets);
    if (a) return a.requests ? a.conforming / a.requests : 0;
    const over = (curves.slo?.limits ?? []).map((l) => {
      const k = l.metric === "ttft_ms" || l.metric === "tpot_ms" ? targets[l.metric] : 0;
      return (p.stats[l.metric]?.worst ?? Infinity) / targetAt(l.limit, k);
    });
    return -Math.max(0, ...over);
  };
  let best: CurvePoint | null = null;
  let bestScore = -Infinity;
  for (const p of scenario.points) {
    if (p.candidate !== candidate || p.value == null) continue;
    const score = closeness(p);
    if (score > bestScore || (score === bestScore && p.value > (best?.value ?? -Infinity))) {
      best = p;
      bestScore = score;
    }
  }
  return best;
}

/** A log-scale slider from a tenth to ten times the plan's target, in hundredths of a decade. */
function slider(
  limit: {metric: string; statistic: string; limit: number},
  onInput: (k: number) => void
): HTMLLabelElement {
  const label = document.createElement("label");
  label.className = "slo-slider";
  const input = document.createElement("input");
  input.type = "range";
  input.setAttribute("min", "-1");
  input.setAttribute("max", "1");
  input.setAttribute("step", "0.01");
  input.value = "0";
  input.dataset.metric = limit.metric;
  const text = document.createElement("span");
  const show = (v: number) => (text.textContent = `${limitName(limit)} ≤ ${formatFixed(v)} ms`);
  show(limit.limit);
  input.addEventListener("input", () => {
    const k = Math.round(Number(input.value) * STEPS);
    show(targetAt(limit.limit, k));
    onInput(k);
  });
  label.append(input, text);
  return label;
}

/** Moves the TTFT target's line on the scenario's chart beside the explorer (none on a page without the chart). */
function moveTtftLine(root: HTMLElement, scenario: string, axis: TtftAxis, target: number, lang: Lang): void {
  const line = axis
    ? root.parentElement?.querySelector(`figure[data-chart="load-curves-${scenario}"] .slo_ttft_marks line`)
    : null;
  if (!line || !axis) return;
  line.setAttribute("transform", `translate(${ttftX(axis, target)},0)`);
  const title = line.querySelector("title");
  if (title) title.textContent = ttftTargetLabel(target, lang);
}

/** The explorer of one scenario: sliders for TTFT and TPOT (log scale, the plan's targets first), the rule in one
 * sentence, each candidate's best point within the targets with its figures, and the decision; `axis`: the TTFT axis
 * of the scenario's chart beside it, whose target line the TTFT slider moves. */
export function sloExplorer(
  curves: StepCurves,
  scenario: ScenarioCurves,
  labels: Record<string, string>,
  lang: Lang,
  axis: TtftAxis = null
): HTMLElement {
  const root = document.createElement("div");
  root.className = "slo-explorer";
  const targets = planTargets(curves);
  const out = document.createElement("div");
  out.className = "slo-decision";
  const render = () => {
    const d = decideWithinSlo(scenario, targets, curves);
    const rule = document.createElement("p");
    rule.className = "slo-rule-sentence";
    rule.textContent = ruleSentence(curves, targets, lang);
    const list = document.createElement("ol");
    for (const s of d.scores) {
      const li = document.createElement("li");
      li.dataset.candidate = s.candidate;
      const candidate = labels[s.candidate] ?? s.candidate;
      const closest = s.point ? null : closestPoint(curves, scenario, s.candidate, targets);
      li.textContent = s.point
        ? fill("sloBestPoint", lang, {
            candidate,
            value: formatFixed(s.point.value),
            facts: pointFacts(s.point, curves, scenario, targets, lang)
          })
        : closest
          ? fill("sloNeverClosest", lang, {candidate, facts: pointFacts(closest, curves, scenario, targets, lang)})
          : fill("sloNever", lang, {candidate});
      list.append(li);
    }
    const verdict = document.createElement("p");
    verdict.className = "slo-winner";
    verdict.dataset.winner = d.winner ?? "";
    const gain = d.gain_percent != null ? `${d.gain_percent >= 0 ? "+" : ""}${d.gain_percent.toFixed(1)}` : "";
    // The baseline itself has no gain over the baseline to give.
    const sentence =
      d.winner === curves.baseline
        ? d.within_noise
          ? "sloWinnerBaselineNoise"
          : "sloWinnerBaseline"
        : gain
          ? d.within_noise
            ? "sloWinnerGainNoise"
            : "sloWinnerGain"
          : d.within_noise
            ? "sloWinnerNoise"
            : "sloWinner";
    // Within noise the best so far stays: the sentence names the leader the list above shows first, and its lead.
    const lead = d.lead_percent != null ? d.lead_percent.toFixed(1) : "";
    verdict.textContent = d.winner
      ? fill(sentence, lang, {
          winner: labels[d.winner] ?? d.winner,
          gain,
          leader: d.leader ? (labels[d.leader] ?? d.leader) : "",
          lead
        })
      : t("sloNoWinner", lang);
    const heading = document.createElement("p");
    heading.textContent = t("sloBestHeading", lang);
    out.replaceChildren(rule, heading, list, verdict);
  };
  for (const limit of curves.slo?.limits ?? []) {
    const metric = limit.metric;
    if (metric !== "ttft_ms" && metric !== "tpot_ms") continue;
    root.append(
      slider(limit, (k) => {
        targets[metric] = k;
        render();
        restylePoints(root, curves, scenario, targets);
        if (metric === "ttft_ms") moveTtftLine(root, scenario.scenario, axis, targetAt(limit.limit, k), lang);
      })
    );
  }
  render();
  root.append(out);
  // The build draws the explorer at the plan's targets; the page's script wakes its sliders from this data.
  const data = document.createElement("script");
  data.setAttribute("type", "application/json");
  data.className = "slo-explorer-data";
  const {scenarios: _all, ...shared} = curves;
  data.textContent = JSON.stringify({curves: {...shared, scenarios: []}, scenario, labels, lang, axis}).replace(
    /</g,
    "\\u003c"
  );
  root.append(data);
  return root;
}

/** Replaces each explorer the build drew with a live one; without scripts the drawn one stays, at the plan's targets. */
export function wakeSloExplorers(root: ParentNode = document): void {
  for (const element of root.querySelectorAll(".slo-explorer")) {
    const data = element.querySelector("script.slo-explorer-data");
    if (!data?.textContent) continue;
    const {curves, scenario, labels, lang, axis} = JSON.parse(data.textContent) as {
      curves: StepCurves;
      scenario: ScenarioCurves;
      labels: Record<string, string>;
      lang: Lang;
      axis?: TtftAxis;
    };
    element.replaceWith(sloExplorer(curves, scenario, labels, lang, axis ?? null));
  }
}
