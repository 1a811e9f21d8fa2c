// The second look: a small directed set around the greedy winner (close runners-up with the later winning settings,
// ½× and 2× each numeric setting the steps tuned), and whether the greedy choice survives it.
import type {RunRow} from "../runs/rows.js";
import {plannedRuns, type PlanCandidate, type StudyPlan} from "../study/plan.js";
import {pointRepeats} from "../study/repeats.js";
import {SECOND_LOOK_STEP, type SecondLookData} from "../study/second-look-file.js";
import {ID_MAX_LENGTH} from "../study/ids.js";
import type {Coverage} from "./coverage.js";
import {derive, type Derived, type GainInterval, type StepVerdict} from "./derive.js";
import {configuration, numericValue, projection, selectionSteps, valueOf} from "./settings-space.js";
import {shownCommand} from "./shown-command.js";

export interface SecondLookCandidate {
  candidate: PlanCandidate;
  /** Why it is in the set, one line (English; the file keeps it). */
  reason: string;
}
export interface SecondLookSet {
  winner: {step: string; candidate: string; label: string};
  scenarios: string[];
  repeats: number;
  margin: number;
  candidates: SecondLookCandidate[];
  /** Configurations considered and left out, with why. */
  skipped: string[];
}

const optionSpelling = (argv: string[], name: string): {word: string; joined: boolean} | null => {
  for (const arg of argv) {
    if (!/^--?[A-Za-z]/.test(arg)) continue;
    const eq = arg.indexOf("=");
    const word = eq > 0 ? arg.slice(0, eq) : arg;
    if (word.replace(/_/g, "-") === name) return {word, joined: eq > 0};
  }
  return null;
};

/** `argv` without option `name` (any spelling) and its values. */
function withoutOption(argv: string[], name: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const eq = arg.indexOf("=");
    const word = eq > 0 ? arg.slice(0, eq) : arg;
    if (/^--?[A-Za-z]/.test(arg) && word.replace(/_/g, "-") === name) {
      if (eq < 0) while (i + 1 < argv.length && !/^--?[A-Za-z]/.test(argv[i + 1])) i++;
      continue;
    }
    out.push(arg);
  }
  return out;
}

/** `argv` with option `name` set to `value` (removed when null), spelled as `like` spells it when it does. */
export function setOption(argv: string[], name: string, value: string | null, like: string[] = argv): string[] {
  const spelling = optionSpelling(like, name) ?? optionSpelling(argv, name) ?? {word: name, joined: false};
  const rest = withoutOption(argv, name);
  if (value == null) return rest;
  if (value === "on") return [...rest, spelling.word];
  return spelling.joined ? [...rest, `${spelling.word}=${value}`] : [...rest, spelling.word, ...value.split(" ")];
}

/** An id from parts: the plan's id alphabet, no `--`, at most 64 characters. */
function idFrom(text: string, taken: Set<string>): string {
  let id = text
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, "_")
    .replace(/-{2,}/g, "-")
    .replace(/^[^a-z0-9]+/, "")
    .slice(0, ID_MAX_LENGTH - 4)
    .replace(/-+$/, "");
  if (!id) id = "look";
  let unique = id;
  for (let k = 2; taken.has(unique); k++) unique = `${id}-${k}`;
  taken.add(unique);
  return unique;
}

const half = (value: number, integer: boolean): number | null => {
  const v = integer ? Math.round(value / 2) : value / 2;
  return v > 0 && v !== value ? v : null;
};

/** The directed set around the recommendation (the greedy winner). */
export function planSecondLook(plan: StudyPlan, derived: Derived, coverage: Coverage): SecondLookSet {
  const stepOf = (id: string) => plan.steps.find((s) => s.id === id)!;
  const candidateOf = (step: string, id: string) => stepOf(step).candidates.find((c) => c.id === id)!;
  const winner = candidateOf(derived.recommended.step, derived.recommended.candidate);
  const winnerStep = stepOf(derived.recommended.step);
  const winnerConfig = configuration(winner);
  const dims = coverage.dims.map((d) => d.dim);
  const measured = new Map<string, string>();
  for (const step of plan.steps)
    for (const c of step.candidates) {
      const key = projection(configuration(c), dims);
      if (!measured.has(key)) measured.set(key, `${c.label} (${step.id}--${c.id})`);
    }
  const taken = new Set<string>();
  const planned = new Map<string, SecondLookCandidate>();
  const skipped: string[] = [];
  const add = (candidate: Omit<PlanCandidate, "id">, idText: string, reason: string): void => {
    const key = projection(configuration({...candidate, id: ""}), dims);
    const already = measured.get(key);
    if (already) return void skipped.push(`${candidate.label}: already measured as ${already}`);
    if (planned.has(key)) return;
    planned.set(key, {candidate: {...candidate, id: idFrom(idText, taken)}, reason});
  };

  // Close runners-up with every later step's winning settings.
  for (const close of coverage.close) {
    const at = coverage.steps.findIndex((s) => s.step === close.step);
    const later = coverage.steps.slice(at + 1).flatMap((s) => s.dims);
    const runnerUp = candidateOf(close.runner_up.step, close.runner_up.candidate);
    const config = configuration(runnerUp);
    const changes = later.filter((dim) => valueOf(config, dim) !== valueOf(winnerConfig, dim));
    if (changes.length === 0) continue;
    if (runnerUp.engine !== winner.engine && changes.some((d) => d.startsWith("-"))) {
      skipped.push(`${runnerUp.label} with ${changes.join(", ")}: options of another engine (${winner.engine})`);
      continue;
    }
    let server = runnerUp.server;
    let model = runnerUp.model;
    let quantization = runnerUp.quantization;
    for (const dim of changes) {
      if (dim === "quantization") {
        quantization = winner.quantization;
        server = server.map((arg) => (arg === model ? winner.model : arg));
        model = winner.model;
      } else if (dim !== "engine") {
        const value = valueOf(winnerConfig, dim);
        server = setOption(server, dim, value === "default" ? null : value, winner.server);
      }
    }
    const settings = changes.map((d) => `${d} ${valueOf(winnerConfig, d)}`).join(", ");
    add(
      {...runnerUp, role: null, server, model, quantization, label: `${runnerUp.label} + ${settings}`},
      `${runnerUp.id}-with-${winner.id}`,
      `runner-up ${runnerUp.label} of step ${close.step} (${close.within_noise ? "within noise" : `${close.gap_percent.toFixed(1)} % ${close.runner_up_leads ? "ahead" : "behind"}, under the ${coverage.margin} % margin`}) with the later winning settings ${settings}`
    );
  }

  // One step either side of each numeric setting the steps tuned: ½× and 2×.
  for (const dim of dims.filter((d) => d.startsWith("-"))) {
    const value = numericValue(valueOf(winnerConfig, dim));
    if (value == null) continue;
    const integer = Number.isInteger(value);
    for (const [factor, next] of [
      ["½×", half(value, integer)],
      ["2×", value * 2]
    ] as const) {
      if (next == null) continue;
      const server = setOption(winner.server, dim, String(next));
      add(
        {...winner, role: null, server, label: `${winner.label}, ${dim} ${next} (${factor})`},
        `${winner.id}-${dim.replace(/^-+/, "")}-${next}`,
        `${factor} the winner's ${dim} ${value}`
      );
    }
  }

  const scenario = plan.scenarios.find((s) => s.id === winnerStep.scenarios[0])!;
  return {
    winner: {step: winnerStep.id, candidate: winner.id, label: winner.label},
    scenarios: winnerStep.scenarios,
    repeats: pointRepeats(plan, winnerStep, scenario, winner),
    margin: coverage.margin,
    candidates: [...planned.values()],
    skipped
  };
}

/** What second-look.json holds for the set. */
export function secondLookData(plan: StudyPlan, set: SecondLookSet): SecondLookData {
  const decision = plan.steps.find((s) => s.id === set.winner.step)!.decision;
  return {
    step: SECOND_LOOK_STEP,
    scenarios: set.scenarios,
    ...(decision ? {decision} : {}),
    repeats: set.repeats,
    winner: {step: set.winner.step, candidate: set.winner.candidate},
    margin: set.margin,
    reasons: Object.fromEntries(set.candidates.map((c) => [c.candidate.id, c.reason])),
    candidates: set.candidates.map(({candidate: c}) => ({
      id: c.id,
      label: c.label,
      engine: c.engine,
      model: c.model,
      quantization: c.quantization,
      server: c.server,
      ...(c.bench_args.length ? {bench_args: c.bench_args} : {}),
      ...(c.config ? {config: c.config} : {})
    }))
  };
}

export interface SecondLookReport {
  /** pending: not every planned run is recorded yet; all-failed: every run of it failed, so it decided nothing. */
  state: "pending" | "survives" | "does-not-survive" | "nothing-to-run" | "all-failed";
  runs_planned: number;
  runs_recorded: number;
  winner: {step: string; candidate: string; label: string; value: number | null; server_command: string};
  candidates: {
    id: string;
    label: string;
    reason: string;
    value: number | null;
    n: number;
    ci_low: number | null;
    ci_high: number | null;
  }[];
  /** The second look's verdict against the greedy winner, by the winner step's rule. */
  verdict: StepVerdict | null;
  /** When it does not survive: the new recommendation, its gain's interval and the command that serves it. */
  recommendation: {
    candidate: string;
    label: string;
    value: number;
    ci_low: number | null;
    ci_high: number | null;
    gain_percent: number | null;
    gain_interval: GainInterval | null;
    server_command: string;
  } | null;
}

/** The second look's outcome from the study's rows; null when the study has none. */
export function secondLookReport(plan: StudyPlan, rows: RunRow[], derived: Derived): SecondLookReport | null {
  const step = plan.second_look;
  if (!step) return null;
  const planned = plannedRuns({...plan, steps: []}).map((p) => p.run);
  const recorded = new Set(rows.filter((r) => r.step === step.id).map((r) => r.run));
  const winnerCandidate = plan.steps
    .find((s) => s.id === derived.recommended.step)
    ?.candidates.find((c) => c.id === derived.recommended.candidate);
  const winnerRun = derived.steps.find((s) => s.id === derived.recommended.step)?.verdict.winner?.run ?? null;
  const winnerValue = winnerRun ? (derived.objectiveOf(winnerRun)?.mean ?? null) : null;
  const winner = {
    ...derived.recommended,
    label: derived.recommended.label,
    value: winnerValue,
    server_command: winnerCandidate ? shownCommand(plan, winnerCandidate.server, winnerCandidate.model) : ""
  };
  const reasons = plan.second_look_reasons ?? {};
  const base = {runs_planned: planned.length, runs_recorded: planned.filter((r) => recorded.has(r)).length, winner};
  if (step.candidates.length === 0)
    return {...base, state: "nothing-to-run", candidates: [], verdict: null, recommendation: null};
  // The greedy path again with the second look as its last step: its verdict is against the greedy winner.
  const again = derive({...plan, steps: [...selectionSteps(plan.steps), step], second_look: undefined}, rows);
  const report = again.steps[again.steps.length - 1];
  const scenario = report.standings[step.scenarios[0]] ?? [];
  const candidates = step.candidates.map((c) => {
    const s = scenario.find((x) => x.candidate === c.id);
    return {
      id: c.id,
      label: c.label,
      reason: reasons[c.id] ?? "",
      value: s?.value ?? null,
      n: s?.n ?? 0,
      ci_low: s?.ci_low ?? null,
      ci_high: s?.ci_high ?? null
    };
  });
  if (base.runs_recorded < base.runs_planned)
    return {...base, state: "pending", candidates, verdict: report.verdict, recommendation: null};
  const v = report.verdict;
  // Nothing of the second look ran: the greedy choice was not tested, so it did not survive anything.
  if (v.kind === "all-failed" || v.kind === "none-within-slo")
    return {...base, state: "all-failed", candidates, verdict: v, recommendation: null};
  if (v.kind !== "improved" || !v.winner)
    return {...base, state: "survives", candidates, verdict: v, recommendation: null};
  const chosen = step.candidates.find((c) => c.id === v.winner!.candidate)!;
  const standing = scenario.find((x) => x.candidate === chosen.id);
  return {
    ...base,
    state: "does-not-survive",
    candidates,
    verdict: v,
    recommendation: {
      candidate: chosen.id,
      label: chosen.label,
      value: v.winner.value,
      ci_low: standing?.ci_low ?? null,
      ci_high: standing?.ci_high ?? null,
      gain_percent: v.gain_percent,
      gain_interval: v.gain_interval,
      server_command: shownCommand(plan, chosen.server, chosen.model)
    }
  };
}
