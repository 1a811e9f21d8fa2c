// Puts every measured run and scenario of a study against the hardware's ceiling (loaders/headroom).
import {ASSUMPTIONS} from "../headroom/assumptions.js";
import {
  BINDING_RULE,
  DEFAULT_MBU,
  DEFAULT_MFU,
  scenarioCeiling,
  type BindingResource,
  type Parallel
} from "../headroom/ceiling.js";
import {ceilingFinding} from "../headroom/ceiling-finding.js";
import {findGpu, readGpuTable, type Gpu} from "../headroom/gpus.js";
import {readModelConfig, type ModelDims} from "../headroom/model-config.js";
import {runHeadroom, type RunHeadroom} from "../headroom/run-headroom.js";
import {gpuNeed} from "../study/gpu-need.js";
import {KNOWN_PRECISIONS, knownPrecision} from "../headroom/precision.js";
import {FINDING_FORMS, type Finding} from "../finding.js";
import type {RunRow} from "../runs/rows.js";
import {candidateConfig} from "../study/candidate-model.js";
import type {StudyPlan} from "../study/plan.js";
import {isPlaceholder} from "../study/schema.js";
import {fillForm, type Text} from "../text.js";

export const HEADROOM_COLUMNS = [
  "ceiling_tps",
  "realistic_tps",
  "no_overlap_tps",
  "ceiling_ratio",
  "effective_tflops",
  "binding"
] as const;

export interface HeadroomContext {
  /** The study model's dimensions (the per-scenario table); null when it has no config. */
  dims: ModelDims | null;
  gpus: Gpu[];
  studyGpu: Gpu;
  /** `<step>--<candidate>` → the dimensions of the model it serves; absent when that model has no config. */
  byCandidate: Map<string, ModelDims>;
  /** Why some candidates' runs get no ceiling, or assume bf16 (one finding per candidate). */
  findings: Finding[];
  /** `<step>--<candidate>` → label, for candidates whose quantization the plan leaves open: their ceilings assume bf16. */
  assumedBf16: Map<string, string>;
  /** `<step>--<candidate>` → the parallel degrees its server command states, where it runs on several GPUs. */
  parallel: Map<string, Parallel>;
}

/** The models and GPU of a study, or a finding saying why headroom cannot be computed at all. */
export function headroomContext(plan: StudyPlan): HeadroomContext | Finding {
  const fail = (message: string): Finding => ({
    severity: "warning",
    code: "headroom-unavailable",
    message,
    run: null,
    file: plan.file,
    line: null
  });
  // A reason the pages print in prose, so it comes in both languages.
  const unavailable = (en: string, tr: string): Finding => ({...fail(en), text: {en, tr}});
  let gpus: Gpu[];
  try {
    gpus = readGpuTable();
  } catch (error) {
    return fail((error as Error).message);
  }
  // An imported study's GPU left open reads "not recorded" on the pages, never its TODO text (issue 23).
  if (isPlaceholder(plan.hardware.gpu) && isPlaceholder(plan.hardware.name)) {
    return unavailable(
      "the study's GPU is not recorded (hardware.gpu in study.yaml): no ceiling can be computed",
      "çalışmanın GPU'su kaydedilmemiş (study.yaml'da hardware.gpu): tavan hesaplanamıyor"
    );
  }
  const studyGpu = findGpu(gpus, plan.hardware.gpu) ?? findGpu(gpus, plan.hardware.name);
  if (!studyGpu) {
    const gpu = isPlaceholder(plan.hardware.gpu) ? plan.hardware.name : plan.hardware.gpu;
    return unavailable(
      `the study's GPU, ${gpu}, is not in the GPU table (data/gpus/gpus.yaml): no ceiling can be computed`,
      `çalışmanın GPU'su, ${gpu}, GPU tablosunda (data/gpus/gpus.yaml) yok: tavan hesaplanamıyor`
    );
  }
  const byCandidate = new Map<string, ModelDims>();
  const findings: Finding[] = [];
  const assumedBf16 = new Map<string, string>();
  const parallel = new Map<string, Parallel>();
  for (const step of plan.steps)
    for (const candidate of step.candidates) {
      const key = `${step.id}--${candidate.id}`;
      // The engine serves from one GPU unless its flags say otherwise, whatever GPUs the plan reserves for it.
      const need = gpuNeed(candidate, plan.hardware.count);
      if (!("problem" in need) && need.tp * need.pp * need.dp > 1)
        parallel.set(key, {tp: need.tp, pp: need.pp, dp: need.dp});
      const found = candidateConfig(plan, candidate);
      const quantization = candidate.quantization;
      if (quantization && !isPlaceholder(quantization) && !knownPrecision(quantization)) {
        findings.push(
          fail(fillForm(FINDING_FORMS.headroomPrecisionUnknown, {key, label: quantization, known: KNOWN_PRECISIONS}))
        );
        continue;
      }
      if ("dims" in found) byCandidate.set(key, found.dims);
      else findings.push(fail(`${key}: no ceiling for its runs, since ${found.reason}`));
      if ("dims" in found && isPlaceholder(candidate.quantization)) {
        assumedBf16.set(key, candidate.label);
        findings.push({
          severity: "info",
          code: "headroom-quantization-assumed",
          message: fillForm(FINDING_FORMS.headroomQuantizationAssumed, {key}),
          run: null,
          file: plan.file,
          line: null
        });
      }
    }
  const study = candidateConfig(plan, {model: plan.model.name, config: null});
  if (!byCandidate.size && !("dims" in study)) {
    if (plan.model.config) return fail(study.reason);
    return unavailable(
      "the study names no model config (model.config), so no ceiling is computed",
      "çalışma bir model yapılandırması (model.config) belirtmiyor, bu yüzden tavan hesaplanmıyor"
    );
  }
  return {dims: "dims" in study ? study.dims : null, gpus, studyGpu, byCandidate, findings, assumedBf16, parallel};
}

/** Adds the headroom columns to each row (null where the run has no result); returns above-ceiling findings. */
export function addHeadroom(context: HeadroomContext | Finding, rows: RunRow[]): Finding[] {
  const findings: Finding[] = [];
  // Runs name a handful of GPUs; resolving each name once keeps the table search out of the per-run loop.
  const gpuByName = new Map<string, Gpu>();
  for (const row of rows) {
    for (const column of HEADROOM_COLUMNS) row[column] = null;
    if ("severity" in context || row.status !== "ok") continue;
    const dims = context.byCandidate.get(`${row.step}--${row.candidate}`);
    if (!dims) continue;
    const metrics = [
      "completed",
      "total_input_tokens",
      "total_output_tokens",
      "duration",
      "total_token_throughput"
    ] as const;
    const [completed, input, output, duration, tps] = metrics.map((m) => row[m]);
    if (![completed, input, output, duration, tps].every((v) => typeof v === "number" && v > 0)) continue;
    if (!isPlaceholder(row.quantization) && !knownPrecision(row.quantization)) {
      findings.push({
        severity: "warning",
        code: "headroom-quantization-unknown",
        message: fillForm(FINDING_FORMS.headroomRunPrecisionUnknown, {
          run: row.run,
          label: String(row.quantization),
          known: KNOWN_PRECISIONS
        }),
        run: row.run,
        file: row.source_file,
        line: row.source_first_line
      });
      continue;
    }
    let gpu = gpuByName.get(row.gpu);
    if (!gpu) gpuByName.set(row.gpu, (gpu = findGpu(context.gpus, row.gpu) ?? context.studyGpu));
    const parallel = context.parallel.get(`${row.step}--${row.candidate}`);
    let h: RunHeadroom;
    try {
      h = runHeadroom(
        {
          completed: completed as number,
          total_input_tokens: input as number,
          total_output_tokens: output as number,
          duration: duration as number,
          total_token_throughput: tps as number,
          // Left open by the plan (import found no file stating it): bf16, as headroomContext says for the candidate.
          quantization: isPlaceholder(row.quantization) ? "bf16" : row.quantization
        },
        dims,
        gpu,
        // A concurrency ladder's run: the batch is the level, so the ceiling is the one at that concurrency.
        {
          ...(row.load_kind === "concurrency" && typeof row.load === "number" ? {concurrency: row.load} : {}),
          ...(parallel ? {parallel} : {})
        }
      );
    } catch (error) {
      // A layout the table cannot bound (no interconnect figure for the GPU): said, not guessed.
      if (!parallel || !(error instanceof RangeError)) throw error;
      findings.push({
        severity: "warning",
        code: "headroom-unavailable",
        message: `${row.run}: no ceiling for its ${parallel.tp * parallel.pp * parallel.dp} GPUs, since ${error.message}`,
        run: row.run,
        file: row.source_file,
        line: row.source_first_line
      });
      continue;
    }
    Object.assign(row, {
      ceiling_tps: h.ceiling_tps,
      realistic_tps: h.realistic_tps,
      no_overlap_tps: h.no_overlap_tps,
      ceiling_ratio: h.ceiling_ratio,
      effective_tflops: h.effective_tflops,
      binding: h.binding
    });
    const finding = ceilingFinding(row.run, h, {file: row.source_file, line: row.source_first_line});
    if (finding) findings.push(finding);
  }
  return findings;
}

/** What the ceilings take for a candidate whose quantization no file stated. */
function assumedBf16(label: string): Text {
  return {
    en: `The quantization of ${label} is not recorded: its ceilings assume bf16 weights.`,
    tr: `${label} için nicemleme kaydedilmemiş: tavanları bf16 ağırlık varsayar.`
  };
}

/** Per scenario: the ceiling at the mean lengths of the scenario's measured runs (nominal lengths when none ran). */
export function headroomReport(
  plan: StudyPlan,
  context: HeadroomContext | Finding,
  rows: RunRow[]
): HeadroomReport | null {
  if ("severity" in context || !context.dims) return null;
  const {dims} = context;
  const gpu = context.studyGpu;
  const scenarios = plan.scenarios.flatMap((scenario) => {
    // Only runs of the study's model: a candidate serving another model has other lengths' meaning and ceiling.
    const measured = rows.filter(
      (r) =>
        r.scenario === scenario.id &&
        r.status === "ok" &&
        typeof r.completed === "number" &&
        // trtllm-bench prints average lengths, no token totals: its scenario's lengths stand in.
        typeof r.total_input_tokens === "number" &&
        typeof r.total_output_tokens === "number" &&
        context.byCandidate.get(`${r.step}--${r.candidate}`)?.source === dims.source
    );
    const mean = (key: string) => measured.reduce((s, r) => s + (r[key] as number), 0) / measured.length;
    // Runs with failed requests make the mean fractional; the ceiling needs a whole number of prompts.
    const numPrompts = measured.length ? Math.round(mean("completed")) : scenario.num_prompts;
    const inputLen = measured.length ? mean("total_input_tokens") / numPrompts : scenario.input_len;
    const outputLen = measured.length ? mean("total_output_tokens") / numPrompts : scenario.output_len;
    if (inputLen == null || outputLen == null) return [];
    const c = scenarioCeiling(dims, gpu, {numPrompts, inputLen, outputLen});
    return [
      {
        scenario: scenario.id,
        num_prompts: numPrompts,
        input_len: inputLen,
        output_len: outputLen,
        ceiling_tps: c.ceilingTps,
        realistic_tps: c.realisticTps,
        no_overlap_tps: c.noOverlapTps,
        binding: c.binding,
        compute_s: c.flops.total / c.peakFlops,
        memory_s: c.bytes.total / c.bandwidth,
        kv_capacity_tokens: c.kvCapacityTokens,
        max_concurrent: c.maxConcurrent,
        from_runs: measured.length
      }
    ];
  });
  // Models whose runs the scenario ceilings leave out: another config, or none (their runs' own ceilings, if any).
  const otherModels = new Set<string>();
  for (const step of plan.steps)
    for (const c of step.candidates)
      if (c.model !== plan.model.name && context.byCandidate.get(`${step.id}--${c.id}`)?.source !== dims.source)
        otherModels.add(c.model);
  return {
    model: plan.model.name,
    ...(otherModels.size ? {other_models: [...otherModels]} : {}),
    gpu: {
      id: gpu.id,
      name: gpu.name,
      bf16_tflops: gpu.bf16Flops.value / 1e12,
      bandwidth_gbs: gpu.hbmBandwidth.value / 1e9,
      memory_gib: gpu.memoryBytes.value / 2 ** 30,
      sources: [gpu.bf16Flops.source, gpu.hbmBandwidth.source, gpu.memoryBytes.source]
    },
    mfu: DEFAULT_MFU,
    mbu: DEFAULT_MBU,
    binding_rule: BINDING_RULE,
    assumptions: [...ASSUMPTIONS, ...[...context.assumedBf16.values()].map(assumedBf16)],
    scenarios
  };
}

export interface HeadroomScenario {
  scenario: string;
  /** Mean N, I and O of the scenario's measured runs (nominal values when none ran). */
  num_prompts: number;
  input_len: number;
  output_len: number;
  ceiling_tps: number;
  realistic_tps: number;
  no_overlap_tps: number;
  binding: BindingResource;
  /** Time the work needs at peak compute and at peak bandwidth, seconds. */
  compute_s: number;
  memory_s: number;
  kv_capacity_tokens: number;
  max_concurrent: number;
  from_runs: number;
}
export interface HeadroomReport {
  /** The study's model: the one the scenario ceilings are computed for. */
  model: string;
  /** Models other candidates serve, whose runs the scenario ceilings leave out (absent when there are none). */
  other_models?: string[];
  gpu: {id: string; name: string; bf16_tflops: number; bandwidth_gbs: number; memory_gib: number; sources: string[]};
  mfu: number;
  mbu: number;
  binding_rule: string;
  assumptions: Text[];
  scenarios: HeadroomScenario[];
}
