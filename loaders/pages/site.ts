// The data of a site of many studies: which studies, the index row of each, the declared comparisons and the trends.
// Comparisons and trends are those of `tps-report compare` and `tps-report history`: one definition each.
import {existsSync, readdirSync, statSync} from "node:fs";
import {basename, join} from "node:path";
import {LineCounter, parseDocument} from "yaml";
import {compareRule, compareStudies, metricDirection, type StudyComparison} from "../analysis/compare.js";
import {compareCurves, type CurvesComparison} from "../analysis/frontier.js";
import {historyRule, studyDate, studyHistory, type PointHistory} from "../analysis/history.js";
import {aggregatePoints} from "../analysis/points.js";
import {claimSummary, type ClaimSummary} from "../analysis/claim-summary.js";
import type {SharedRun} from "../analysis/shared-results.js";
import type {StudyData} from "../analysis/report.js";
import {idProblem} from "../study/ids.js";
import {RefusedFile, readStudyFile} from "../files/regular-files.js";
import {studyConfidence} from "../study/repeats.js";
import type {Text} from "../text.js";

/** The site-level file declaring comparisons, beside the studies. */
export const SITE_FILE = "data/site.yaml";
export const DEFAULT_THRESHOLD = 0.05;

import {SiteError, siteStudyDirs, siteStudyId} from "./build-target.js";

export {buildTarget, SiteError, siteStudyDirs, siteStudyId, STUDIES_ROOT} from "./build-target.js";

export interface SiteStudy {
  /** Path segment: the study's pages are under studies/<id>/. */
  id: string;
  dir: string;
  data: StudyData;
}

export interface StudyIndexRow {
  id: string;
  title: Text;
  model: string;
  gpu: string;
  gpu_count: number;
  engines: {id: string; name: string; version: string}[];
  /** Earliest recorded run start; null when no run recorded one. */
  date: string | null;
  runs: number;
  /** The best point on the plan's objective (mean over its successful repeats); null when no point has a value. */
  best: {metric: string; value: number; n: number; point: string; label: string; scenario: Text} | null;
  /** The audit of the figures the study's write-up published: confirmed, contradicted, unverifiable. */
  claims: ClaimSummary;
  path: string;
}

export function studyIndexRow({id, data}: SiteStudy): StudyIndexRow {
  const {plan, rows, runs} = data;
  const metric = plan.objective;
  const lower = metricDirection(metric) === "lower";
  let best: StudyIndexRow["best"] = null;
  for (const point of aggregatePoints(rows, [metric], studyConfidence(plan), plan.warmup_repeats ?? 0)) {
    const value = point.metrics[metric]?.mean;
    if (value == null || !Number.isFinite(value)) continue;
    if (best && (lower ? value >= best.value : value <= best.value)) continue;
    const candidate = plan.steps.find((s) => s.id === point.step)?.candidates.find((c) => c.id === point.candidate);
    const scenario = plan.scenarios.find((s) => s.id === point.scenario)?.name ?? {
      en: point.scenario,
      tr: point.scenario
    };
    best = {metric, value, n: point.n, point: point.key, label: candidate?.label ?? point.candidate, scenario};
  }
  // The report's values: a TODO left open in the plan reads "not recorded".
  const {study} = data.report;
  return {
    id,
    title: plan.title,
    model: study.model,
    gpu: study.hardware.name === "not recorded" ? study.hardware.gpu : study.hardware.name,
    gpu_count: study.hardware.count,
    engines: study.engines.map((e) => ({id: e.id, name: e.name, version: e.version})),
    date: studyDate(runs),
    runs: runs.length,
    best,
    claims: claimSummary(data.report.claims),
    path: `studies/${id}/`
  };
}

export interface DeclaredComparison {
  base: string;
  new: string;
  threshold: number;
}

/** data/site.yaml: `comparisons: [{base: <study folder name>, new: <…>, threshold: 5%}]`. */
export function readSiteFile(file: string, studyIds: readonly string[]): {comparisons: DeclaredComparison[]} {
  if (!existsSync(file)) return {comparisons: []};
  let text: string;
  try {
    text = readStudyFile(file, {followLink: true});
  } catch (error) {
    if (error instanceof RefusedFile) throw new SiteError(`${file}:${error.line ?? 1}: ${error.problem}`);
    throw error;
  }
  const lines = new LineCounter();
  const doc = parseDocument(text, {lineCounter: lines});
  const at = (offset: number | undefined) => `${file}:${offset == null ? 1 : lines.linePos(offset).line}`;
  if (doc.errors.length) throw new SiteError(`${at(doc.errors[0].pos[0])}: ${doc.errors[0].message.split("\n")[0]}`);
  const value = doc.toJS() ?? {};
  if (typeof value !== "object" || Array.isArray(value)) throw new SiteError(`${at(0)}: expected a mapping`);
  for (const key of Object.keys(value))
    if (key !== "comparisons") throw new SiteError(`${at(keyOffset(doc, [key]))}: unknown key '${key}'`);
  const list = value.comparisons ?? [];
  if (!Array.isArray(list)) throw new SiteError(`${at(keyOffset(doc, ["comparisons"]))}: comparisons must be a list`);
  return {
    comparisons: list.map((entry: unknown, i: number) => {
      const where = at(keyOffset(doc, ["comparisons", i]));
      if (!entry || typeof entry !== "object") throw new SiteError(`${where}: a comparison is {base, new, threshold}`);
      const {base, new: next, threshold, ...rest} = entry as Record<string, unknown>;
      const extra = Object.keys(rest)[0];
      if (extra) throw new SiteError(`${where}: unknown key '${extra}' (a comparison is {base, new, threshold})`);
      for (const [name, id] of [
        ["base", base],
        ["new", next]
      ] as const)
        if (typeof id !== "string" || !studyIds.includes(id))
          throw new SiteError(`${where}: ${name} '${String(id)}' is not a study of the site (${studyIds.join(", ")})`);
      const t = threshold == null ? DEFAULT_THRESHOLD : parsePercent(threshold);
      if (t == null) throw new SiteError(`${where}: threshold '${String(threshold)}' is not a percentage below 100`);
      return {base: base as string, new: next as string, threshold: t};
    })
  };
}

const percentText = (t: number) => `${+(t * 100).toFixed(2)} %`;

/** The site's comparisons: data/site.yaml's, then those each study's plan declares (the study as the new side). A pair
 * declared alike twice is one page; at two thresholds it is an error naming both places. */
export function declaredComparisons(studies: readonly SiteStudy[], siteFile: string): DeclaredComparison[] {
  const ids = studies.map((s) => s.id);
  const list = readSiteFile(siteFile, ids).comparisons;
  for (const study of studies)
    for (const c of study.data.plan.comparisons) {
      const where = `${study.data.plan.file}:${c.line}`;
      if (c.base === study.id) throw new SiteError(`${where}: comparisons: a study is not compared with itself`);
      if (!ids.includes(c.base))
        throw new SiteError(`${where}: comparisons: base '${c.base}' is not a study of the site (${ids.join(", ")})`);
      const same = list.find((d) => d.base === c.base && d.new === study.id);
      if (same && same.threshold !== c.threshold)
        throw new SiteError(
          `${where}: comparison of ${c.base} → ${study.id} at ${percentText(c.threshold)} is also declared in ${siteFile} at ${percentText(same.threshold)}; keep one`
        );
      if (!same) list.push({base: c.base, new: study.id, threshold: c.threshold});
    }
  return list;
}

function keyOffset(doc: ReturnType<typeof parseDocument>, path: (string | number)[]): number | undefined {
  const node = doc.getIn(path, true) as {range?: [number, number, number]} | undefined;
  return node?.range?.[0];
}

/** "5%", "5 %" or 0.05 → 0.05. */
function parsePercent(value: unknown): number | null {
  if (typeof value === "number") return value >= 0 && value < 1 ? value : null;
  const match = typeof value === "string" ? /^\s*(\d+(?:\.\d+)?)\s*%\s*$/.exec(value) : null;
  const t = match ? Number(match[1]) / 100 : null;
  return t != null && t < 1 ? t : null;
}

export interface ComparisonPage {
  /** `<base>--<new>`: the page's path segment. */
  id: string;
  base: string;
  new: string;
  objective: string;
  rule: string;
  comparison: StudyComparison;
  /** Where either study ran load ladders: the frontiers at fixed interactivity and the best within the SLO. */
  curves: CurvesComparison;
}

export function comparisonPage(base: SiteStudy, next: SiteStudy, threshold: number): ComparisonPage {
  const sides = [
    {dir: base.dir, ...base.data},
    {dir: next.dir, ...next.data}
  ] as const;
  const comparison = compareStudies(sides[0], sides[1], {threshold});
  return {
    id: `${base.id}--${next.id}`,
    base: base.id,
    new: next.id,
    objective: next.data.plan.objective,
    rule: compareRule(comparison),
    comparison,
    curves: compareCurves(sides[0], sides[1], {threshold})
  };
}

export interface TrendPage {
  /** Path segment: the series' model, GPU and count. */
  id: string;
  model: string;
  gpu: string;
  gpu_count: number;
  studies: {id: string; date: string | null}[];
  ordered_by: "date" | "order given";
  threshold: number;
  confidence: number;
  metric: string;
  rule: string;
  points: PointHistory[];
  /** Results more than one study of the series holds figure for figure (not measured again). */
  same_results: SharedRun[][];
}

/** Studies of one model on the same GPUs form a series; a series of two or more studies that share a point gets a
 * trend page (one of points each in one study would say "insufficient data" of every one). */
export function trendPages(studies: readonly SiteStudy[], threshold = DEFAULT_THRESHOLD): TrendPage[] {
  const groups = new Map<string, SiteStudy[]>();
  for (const s of studies) {
    const {model, hardware} = s.data.plan;
    const key = JSON.stringify([model.name, hardware.gpu, hardware.count]);
    groups.set(key, [...(groups.get(key) ?? []), s]);
  }
  const pages: TrendPage[] = [];
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    const dated = group.map((s) => ({dir: s.id, ...s.data, date: studyDate(s.data.runs)}));
    // Ordered by date as `history` orders them (by id among equal dates), so the page lists them as the rule reads them.
    if (dated.every((s) => s.date))
      dated.sort((a, b) => (a.date! < b.date! ? -1 : a.date! > b.date! ? 1 : a.dir < b.dir ? -1 : 1));
    const last = dated.at(-1)!;
    const metric = last.plan.objective;
    const confidence = studyConfidence(dated[0].plan);
    const history = studyHistory(dated, [metric], {threshold, confidence});
    if (!history.points.some((p) => p.verdict.entries.length > 1)) continue;
    // Named by the report's values: a TODO left open in the plan reads "not recorded".
    const {model, hardware} = last.report.study;
    const gpu = hardware.name === "not recorded" ? hardware.gpu : hardware.name;
    pages.push({
      id: slug(`${model}-${hardware.count}x-${gpu}`),
      model,
      gpu,
      gpu_count: hardware.count,
      studies: dated.map((s) => ({id: s.dir, date: s.date})),
      ordered_by: history.ordered_by,
      threshold,
      confidence,
      metric,
      rule: historyRule({threshold, confidence}),
      points: history.points,
      same_results: history.same_results
    });
  }
  // Two series whose names slug alike keep apart by a number.
  const seen = new Map<string, number>();
  for (const page of pages) {
    const k = (seen.get(page.id) ?? 0) + 1;
    seen.set(page.id, k);
    if (k > 1) page.id = `${page.id}-${k}`;
  }
  return pages;
}

/** A name as a path segment: lowercase letters, digits, '.', '_' and single '-'. */
export function slug(text: string): string {
  const s = text
    .toLowerCase()
    .replace(/[^a-z0-9._]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 64)
    .replace(/-+$/, "");
  return s || "series";
}
