// Cross-checks runs against their study and recomputes what the printed figures imply.
import {basename, dirname, join} from "node:path";
import {FINDING_FORMS, type Finding} from "../finding.js";
import {fillForm} from "../text.js";
import type {RunRow} from "../runs/rows.js";
import {expectedLiveCommands} from "../command/argv.js";
import {argvDifferences, OUTPUT_BENCH_OPTIONS, sameMeaning} from "../command/argv-meaning.js";
import {servedModel} from "../command/served-model.js";
import {loadPart, parseRunId} from "../study/ids.js";
import {gpuCount} from "../study/gpu-need.js";
import type {SeedRule} from "../study/repeats.js";
import {benchArgv, plannedRuns, runId, scenarioAtLoad, type StudyPlan} from "../study/plan.js";
import {shellCommand} from "../runs/rows.js";
import {runClient, type RunRecord} from "../runs/read-runs.js";
import {clientName, takesPlanFlags} from "../study/clients.js";

type LiveServe = Parameters<typeof expectedLiveCommands>[4];

/** Random-dataset token totals may differ from prompts × length by re-tokenization; beyond this they are suspicious. */
export const TOKEN_TOLERANCE = 0.02;

/** Largest difference the printed rounding allows between a/b and a figure printed with 2 decimals. */
function roundingSlack(numerator: number, duration: number): number {
  // duration is printed with 2 decimals, so it may be off by 0.005 s; the ratio by half a cent.
  const worst = numerator / Math.max(duration - 0.005, 1e-9) - numerator / duration;
  return 0.005 + worst + 1e-9;
}

/**
 * True when SGLang's client draws each length from [len × ratio, len] (`--random-range-ratio` below 1, its 2024
 * default 0): the token totals then have no expected value. vLLM's ratio spreads lengths around len, keeping the mean.
 */
function randomLengths(plan: StudyPlan, benchArgs: string[] | undefined): boolean {
  if (!plan.client.argv.includes("sglang.bench_serving")) return false;
  const at = benchArgs?.indexOf("--random-range-ratio") ?? -1;
  return at >= 0 && Number(benchArgs![at + 1]) < 1;
}

export function validate(plan: StudyPlan, runs: RunRecord[], rows: RunRow[]): Finding[] {
  const findings: Finding[] = [];
  const add = (
    severity: Finding["severity"],
    code: string,
    message: string,
    run: string | null,
    file: string | null = null,
    line: number | null = null
  ) => findings.push({severity, code, message, run, file, line});

  const planned = plannedRuns(plan);
  const plannedById = new Map(planned.map((p) => [p.run, p]));
  const present = new Set(runs.map((r) => r.meta.id));
  for (const p of planned)
    if (!present.has(p.run))
      add(
        "error",
        "run-missing",
        `the plan asks for run ${p.run} but the study has no such run folder`,
        p.run,
        plan.file
      );

  const rowsById = new Map(rows.map((r) => [r.run, r]));
  for (const record of runs) {
    const {meta} = record;
    // Named as the plan's file is (from the naming base), not by the path it was read from.
    const metaFile = join(dirname(plan.file), "runs", basename(record.dir), "run.json");
    findings.push(...record.findings);
    // A broken run's record is unread: its finding says so, and there is nothing of it to compare with the plan.
    if (record.broken) continue;
    // Repeat k of a planned run is planned too.
    const parts = parseRunId(meta.id);
    const plannedRun =
      plannedById.get(meta.id) ??
      (parts ? plannedById.get(runId(parts.step, parts.candidate, parts.scenario, 1, parts.load)) : undefined) ??
      searchProbe(plan, planned, parts);
    if (!plannedRun) {
      add("warning", "run-unplanned", `run ${meta.id} is not in the study plan`, meta.id, metaFile, 1);
      continue;
    }
    const {step, candidate, scenario} = plannedRun;
    const repeat = parts?.repeat ?? 1;
    const expect = (field: string, actual: unknown, wanted: unknown, severity: Finding["severity"] = "error") => {
      if (actual !== wanted)
        add(
          severity,
          "run-meta-mismatch",
          `run.json says ${field} '${actual}' but the plan says '${wanted}'`,
          meta.id,
          metaFile,
          1
        );
    };
    expect("study", meta.study, plan.id);
    expect("step", meta.step, step.id);
    expect("candidate", meta.candidate, candidate.id);
    expect("scenario", meta.scenario, scenario.id);
    expect("repeat", meta.repeat ?? 1, repeat);
    expect("engine", meta.engine, candidate.engine);
    expect("model", meta.model, candidate.model);
    expect("quantization", meta.quantization, candidate.quantization);
    expect("engine_version", meta.engine_version, plan.engines[candidate.engine]?.version, "warning");
    expect("gpu_count", meta.gpu_count, gpuCount(candidate, plan.hardware.count));
    // A live run adds host, port and result flags to the plan's commands; compare against what the runner would run.
    const serve = meta.origin?.kind === "live" ? (meta.origin.serve as LiveServe | undefined) : undefined;
    // A cluster task ran it in its own folder (origin.runs_dir) before `tps-report gather` moved it here.
    const ranIn = typeof meta.origin?.runs_dir === "string" ? join(meta.origin.runs_dir, meta.id) : record.dir;
    const wanted = serve
      ? expectedLiveCommands(plan, candidate, scenario, ranIn, serve, meta.repeat ?? 1, seedRuleOf(meta.origin))
      : {server: candidate.server, bench: benchArgv(plan, candidate, scenario)};
    if (!sameMeaning(meta.server_argv, wanted.server))
      add(
        "warning",
        "server-argv-differs",
        `server command '${shellCommand(meta.server_argv)}' differs from the plan's '${shellCommand(wanted.server)}'`,
        meta.id,
        metaFile,
        1
      );
    // By meaning: the program whatever its install path, options in any order; where results go and where the server
    // is (the runner's own flags, or what a result file needs) aside.
    // An empty command is one no file recorded (read-runs.ts); another tool's takes other options: nothing to compare.
    const benchDiff =
      meta.bench_argv.length && takesPlanFlags(runClient(meta, plan), plan.client.name)
        ? argvDifferences(meta.bench_argv, wanted.bench, {ignore: OUTPUT_BENCH_OPTIONS})
        : [];
    if (benchDiff.length)
      add(
        "warning",
        "bench-argv-differs",
        `benchmark command '${shellCommand(meta.bench_argv)}' differs from the plan's '${shellCommand(wanted.bench)}': ${benchDiff.join("; ")}`,
        meta.id,
        metaFile,
        1
      );
    const served = servedModel(meta.server_argv);
    if (served !== null && served !== meta.model)
      add(
        "warning",
        "served-model-differs",
        fillForm(FINDING_FORMS.servedModelDiffers, {served, model: meta.model, study: plan.model.name}),
        meta.id,
        metaFile,
        1
      );

    const row = rowsById.get(meta.id);
    if (!row || meta.status !== "ok" || !record.block) continue;
    const m = record.block.metrics;
    const where = {file: record.source, line: record.block.lines[0]};
    const recompute = (metric: string, numerator: number | undefined, formula: string) => {
      const printed = m[metric];
      if (printed == null || numerator == null || !m.duration) return;
      const computed = numerator / m.duration;
      if (Math.abs(printed - computed) <= roundingSlack(numerator, m.duration)) return;
      // GPUStack's benchmark-runner (latency printed in seconds) divides by its own measuring window, not by the
      // duration it prints: a fact about the tool, said as such, not a broken result.
      if (record.block!.extra.e2el_unit === "s")
        add(
          "warning",
          "metric-window",
          fillForm(FINDING_FORMS.metricWindow, {
            metric,
            printed,
            formula,
            computed: computed.toFixed(2),
            window: (numerator / printed).toFixed(2),
            duration: m.duration
          }),
          meta.id,
          where.file,
          where.line
        );
      else
        add(
          "error",
          "metric-inconsistent",
          fillForm(FINDING_FORMS.metricInconsistent, {metric, printed, formula, computed: computed.toFixed(2)}),
          meta.id,
          where.file,
          where.line
        );
    };
    recompute(
      "total_token_throughput",
      sum(m.total_input_tokens, m.total_output_tokens),
      "(total_input_tokens + total_output_tokens) / duration"
    );
    recompute("request_throughput", m.completed, "completed / duration");
    recompute("output_throughput", m.total_output_tokens, "total_output_tokens / duration");

    // Fewer than planned is a partial result (read-runs.ts says so); more is reported here.
    if (m.completed != null && m.completed + (m.failed ?? 0) > scenario.num_prompts)
      add(
        "warning",
        "requests-over-plan",
        fillForm(m.failed ? FINDING_FORMS.requestsOverPlanFailed : FINDING_FORMS.requestsOverPlan, {
          completed: m.completed,
          failed: m.failed ?? 0,
          planned: scenario.num_prompts
        }),
        meta.id,
        where.file,
        where.line
      );
    if (m.failed)
      add(
        "warning",
        "requests-failed",
        fillForm(FINDING_FORMS.requestsFailed, {failed: m.failed, total: m.completed + m.failed}),
        meta.id,
        where.file,
        where.line
      );
    if (scenario.dataset === "random" && m.completed != null && !randomLengths(plan, scenario.bench_args)) {
      const tokens = (metric: string, length: number | null, forms: {below: string; above: string}) => {
        const printed = m[metric];
        if (printed == null || length == null) return;
        const wanted = m.completed * length;
        const off = (printed - wanted) / wanted;
        if (Math.abs(off) > TOKEN_TOLERANCE)
          add(
            "warning",
            "token-total-off",
            fillForm(off < 0 ? forms.below : forms.above, {
              metric,
              printed,
              off: Math.abs(off * 100).toFixed(1),
              completed: m.completed,
              length,
              wanted
            }),
            meta.id,
            where.file,
            where.line
          );
      };
      tokens("total_input_tokens", scenario.input_len, {
        below: FINDING_FORMS.inputTokensBelow,
        above: FINDING_FORMS.inputTokensAbove
      });
      // Fewer output tokens than asked for: requests stopped at their end-of-sequence token.
      tokens("total_output_tokens", scenario.output_len, {
        below: FINDING_FORMS.outputTokensBelow,
        above: FINDING_FORMS.outputTokensAbove
      });
    }
  }

  // Runs of one scenario (at one load level of a ladder) send the same prompts, so their input totals must agree.
  const inputsByScenario = new Map<string, {run: string; tokens: number}[]>();
  for (const r of runs) {
    if (r.meta.status !== "ok" || r.block?.metrics.total_input_tokens == null) continue;
    const entry = {run: r.meta.id, tokens: r.block.metrics.total_input_tokens};
    const key = r.meta.load ? `${r.meta.scenario} at ${loadPart(r.meta.load)}` : r.meta.scenario;
    const list = inputsByScenario.get(key);
    if (list) list.push(entry);
    else inputsByScenario.set(key, [entry]);
  }
  for (const [scenario, list] of inputsByScenario) {
    const counts = new Map<number, number>();
    for (const {tokens} of list) counts.set(tokens, (counts.get(tokens) ?? 0) + 1);
    if (counts.size <= 1) continue;
    const usual = [...counts].sort((a, b) => b[1] - a[1])[0][0];
    for (const {run, tokens} of list)
      if (tokens !== usual)
        add("warning", "inputs-differ", fillForm(FINDING_FORMS.inputsDiffer, {scenario, tokens, usual}), run);
  }
  findings.push(...unrecordedCommands(plan, runs));
  return findings;
}

/** Runs whose benchmark command no file records, one line per tool (not per run: a study may import thousands). */
function unrecordedCommands(plan: StudyPlan, runs: RunRecord[]): Finding[] {
  const byTool = new Map<string | null, number>();
  for (const r of runs) {
    if (r.broken || r.meta.bench_argv.length) continue;
    const tool = clientName(runClient(r.meta, plan));
    byTool.set(tool, (byTool.get(tool) ?? 0) + 1);
  }
  return [...byTool].map(([tool, n]) => {
    const one = n === 1;
    const en =
      tool === null
        ? `the benchmark command of ${one ? "1 run" : `${n} runs`} is not recorded, nor the tool that measured ${one ? "it" : "them"} (${one ? "its" : "their"} workload is in the scenarios)`
        : `the benchmark command of ${one ? "1 run" : `${n} runs`} is not recorded: ${tool} measured ${one ? "it" : "them"} and no file states its command (${one ? "its" : "their"} workload is in the scenarios)`;
    const tr =
      tool === null
        ? `${n} koşunun benchmark komutu kaydedilmemiş, onları ölçen araç da (iş yükleri senaryolarda)`
        : `${n} koşunun benchmark komutu kaydedilmemiş: onları ${tool} ölçtü ve hiçbir dosya komutunu belirtmiyor (iş yükleri senaryolarda)`;
    return {
      severity: "info",
      code: "bench-command-not-recorded",
      message: en,
      run: null,
      file: plan.file,
      line: null,
      text: {en, tr}
    } satisfies Finding;
  });
}

function sum(a: number | undefined, b: number | undefined): number | undefined {
  return a == null || b == null ? undefined : a + b;
}

/** A goodput search's bisection probe (a concurrency between two levels of its ladder) is planned too. */
/** The seed rule a live run was given: the one its origin records, else "repeat" (seed + k − 1 at every ladder level),
 * the only rule before ladder runs recorded theirs; a rule this version does not know is held to the current one. */
function seedRuleOf(origin: Record<string, unknown> | undefined): SeedRule {
  return origin?.seed_rule === undefined ? "repeat" : "level-repeat";
}

function searchProbe(
  plan: StudyPlan,
  planned: ReturnType<typeof plannedRuns>,
  parts: ReturnType<typeof parseRunId>
): ReturnType<typeof plannedRuns>[number] | undefined {
  if (!parts?.load || parts.load.kind !== "concurrency" || (parts.repeat ?? 1) > 1) return undefined;
  const levels = plan.scenarios.find((s) => s.id === parts.scenario && s.search)?.loads?.levels;
  if (!levels || parts.load.value < levels[0] || parts.load.value > levels[levels.length - 1]) return undefined;
  const first = planned.find(
    (p) => p.step.id === parts.step && p.candidate.id === parts.candidate && p.scenario.id === parts.scenario
  );
  if (!first) return undefined;
  const base = plan.scenarios.find((s) => s.id === parts.scenario)!;
  return {
    ...first,
    run: runId(parts.step, parts.candidate, parts.scenario, 1, parts.load),
    scenario: scenarioAtLoad(base, parts.load)
  };
}
