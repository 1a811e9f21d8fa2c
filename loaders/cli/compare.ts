// `tps-report compare BASE NEW [--threshold 5%] [--format md|csv|json]`: which points of NEW got slower or faster than
// in BASE, beyond a threshold and beyond the noise of the repeats; exit 1 on any regression, so CI can gate on it.
import {parseArgs} from "node:util";
import {
  compareRule,
  compareStudies,
  type MetricComparison,
  type PointComparison,
  type PointVerdict,
  type StudyComparison
} from "../analysis/compare.js";
import {compareCurves, type CurvesComparison, type FrontierCell} from "../analysis/frontier.js";
import {loadStudy} from "../analysis/report.js";
import {runsCsv} from "../export/csv.js";
import type {TableRow} from "../export/columns.js";
import {PlanError} from "../study/plan.js";
import {confidenceProblem} from "../study/repeats.js";
import {shellWord} from "../command/shell-quote.js";
import {visibleControls} from "../text.js";
import {notAStudy} from "../runs/study-folder.js";
import {errorLine} from "./errors.js";
import {argsError} from "./usage.js";

const USAGE =
  "usage: tps-report compare BASE NEW [--threshold 5%] [--format md|csv|json] [--across gpu|engine] [--confidence 0.95]\n" +
  "  BASE, NEW     study folders; points are matched on model, GPU and count, engine, server settings, workload, load\n" +
  "  --threshold   smallest change that counts (default 5%)\n" +
  "  --across      leave a part out of the matching key (gpu: the same plan on other GPUs); repeatable\n" +
  "  --confidence  level of the ratio intervals (default: BASE's confidence)\n" +
  "exit 1 when any matched point regressed, 0 otherwise, 2 on bad input or when nothing was compared";

/** "5%", "5 %" or "0.05" → 0.05. */
export function parseThreshold(text: string): number | null {
  const match = /^\s*(\d+(?:\.\d+)?|\.\d+)\s*(%?)\s*$/.exec(text);
  if (!match) return null;
  const value = match[2] ? Number(match[1]) / 100 : Number(match[1]);
  return value >= 0 && value < 1 ? value : null;
}

export async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        threshold: {type: "string", default: "5%"},
        format: {type: "string", default: "md"},
        across: {type: "string", multiple: true},
        confidence: {type: "string"},
        help: {type: "boolean", short: "h"}
      }
    });
  } catch (error) {
    process.stderr.write(`tps-report compare: ${argsError(error, argv)}\n${USAGE}\n`);
    return 2;
  }
  const {values, positionals} = parsed;
  if (values.help) {
    process.stdout.write(USAGE + "\n");
    return 0;
  }
  const fail = (message: string) => {
    process.stderr.write(`tps-report compare: ${message}\n`);
    return 2;
  };
  if (positionals.length !== 2) return fail(`needs two study folders, BASE and NEW\n${USAGE}`);
  const threshold = parseThreshold(values.threshold!);
  if (threshold == null) return fail(`--threshold '${values.threshold}' is not a percentage from 0 to under 100`);
  const format = values.format!;
  if (format !== "md" && format !== "csv" && format !== "json") return fail(`--format must be md, csv or json`);
  const across = values.across ?? [];
  for (const part of across) if (part !== "gpu" && part !== "engine") return fail(`--across takes gpu or engine`);
  let confidence: number | undefined;
  if (values.confidence != null) {
    confidence = Number(values.confidence);
    const problem = confidenceProblem(confidence);
    if (problem) return fail(`--confidence '${values.confidence}' ${problem}`);
  }
  const studies = [];
  // Notes wait until something is compared: a gate that compared nothing says so in one line.
  const notes: string[] = [];
  for (const dir of positionals) {
    const why = notAStudy(dir);
    if (why) return fail(why);
    try {
      const {plan, rows, runs, report} = await loadStudy(dir);
      if (!rows.length) return fail(`nothing was compared: ${dir} has no runs`);
      const errors = report.findings.filter((f) => f.severity === "error").length;
      if (errors)
        notes.push(
          `${dir} has ${errors} error finding${errors === 1 ? "" : "s"} (tps-report check ${shellWord(dir, "bash")})`
        );
      studies.push({dir, plan, rows, runs});
    } catch (error) {
      if (error instanceof PlanError || (error as NodeJS.ErrnoException).code === "ENOENT")
        return fail(errorLine(error));
      throw error;
    }
  }
  const options = {threshold, confidence, across: across as ("gpu" | "engine")[]};
  const comparison = compareStudies(studies[0], studies[1], options);
  const curves = compareCurves(studies[0], studies[1], options);
  const text =
    format === "json"
      ? JSON.stringify({...comparison, curves}, null, 2) + "\n"
      : format === "csv"
        ? comparisonCsv(comparison, curves) + "\n"
        : comparisonMarkdown(comparison, studies[1].plan.objective, curves);
  process.stdout.write(text);
  // The report says why nothing matched; the gate fails in one line.
  const nothing = nothingCompared(comparison, curves);
  if (nothing) return fail(`nothing was compared: ${nothing}`);
  for (const note of notes) process.stderr.write(`tps-report compare: note: ${note}\n`);
  // A point that vanished can hide a regression from a gate: said on stderr whatever the format.
  const lost = comparison.unmatched.filter((u) => u.side === "base").length;
  if (lost)
    process.stderr.write(
      `tps-report compare: note: ${lost} point${lost === 1 ? "" : "s"} of the base ${lost === 1 ? "has" : "have"} no match in the new study (see unmatched)\n`
    );
  return comparison.regressions.length ? 1 : 0;
}

/** Why a comparison compared nothing (no matched point that ran on either side, and no load-curve reading with both
 * sides), or null. */
export function nothingCompared(c: StudyComparison, curves?: CurvesComparison): string | null {
  const read = (f: FrontierCell | null) => Boolean(f?.base && f.new);
  if (curves?.curves.some((k) => k.levels.some(read) || read(k.within_slo))) return null;
  const only = (side: "base" | "new") => c.unmatched.filter((u) => u.side === side).length;
  const points = (n: number) => `${n} point${n === 1 ? "" : "s"}`;
  if (!c.matched.length)
    return `no point of ${c.new.dir} matches one of ${c.base.dir} (${points(only("base"))} only in the base, ${only("new")} only in the new study)`;
  if (c.matched.every((p) => p.verdict === "failed in both"))
    return `every run of the ${points(c.matched.length)} that match failed in both studies`;
  return null;
}

const times = (x: number | null) => (x == null ? "—" : `×${x.toFixed(3)}`);
const value = (x: number) => (Math.abs(x) >= 100 ? x.toFixed(1) : x.toPrecision(4));
const cell = (text: string) => visibleControls(text.replaceAll("|", "\\|").replaceAll("\n", " "));
const interval = (m: Pick<MetricComparison, "low" | "high" | "basis">) =>
  m.basis === "interval"
    ? `[${times(m.low)}, ${times(m.high)}]`
    : m.basis === "ratio only"
      ? "no interval"
      : "no ratio";
const pointName = (p: PointComparison) => (p.base === p.new ? p.new : `${p.base} → ${p.new}`);
// A point that failed before and runs now is an improvement only in that it runs: the words say so.
const statusText = (p: PointComparison) => (p.status === "failed in base" ? "failed in base (now runs)" : p.status);

function table(header: string[], rows: string[][]): string[] {
  return [
    `| ${header.join(" | ")} |`,
    `| ${header.map(() => "---").join(" | ")} |`,
    ...rows.map((r) => `| ${r.map(cell).join(" | ")} |`)
  ];
}

const perGpu = (x: number | null | undefined) => (x == null ? "—" : x.toFixed(1));
const cellInterval = (f: FrontierCell) =>
  f.basis === "interval" ? `[${times(f.low)}, ${times(f.high)}]` : f.basis === "ratio only" ? "no interval" : "—";

/** The load-curve section: one table per workload, a row per interactivity level and one within the SLO. */
export function curvesMarkdown(curves: CurvesComparison): string[] {
  if (!curves.curves.length) return [];
  const out = ["", "## Load curves", "", curves.rule];
  for (const k of curves.curves) {
    const scenarios = `base: ${k.base_scenarios.join(", ") || "none"}; new: ${k.new_scenarios.join(", ") || "none"}`;
    out.push("", `### ${k.workload} (${k.gpu} ×${k.gpu_count}; ${scenarios})`, "");
    const row = (label: string, f: FrontierCell) => [
      label,
      perGpu(f.base?.per_gpu),
      f.base?.point ?? "—",
      perGpu(f.new?.per_gpu),
      f.new?.point ?? "—",
      times(f.ratio),
      cellInterval(f),
      f.loads_differ ? "not compared: different loads" : (f.verdict ?? "—")
    ];
    out.push(
      ...table(
        [
          "interactivity (tok/s/user)",
          `base ${curves.metric}/GPU`,
          "base point",
          `new ${curves.metric}/GPU`,
          "new point",
          "ratio",
          "interval",
          "verdict"
        ],
        [
          ...k.levels.map((l) => row(`≥ ${l.interactivity}`, l)),
          ...(k.within_slo ? [row("within the SLO", k.within_slo)] : [])
        ]
      )
    );
  }
  return out;
}

export function comparisonMarkdown(c: StudyComparison, objective: string, curves?: CurvesComparison): string {
  const out: string[] = [];
  const side = (s: StudyComparison["base"]) => `${s.dir} (study ${s.id}, ${s.runs} runs, ${s.points} points)`;
  out.push(`# Compare ${c.base.id} → ${c.new.id}`, "", `- base: ${side(c.base)}`, `- new: ${side(c.new)}`);
  if (c.across.length) out.push(`- matched across: ${c.across.join(", ")} (left out of the key)`);
  out.push("", compareRule(c), "", "## What changed", "");
  if (!c.changes.length) out.push("Nothing: the same model, hardware, engine versions, server arguments and client.");
  else
    out.push(
      ...table(
        ["what", "subject", "base", "new"],
        c.changes.map((ch) => [ch.what, ch.subject, ch.base, ch.detail ? `${ch.new} (${ch.detail})` : ch.new])
      )
    );
  const count = (verdict: PointVerdict) => c.counts.find((n) => n.verdict === verdict)!.points;
  const only = (s: "base" | "new") => c.unmatched.filter((u) => u.side === s).length;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  out.push(
    "",
    "## Verdict",
    "",
    `${plural(count("regression"), "regression")}, ${plural(count("improvement"), "improvement")}, ` +
      `${count("within noise")} within noise, ${count("failed in both")} failed in both, of ${c.matched.length} matched points; ` +
      `${only("base")} only in base, ${only("new")} only in new.`,
    "",
    ...c.counts.map((n) => `- ${n.verdict}: ${n.meaning}.`)
  );
  if (c.same_results.length) {
    const [first] = c.same_results;
    out.push(
      "",
      `${plural(c.same_results.length, "run")} ${c.same_results.length === 1 ? "holds" : "hold"} the same results in BASE and NEW, figure for figure: two measurements ` +
        "never agree to the last printed digit, so these were not measured again (copied, or imported into both). " +
        `The first: ${first.base} (base) = ${first.new} (new).`
    );
  }
  for (const [title, verdict] of [
    ["Regressions", "regression"],
    ["Improvements", "improvement"]
  ] as const) {
    const points = c.matched.filter((p) => p.verdict === verdict);
    if (!points.length) continue;
    out.push("", `## ${title}`, "");
    const rows: string[][] = [];
    for (const p of points) {
      if (p.status !== "compared") rows.push([pointName(p), "—", statusText(p), "", "", "", ""]);
      for (const m of p.metrics)
        if (m.verdict === verdict)
          rows.push([
            pointName(p),
            m.metric,
            value(m.base.mean),
            value(m.new.mean),
            times(m.ratio),
            interval(m),
            `${m.base.n} / ${m.new.n}`
          ]);
    }
    out.push(...table(["point", "metric", "base", "new", "ratio", "interval", "runs base / new"], rows));
  }
  out.push("", "## Matched points", "");
  out.push(
    ...table(
      ["point", "engine", "runs base / new", `${objective} ratio`, "interval", "verdict"],
      c.matched.map((p) => {
        const m = p.metrics.find((x) => x.metric === objective);
        return [
          pointName(p),
          p.engine,
          `${p.base_n}${p.base_failed ? ` (+${p.base_failed} failed)` : ""} / ${p.new_n}${p.new_failed ? ` (+${p.new_failed} failed)` : ""}`,
          m ? times(m.ratio) : "—",
          m ? interval(m) : "—",
          p.status === "compared" || p.status === p.verdict ? p.verdict : `${p.verdict} (${statusText(p)})`
        ];
      })
    )
  );
  if (c.unmatched.length) {
    out.push("", "## Unmatched points", "");
    out.push(
      ...table(
        ["only in", "point", "why"],
        c.unmatched.map((u) => [
          u.side,
          u.point,
          u.same_id_differs?.length
            ? `same id on the other side differs: ${u.same_id_differs.join("; ")}`
            : u.same_id_differs
              ? "more points with its key on this side than on the other"
              : "no point with its key on the other side"
        ])
      )
    );
  }
  if (curves) out.push(...curvesMarkdown(curves));
  out.push("", `Compared metrics: ${c.metrics.join(", ")}.`);
  return out.join("\n") + "\n";
}

export function comparisonCsv(c: StudyComparison, curves?: CurvesComparison): string {
  const rows: TableRow[] = [];
  const blank = {
    record: "",
    base_point: null,
    new_point: null,
    engine: null,
    scenario: null,
    metric: null,
    direction: null,
    base_n: null,
    base_mean: null,
    new_n: null,
    new_mean: null,
    ratio: null,
    ratio_low: null,
    ratio_high: null,
    basis: null,
    verdict: null,
    point_verdict: null,
    detail: null
  } satisfies TableRow;
  for (const p of c.matched) {
    const point = {base_point: p.base, new_point: p.new, engine: p.engine, scenario: p.scenario};
    if (p.status !== "compared")
      rows.push({...blank, record: "point", ...point, point_verdict: p.verdict, detail: statusText(p)});
    for (const m of p.metrics)
      rows.push({
        ...blank,
        record: "metric",
        ...point,
        metric: m.metric,
        direction: m.direction,
        base_n: m.base.n,
        base_mean: m.base.mean,
        new_n: m.new.n,
        new_mean: m.new.mean,
        ratio: m.ratio,
        ratio_low: m.low,
        ratio_high: m.high,
        basis: m.basis,
        verdict: m.verdict,
        point_verdict: p.verdict
      });
  }
  for (const u of c.unmatched)
    rows.push({
      ...blank,
      record: `only in ${u.side}`,
      [u.side === "base" ? "base_point" : "new_point"]: u.point,
      engine: u.key.engine,
      detail: u.same_id_differs?.join("; ") ?? null
    });
  for (const same of c.same_results)
    rows.push({
      ...blank,
      record: "same result",
      detail: `${same.base} (base) = ${same.new} (new): held figure for figure by both studies, not measured again`
    });
  for (const n of c.counts)
    rows.push({
      ...blank,
      record: "count",
      point_verdict: n.verdict,
      detail: `${n.points} of ${c.matched.length} matched points: ${n.meaning}`
    });
  for (const ch of c.changes)
    rows.push({...blank, record: `change: ${ch.what}`, metric: ch.subject, detail: `${ch.base} → ${ch.new}`});
  // Load curves: a row per workload and level (or within the SLO), values per GPU; empty sides are "—" on the pages.
  for (const k of curves?.curves ?? [])
    for (const [level, f] of [
      ...k.levels.map((l) => [`interactivity >= ${l.interactivity}`, l] as const),
      ...(k.within_slo ? [["within the SLO", k.within_slo] as const] : [])
    ])
      rows.push({
        ...blank,
        record: "curve",
        base_point: f.base?.point ?? null,
        new_point: f.new?.point ?? null,
        scenario: k.workload,
        metric: `${curves!.metric} per GPU`,
        direction: "higher",
        base_n: f.base?.n ?? null,
        base_mean: f.base?.per_gpu ?? null,
        new_n: f.new?.n ?? null,
        new_mean: f.new?.per_gpu ?? null,
        ratio: f.ratio,
        ratio_low: f.low,
        ratio_high: f.high,
        basis: f.basis,
        verdict: f.verdict,
        detail: f.loads_differ ? `${level}; not compared: different loads` : level
      });
  return runsCsv(rows);
}
