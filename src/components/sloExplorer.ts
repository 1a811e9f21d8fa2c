// The SLO explorer: the reader moves the TTFT and TPOT targets and the step is decided again from the shipped points,
// by the build's rule: each candidate's best measured throughput within the targets, the leader kept only if it beats
// the incumbent beyond noise (the build's significance of each pair of points ships with them).
import type {CurvePoint, ScenarioCurves, StepCurves} from "../../loaders/pages/load-curves.js";
import {formatFixed} from "./format.js";
import type {Lang} from "./i18n.js";
import {ttftTargetLabel, ttftX} from "./ttftAxis.js";

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
}

/** Targets in ms by SLO metric (ttft_ms, tpot_ms, …); a point fits when every bound is within its target. */
export type Targets = Record<string, number>;

function fits(point: CurvePoint, targets: Targets, withinSlo: boolean): boolean {
  if (point.value == null) return false;
  if (!withinSlo) return true;
  return Object.entries(targets).every(([metric, limit]) => {
    const bound = point.bounds[metric];
    return bound != null && bound <= limit;
  });
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
  return {
    scores,
    leader,
    winner,
    within_noise: withinNoise,
    gain_percent: w != null && b != null ? (w / b - 1) * 100 : null
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

/** The curve panels the chart draws points on, and each one's x: a point without a positive x is not drawn. */
export const POINT_PANELS = {
  interactivity: (p: CurvePoint) => p.interactivity,
  ttft: (p: CurvePoint) => p.bounds.ttft_ms ?? null
} as const;

/** Indexes into `scenario.points` of the points a panel draws, in the order it draws them. */
export function drawnPoints(scenario: ScenarioCurves, panel: keyof typeof POINT_PANELS): number[] {
  const x = POINT_PANELS[panel];
  return scenario.points.flatMap((p, i) => (p.value != null && (x(p) ?? 0) > 0 ? [i] : []));
}

/** How the chart draws a point of each state: filled, hollow, or filled with a heavy ring. */
export const POINT_LOOK: Record<PointState, {fillOpacity: number; strokeWidth: number}> = {
  best: {fillOpacity: 1, strokeWidth: 3},
  within: {fillOpacity: 1, strokeWidth: 1},
  outside: {fillOpacity: 0, strokeWidth: 1}
};

/** Restyles a chart's drawn points for the targets now set (the SVG the build drew keeps its points' order). */
function restylePoints(root: HTMLElement, curves: StepCurves, scenario: ScenarioCurves, targets: Targets): void {
  const figure = root.parentElement?.querySelector(`figure[aria-label="load-curves-${scenario.scenario}"]`);
  if (!figure) return;
  const states = pointStates(curves, scenario, targets);
  for (const panel of Object.keys(POINT_PANELS) as (keyof typeof POINT_PANELS)[]) {
    const paths = figure.querySelectorAll(`.slo_points_${panel}_marks path`);
    const drawn = drawnPoints(scenario, panel);
    if (paths.length !== drawn.length) continue;
    drawn.forEach((index, i) => {
      const look = POINT_LOOK[states[index]];
      paths[i].setAttribute("fill-opacity", String(look.fillOpacity));
      paths[i].setAttribute("stroke-width", String(look.strokeWidth));
    });
  }
}

/** The plan's targets of the two metrics the sliders move (the others stay as the plan sets them). */
export function planTargets(curves: StepCurves): Targets {
  return Object.fromEntries((curves.slo?.limits ?? []).map((l) => [l.metric, l.limit]));
}

const WORDS = {
  target: {en: "target", tr: "hedef"},
  best: {en: "Best within the targets", tr: "Hedefler içindeki en iyi"},
  load: {en: "at load", tr: "yükte"},
  never: {en: "never within the targets", tr: "hiçbir yükte hedeflerin içinde değil"},
  winner: {en: "Winner", tr: "Kazanan"},
  noise: {en: "the lead is within noise, so the incumbent stays", tr: "fark gürültü içinde, mevcut en iyi kalır"},
  none: {en: "no candidate meets these targets", tr: "hiçbir aday bu hedefleri karşılamıyor"},
  gain: {en: "over the baseline", tr: "temel yapılandırmaya göre"}
};

/** A log-scale slider from a tenth to ten times the plan's target. */
function slider(metric: string, value: number, onInput: (v: number) => void): HTMLLabelElement {
  const label = document.createElement("label");
  label.className = "slo-slider";
  const input = document.createElement("input");
  input.type = "range";
  input.setAttribute("min", "-1");
  input.setAttribute("max", "1");
  input.setAttribute("step", "0.01");
  input.value = "0";
  input.dataset.metric = metric;
  const text = document.createElement("span");
  const show = (v: number) => (text.textContent = `${metric.replace(/_ms$/, "").toUpperCase()} ≤ ${formatFixed(v)} ms`);
  show(value);
  input.addEventListener("input", () => {
    const v = value * 10 ** Number(input.value);
    show(v);
    onInput(v);
  });
  label.append(input, text);
  return label;
}

/** Moves the TTFT target's line on the scenario's chart beside the explorer (none on a page without the chart). */
function moveTtftLine(root: HTMLElement, scenario: string, axis: TtftAxis, target: number, lang: Lang): void {
  const line = axis
    ? root.parentElement?.querySelector(`figure[aria-label="load-curves-${scenario}"] .slo_ttft_marks line`)
    : null;
  if (!line || !axis) return;
  line.setAttribute("transform", `translate(${ttftX(axis, target)},0)`);
  const title = line.querySelector("title");
  if (title) title.textContent = ttftTargetLabel(target, lang);
}

/** The explorer of one scenario: sliders for TTFT and TPOT (log scale, the plan's targets first) and the decision;
 * `axis`: the TTFT axis of the scenario's chart beside it, whose target line the TTFT slider moves. */
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
    const list = document.createElement("ol");
    for (const s of d.scores) {
      const li = document.createElement("li");
      li.dataset.candidate = s.candidate;
      li.textContent = s.point
        ? `${labels[s.candidate] ?? s.candidate}: ${formatFixed(s.point.value)} tok/s ${WORDS.load[lang]} ${s.point.load}`
        : `${labels[s.candidate] ?? s.candidate}: ${WORDS.never[lang]}`;
      list.append(li);
    }
    const verdict = document.createElement("p");
    verdict.className = "slo-winner";
    verdict.dataset.winner = d.winner ?? "";
    verdict.textContent = d.winner
      ? `${WORDS.winner[lang]}: ${labels[d.winner] ?? d.winner}` +
        (d.gain_percent != null
          ? ` (${d.gain_percent >= 0 ? "+" : ""}${d.gain_percent.toFixed(1)} % ${WORDS.gain[lang]})`
          : "") +
        (d.within_noise ? `; ${WORDS.noise[lang]}` : "")
      : WORDS.none[lang];
    const heading = document.createElement("p");
    heading.textContent = WORDS.best[lang];
    out.replaceChildren(heading, list, verdict);
  };
  for (const metric of ["ttft_ms", "tpot_ms"])
    if (targets[metric] != null)
      root.append(
        slider(metric, targets[metric], (v) => {
          targets[metric] = v;
          render();
          restylePoints(root, curves, scenario, targets);
          if (metric === "ttft_ms") moveTtftLine(root, scenario.scenario, axis, v, lang);
        })
      );
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
