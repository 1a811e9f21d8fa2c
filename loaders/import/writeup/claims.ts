// The write-up's own statements as claims for `check` to audit: each ranking line and the values in it, the
// summary table's gain per step ("-": no gain), the comparison table's gains and values, the per-step summaries of the
// newer pages, and the recommended command. Each claim keeps the document line it came from (`at`).
import {runId} from "../../study/plan.js";
import type {ResultBlock} from "./result-blocks.js";
import type {Ranking, Writeup} from "./read-writeup.js";
import {stripMarkup} from "./read-writeup.js";
import {nameId, namedRate, type Scenario, type StudyCandidate, type StudyStep, type WriteupStudy} from "./model.js";
import {engineNamed} from "./server-command.js";
import {WORDS} from "./words.js";

type Claim = Record<string, unknown> & {id: string; kind: string; at: number};
type Note = (line: number, what: string) => void;

/** A printed number ("4,636.35", "−13.8") as a number. */
const number = (text: string): number => Number(text.replace(/,/g, "").replace(/[−–]/g, "-"));

/** Words of a title for matching a summary row to its section: "Max Batched Token Numbers" ↔ "… in TensorRT-LLM". */
function titleWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}.]+/u)
    .filter((w) => w.length >= 3 && !STOP.has(w));
}
const STOP = new Set(["the", "for", "and", "in", "için", "ile", "ve", "of", "with"]);
const wordsMatch = (a: string, b: string) =>
  a === b || (Math.min(a.length, b.length) >= 4 && (a.startsWith(b) || b.startsWith(a)));
function overlap(a: string, b: string): number {
  const wb = titleWords(b);
  return titleWords(a).filter((x) => wb.some((y) => wordsMatch(x, y))).length;
}

export function writeupClaims(w: Writeup, study: WriteupStudy, note: Note): Claim[] {
  const claims: Claim[] = [];
  const ids = new Set<string>();
  const add = (claim: Record<string, unknown> & {kind: string; at: number}, base: string) => {
    let id = nameId(base).slice(0, 60);
    for (let n = 2; ids.has(id); n++) id = `${nameId(base).slice(0, 56)}-${n}`;
    ids.add(id);
    claims.push({...claim, id} as Claim);
    note(claim.at, `claim ${id} (${claim.kind})`);
  };
  const words = WORDS[w.language];
  const selection = study.steps.filter((s) => s.kind === "selection");
  const runOf = (step: StudyStep, candidate: StudyCandidate, scenario?: string): string | null => {
    const run = candidate.runs.find((r) => scenario == null || r.scenario === scenario);
    return run ? runId(step.id, candidate.id, run.scenario) : null;
  };
  const byLabel = (step: StudyStep, label: string): StudyCandidate | null => {
    const l = label.toLowerCase().replace(/[`*]/g, "").trim();
    return (
      step.candidates.find((c) => c.label.toLowerCase() === l) ??
      step.candidates.find(
        (c) => engineNamed(l) != null && c.engine === engineNamed(l) && c.label.toLowerCase() === l
      ) ??
      step.candidates.find(
        (c) =>
          engineNamed(l) != null &&
          engineNamed(c.label) === engineNamed(l) &&
          step.candidates.filter((o) => o.engine === c.engine).length === 1
      ) ??
      null
    );
  };
  const blockOf = (step: StudyStep, candidate: StudyCandidate): ResultBlock | null => {
    const r = candidate.runs.find((x) => x.entry.kind === "result");
    return r ? (r.entry as ResultBlock) : null;
  };
  /** The throughput a "tok/s" figure is: the one of the run's printed throughputs it equals, else total. */
  const throughputMetric = (block: ResultBlock | null, value: number, printed: string): string => {
    const decimals = printed.includes(".") ? printed.split(".")[1].length : 0;
    for (const metric of ["total_token_throughput", "output_throughput"]) {
      const v = block?.parsed.metrics[metric];
      if (v != null && Math.abs(v - value) <= 0.5 * 10 ** -decimals + 1e-9) return metric;
    }
    return "total_token_throughput";
  };

  // Each ranking line: the order, its winner and each value.
  for (const step of study.steps) for (const ranking of step.read.rankings) rankingClaims(step, ranking);
  function rankingClaims(step: StudyStep, ranking: Ranking): void {
    // An entry with no figure (`TensorRT-LLM (Not supported)`) has no place in the order: its run says why.
    const figured = ranking.entries.filter((e) => e.value != null);
    for (const e of ranking.entries.filter((x) => x.value == null))
      note(ranking.line, `ranking: ${e.label} (${e.printed}) has no figure and is left out of the order`);
    const candidates = figured.map((e) => byLabel(step, e.label));
    if (candidates.some((c) => c == null)) {
      note(
        ranking.line,
        `ranking not taken: ${figured
          .filter((_, i) => !candidates[i])
          .map((e) => e.label)
          .join(", ")} names no candidate of "${step.title}"`
      );
      return;
    }
    const latency = figured.every((e) => /^s$|^ms$/.test(e.unit));
    const order = candidates.map((c) => c!.id);
    const metric = latency ? "mean_e2el_ms" : "total_token_throughput";
    if (order.length > 1)
      add(
        {kind: "ranking", step: step.id, order, ...(latency ? {metric, lower_is_better: true} : {}), at: ranking.line},
        `ranking-${step.id}`
      );
    add(
      {
        kind: "winner",
        step: step.id,
        candidate: order[0],
        ...(latency ? {metric, lower_is_better: true} : {}),
        at: ranking.line
      },
      `winner-${step.id}`
    );
    figured.forEach((e, i) => {
      const c = candidates[i]!;
      const run = runOf(step, c);
      if (!run) return;
      const m = latency ? metric : throughputMetric(blockOf(step, c), e.value!, e.printed);
      add(
        {kind: "value", run, metric: m, ...figure(e.printed), ...(e.unit === "s" ? {unit: "s"} : {}), at: ranking.line},
        `value-${step.id}-${c.id}`
      );
    });
  }

  // The newer pages' per-step summary: "`vLLM` Total TPS = 9632.01, …; `vLLM` is faster by 4,636.35 tok/s (92.8%);
  // Mean TPOT = 25.89 ms vs 180.73 ms, reduced by 154.84 ms (85.67%)".
  for (const step of study.steps)
    for (const line of step.read.summaries) {
      const text = line.text;
      // A label in backticks (`TP + DP-Attention`), or one word.
      const LABEL = "(?:`([^`]+)`|([\\w.-]+))";
      const labelOf = (m: RegExpExecArray | RegExpMatchArray, at: number) => m[at] ?? m[at + 1];
      const tps = [...text.matchAll(new RegExp(`${LABEL}\\s+Total TPS\\s*=\\s*([\\d,]+(?:\\.\\d+)?)`, "gi"))];
      const named = tps.map((m) => ({c: byLabel(step, labelOf(m, 1)), printed: m[3]}));
      for (const {c, printed} of named) {
        const run = c && runOf(step, c);
        if (run)
          add(
            {kind: "value", run, metric: "total_token_throughput", ...figure(printed), at: line.line},
            `value-${step.id}-${c!.id}`
          );
      }
      const faster = new RegExp(
        `${LABEL}\\s+is faster by\\s+([\\d,]+(?:\\.\\d+)?)\\s*tok\\/s\\s*\\(([\\d.]+)%\\)`,
        "i"
      ).exec(text);
      if (faster && named.length === 2) {
        const a = byLabel(step, labelOf(faster, 1));
        const b = named.map((n) => n.c).find((c) => c && c !== a);
        const [ra, rb] = [a && runOf(step, a), b && runOf(step, b)];
        if (ra && rb)
          add(
            {
              kind: "change",
              run: ra,
              against: rb,
              metric: "total_token_throughput",
              ...figure(faster[4], "percent"),
              delta: number(faster[3]),
              at: line.line
            },
            `change-${step.id}-tps`
          );
      }
      // "Mean TPOT = 25.89 ms vs 180.73 ms, reduced by 154.84 ms (85.67%)", or "increased by 0.03 ms (0.01% slower)".
      const tpot =
        /Mean TPOT\s*=\s*([\d.]+)\s*ms\s+vs\s+([\d.]+)\s*ms,\s*(reduced|increased) by\s+([\d.]+)\s*ms\s*\(([\d.]+)%/i.exec(
          text
        );
      if (tpot && named.length === 2 && named[0].c && named[1].c) {
        const [ra, rb] = [runOf(step, named[0].c), runOf(step, named[1].c)];
        const sign = tpot[3].toLowerCase() === "reduced" ? -1 : 1;
        if (ra && rb) {
          add(
            {kind: "value", run: ra, metric: "mean_tpot_ms", ...figure(tpot[1]), at: line.line},
            `value-${step.id}-${named[0].c.id}-tpot`
          );
          add(
            {kind: "value", run: rb, metric: "mean_tpot_ms", ...figure(tpot[2]), at: line.line},
            `value-${step.id}-${named[1].c.id}-tpot`
          );
          add(
            {
              kind: "change",
              run: ra,
              against: rb,
              metric: "mean_tpot_ms",
              percent: sign * number(tpot[5]),
              delta: sign * number(tpot[4]),
              at: line.line
            },
            `change-${step.id}-tpot`
          );
        }
      }
    }

  // The summary table: a gain per step ("-": none), or (newer pages) each step's figures against the baseline.
  const table = w.summary;
  if (table) {
    const taken = new Set<string>();
    const stepFor = (title: string): StudyStep | null => {
      const exact = selection.find((s) => s.title.toLowerCase() === title.toLowerCase() && !taken.has(s.id));
      if (exact) return exact;
      let best: StudyStep | null = null;
      let score = 0;
      for (const s of selection) {
        if (taken.has(s.id)) continue;
        const o = overlap(title, s.title);
        if (o > score) [best, score] = [s, o];
      }
      return best;
    };
    const baselineStep = study.steps.find((s) => s.id === study.baseline.step)!;
    const baselineCandidate = baselineStep.candidates.find((c) => c.id === study.baseline.candidate)!;
    let baselineValues = false;
    // Latency pages: one row per workload and step (Benchmark Case | Group | Optimized | Baseline | Comparison).
    const grouped = table.header.length >= 5 && /group|optimi[sz]ation/i.test(stripMarkup(table.header[1] ?? ""));
    for (const row of table.rows) {
      if (grouped) {
        groupedRow(row, baselineStep, baselineCandidate);
        continue;
      }
      const title = stripMarkup(row.cells[0] ?? "");
      const step = stepFor(title);
      if (!step) {
        note(row.line, `summary row "${title}" matches no experiment section: not taken`);
        continue;
      }
      taken.add(step.id);
      const cell = stripMarkup(row.cells[1] ?? "");
      if (row.cells.length === 2) {
        const percent = /^([+\-−]?\d+(?:\.\d+)?)\s*%$/.exec(cell);
        if (cell === "-" || cell === "—" || percent)
          add(
            {kind: "step-gain", step: step.id, percent: percent ? number(percent[1]) : null, at: row.line},
            `gain-${step.id}`
          );
        else note(row.line, `summary cell "${cell}" is no gain: not taken`);
        continue;
      }
      // Newer pages: Optimized | Baseline, each "Total TPS: x (+p%) Mean TPOT(ms): y".
      const figures = cellFigures(cell, w.language);
      // The step's candidate the row is: its only one, or the one whose run printed the row's throughput.
      const printed = (c: StudyCandidate) => {
        const v = blockOf(step, c)?.parsed.metrics.total_token_throughput;
        return figures.tps != null && v != null && Math.abs(v - number(figures.tps)) <= 0.005 + 1e-9;
      };
      const matching = step.candidates.filter(printed);
      const candidate = step.candidates.length === 1 ? step.candidates[0] : matching.length === 1 ? matching[0] : null;
      if (!candidate) {
        note(row.line, `summary row "${title}": no one candidate of the step printed its throughput: not taken`);
        continue;
      }
      const run = runOf(step, candidate);
      const scenario = candidate.runs[0]?.scenario;
      const baseRun = scenario ? runOf(baselineStep, baselineCandidate, scenario) : null;
      if (!run) continue;
      if (figures.tps != null)
        add(
          {kind: "value", run, metric: "total_token_throughput", ...figure(figures.tps), at: row.line},
          `value-${step.id}-tps`
        );
      if (figures.tpot != null)
        add(
          {kind: "value", run, metric: "mean_tpot_ms", ...figure(figures.tpot), at: row.line},
          `value-${step.id}-tpot`
        );
      if (figures.percent != null && baseRun)
        add(
          {
            kind: "change",
            run,
            against: baseRun,
            metric: "total_token_throughput",
            ...figure(figures.percent, "percent"),
            at: row.line
          },
          `change-${step.id}`
        );
      const success = new RegExp(`(?:${words.successRate.join("|")})\\s*:\\s*([\\d.]+)\\s*%`, "i").exec(cell);
      if (success) add({kind: "success-rate", run, percent: number(success[1]), at: row.line}, `success-${step.id}`);
      if (words.skipped.some((s) => cell.toLowerCase().includes(s)))
        add({kind: "step-gain", step: step.id, percent: null, at: row.line}, `gain-${step.id}`);
      const base = cellFigures(stripMarkup(row.cells[2] ?? ""), w.language);
      if (!baselineValues && baseRun && base.tps != null) {
        baselineValues = true;
        add(
          {kind: "value", run: baseRun, metric: "total_token_throughput", ...figure(base.tps), at: row.line},
          "value-baseline-tps"
        );
        if (base.tpot != null)
          add(
            {kind: "value", run: baseRun, metric: "mean_tpot_ms", ...figure(base.tpot), at: row.line},
            "value-baseline-tpot"
          );
      }
    }
  }

  /** A row of a latency page's summary: the step's run and the baseline's on a workload, and the speed-up. */
  function groupedRow(
    row: {cells: string[]; line: number},
    baselineStep: StudyStep,
    baselineCandidate: StudyCandidate
  ): void {
    const [caseCell, groupCell, optimizedCell, baselineCell, comparisonCell = ""] = row.cells.map(stripMarkup);
    const scenario = scenarioNamed(study.scenarios, caseCell);
    const step = selection.find((s) => s.title.toLowerCase() === groupCell.toLowerCase()) ?? null;
    if (!scenario || !step) {
      note(
        row.line,
        `summary row "${caseCell} | ${groupCell}" matches no ${scenario ? "experiment section" : "workload"}: not taken`
      );
      return;
    }
    const seconds = (cell: string) => /^([\d,]+(?:\.\d+)?)\s*s\b/.exec(cell)?.[1] ?? null;
    const [optimized, baseline] = [seconds(optimizedCell), seconds(baselineCell)];
    // The step's candidate the figure is: its only one, or the one whose run printed that latency.
    const runs = step.candidates.map((c) => ({c, run: runOf(step, c, scenario.id)})).filter((x) => x.run != null);
    const printedBy = (x: {c: StudyCandidate}) => {
      const block = x.c.runs.find((r) => r.scenario === scenario.id && r.entry.kind === "result")?.entry as
        ResultBlock | undefined;
      const ms = block?.parsed.metrics.mean_e2el_ms;
      return optimized != null && ms != null && Math.abs(ms / 1000 - number(optimized)) <= 0.005 + 1e-9;
    };
    const chosen = runs.length === 1 ? runs[0] : runs.filter(printedBy).length === 1 ? runs.filter(printedBy)[0] : null;
    const baseRun = runOf(baselineStep, baselineCandidate, scenario.id);
    if (!chosen) {
      note(
        row.line,
        `summary row "${caseCell} | ${groupCell}": no one candidate of the step printed ${optimizedCell}: not taken`
      );
      return;
    }
    const base = `summary-${step.id}-${scenario.id}`;
    if (optimized != null)
      add(
        {kind: "value", run: chosen.run, metric: "mean_e2el_ms", unit: "s", ...figure(optimized), at: row.line},
        `${base}-latency`
      );
    if (baseline != null && baseRun)
      add(
        {kind: "value", run: baseRun, metric: "mean_e2el_ms", unit: "s", ...figure(baseline), at: row.line},
        `${base}-baseline-latency`
      );
    const ratio = /\(\s*(\d+(?:\.\d+)?)\s*x\s+(faster|slower)\s*\)/i.exec(comparisonCell);
    if (ratio && baseRun)
      add(
        {
          kind: "speedup",
          run: chosen.run,
          against: baseRun,
          metric: "mean_e2el_ms",
          ...figure(ratio[1], "factor"),
          ...(ratio[2].toLowerCase() === "slower" ? {slower: true} : {}),
          at: row.line
        },
        `${base}-speedup`
      );
  }

  // The comparison table: per workload, the baseline's and the recommendation's figures and the change.
  if (w.conclusion) {
    const scenarios = study.scenarios;
    for (const row of w.conclusion.rows) {
      const name = stripMarkup(row.cells[0] ?? "");
      const scenario = scenarioNamed(scenarios, name);
      if (!scenario) {
        note(row.line, `comparison row "${name}" matches no workload: not taken`);
        continue;
      }
      const before = cellFigures(stripMarkup(row.cells[1] ?? ""), w.language);
      const after = cellFigures(stripMarkup(row.cells[2] ?? ""), w.language);
      const base = `headline-${scenario.id}`;
      if (after.percent != null)
        add(
          {
            kind: "headline-gain",
            scenario: scenario.id,
            ...figure(after.percent, "percent"),
            ...(after.perGpu ? {per_gpu: true} : {}),
            ...(after.copies != null && after.copies > 1 ? {copies: after.copies} : {}),
            at: row.line
          },
          base
        );
      for (const [side, f] of [
        ["baseline", before],
        ["recommended", after]
      ] as const) {
        if (f.tps != null)
          add(
            {
              kind: "headline-value",
              scenario: scenario.id,
              side,
              metric: "total_token_throughput",
              ...figure(f.tps),
              at: row.line
            },
            `${base}-${side}-tps`
          );
        if (f.tpot != null)
          add(
            {
              kind: "headline-value",
              scenario: scenario.id,
              side,
              metric: "mean_tpot_ms",
              ...figure(f.tpot),
              at: row.line
            },
            `${base}-${side}-tpot`
          );
        if (f.latency != null)
          add(
            {
              kind: "headline-value",
              scenario: scenario.id,
              side,
              metric: "mean_e2el_ms",
              unit: "s",
              ...figure(f.latency),
              at: row.line
            },
            `${base}-${side}-latency`
          );
      }
      if (after.faster != null)
        add(
          {
            kind: "headline-speedup",
            scenario: scenario.id,
            metric: "mean_e2el_ms",
            ...figure(after.faster, "factor"),
            at: row.line
          },
          `${base}-speedup`
        );
    }
  }

  if (w.recommended)
    add({kind: "recommended", server: w.recommended.argv, at: w.recommended.line}, "recommended-command");
  return claims;
}

/** "Total TPS: 2054.21 (+18.7%) Mean TPOT(ms): 89.01", "Mean latency: 0.62s/req (2.7x faster)": each as printed. */
export function cellFigures(
  cell: string,
  language: "en" | "tr"
): {
  tps: string | null;
  tpot: string | null;
  latency: string | null;
  percent: string | null;
  /** The change is given per GPU ("+31.6%/GPU"), not of the whole server. */
  perGpu: boolean;
  /** The throughput is one server's, and the change that of this many copies ("Total TPS: 3019.19x2"). */
  copies: number | null;
  faster: string | null;
} {
  const words = WORDS[language];
  const after = (names: string[]): string | null => {
    for (const name of names) {
      const at = cell.toLowerCase().indexOf(name);
      if (at < 0) continue;
      const m = /^\s*:?\s*([\d,]+(?:\.\d+)?)/.exec(cell.slice(at + name.length));
      if (m) return m[1];
    }
    return null;
  };
  const percent = /\(\s*([+\-−]\d+(?:\.\d+)?)\s*%(\s*\/\s*GPU)?/i.exec(cell);
  const faster = /\(\s*(\d+(?:\.\d+)?)\s*x\s+faster\s*\)/i.exec(cell);
  const copies = /\d\s*[x×]\s*(\d+)\b(?!\s*(?:faster|slower))/i.exec(cell);
  return {
    tps: after([...words.totalTps, ...WORDS.en.totalTps]),
    tpot: after([...words.meanTpot, ...WORDS.en.meanTpot]),
    latency: after([...words.meanLatency, ...WORDS.en.meanLatency]),
    percent: percent ? percent[1] : null,
    perGpu: Boolean(percent?.[2]),
    copies: copies ? Number(copies[1]) : null,
    faster: faster ? faster[1] : null
  };
}

/** A printed figure as a claim's value: the number, and its decimals where trailing zeros would lose them. */
function figure(printed: string, key = "value"): Record<string, number> {
  const value = number(printed);
  const places = printed.includes(".") ? printed.split(".")[1].length : 0;
  const lost = String(value).includes(".") ? String(value).split(".")[1].length : 0;
  return places !== lost ? {[key]: value, decimals: places} : {[key]: value};
}

/** The workload a comparison row names: by name, less a description after it ("Balanced: 8K in / 1K out",
 * "ShareGPT 8RPS (r=8)"), or by a name and a batch size ("ShareGPT BS=4"). */
function scenarioNamed(scenarios: Scenario[], name: string): Scenario | null {
  const plain = (t: string) =>
    t
      .toLowerCase()
      .replace(/\s+profile$/, "")
      .trim();
  const forms = [name, name.replace(/\s*\([^)]*\)\s*$/, ""), name.replace(/\s*:.*$/, "")].map(plain);
  for (const form of forms) {
    const found = scenarios.find((s) => [s.name, ...s.aliases].some((a) => plain(a) === form));
    if (found) return found;
  }
  const rate = namedRate(name);
  const byRate = rate == null ? [] : scenarios.filter((s) => s.request_rate === rate);
  if (byRate.length === 1) return byRate[0];
  const bs = /^(.*?)\s*(?:bs|batch size)\s*=?\s*(\d+)$/i.exec(name);
  if (bs) {
    const base = bs[1].toLowerCase().trim();
    const c = Number(bs[2]);
    return scenarios.find((s) => s.max_concurrency === c && s.name.toLowerCase().startsWith(base)) ?? null;
  }
  return null;
}
