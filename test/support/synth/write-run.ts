// Writes one synthetic run folder (run.json + bench.log, result.json when detailed, server.log when it failed).
import {mkdirSync, renameSync, rmSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {benchArgv, runId, type PlanScenario, type StudyPlan} from "../../../loaders/study/plan.js";
import {ENGINES, type SynthCandidate, type SynthPlan, type SynthStep} from "./study-plan.js";
import {Prng} from "./prng.js";
import {writeResultJson} from "./result-json.js";
import {simulateRun} from "./simulate-run.js";
import {benchLog} from "./vllm-block.js";

export interface PlannedSynthRun {
  index: number;
  step: SynthStep;
  candidate: SynthCandidate;
  scenario: PlanScenario;
  repeat: number;
}

export function plannedSynthRuns(plan: SynthPlan): PlannedSynthRun[] {
  const scenarios = new Map(plan.scenarios.map((s) => [s.id, s]));
  const out: PlannedSynthRun[] = [];
  // The order the live runner uses: each candidate's scenarios once, then again for each further repeat.
  for (const step of plan.steps) {
    const list = step.scenarios.map((sid) => scenarios.get(sid)!);
    const rounds = Math.max(...list.map((s) => s.repeats ?? 1));
    for (const candidate of step.candidates)
      for (let repeat = 1; repeat <= rounds; repeat++)
        for (const scenario of list)
          if (repeat <= (scenario.repeats ?? 1)) out.push({index: out.length, step, candidate, scenario, repeat});
  }
  return out;
}

/** Total token throughput of vLLM at its defaults per prompt shape: the seed study's measurements (tokens/s). */
const SHAPE_THROUGHPUT: Record<string, number> = {
  sharegpt: 1730.98,
  short: 2656.71,
  medium: 2521.38,
  long: 1837.08,
  "very-long": 1798.45
};
/** Configurations better than this multiple of vLLM's defaults would pass the hardware's ceiling. */
const MAX_SPEED = 1.45;

const START = Date.UTC(2025, 9, 20, 8, 0, 0);

function pyDate(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}-${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}`;
}

/** Writes the run into `<runsDir>/<run id>` through a dot-named temporary folder; returns the bytes written. */
export function writeSynthRun(plan: SynthPlan, studyPlan: StudyPlan, runsDir: string, run: PlannedSynthRun): number {
  const {step, candidate, scenario, repeat} = run;
  const id = runId(step.id, candidate.id, scenario.id, repeat);
  const rng = new Prng(`${plan.seed}:run:${id}`);
  const tmp = join(runsDir, `.${id}.tmp-${process.pid}`);
  rmSync(tmp, {recursive: true, force: true});
  mkdirSync(tmp, {recursive: true});
  const started = START + run.index * 1_200_000 + rng.int(0, 60_000);
  const argv = benchArgv(studyPlan, candidate, scenario);
  let bytes = 0;
  const write = (name: string, text: string) => {
    writeFileSync(join(tmp, name), text);
    bytes += Buffer.byteLength(text);
  };
  let ended = started + rng.int(60_000, 180_000);
  if (!candidate.fails) {
    const shape = SHAPE_THROUGHPUT[scenario.id.replace(/-r\d+$/, "")];
    const sim = simulateRun({
      scenario,
      throughput: shape * Math.min(MAX_SPEED, candidate.speed) * rng.lognormal(1, 0.025),
      slots: candidate.slots,
      detailed: candidate.detailed,
      rng
    });
    ended = started + 90_000 + Math.round(sim.duration * 1000);
    write("bench.log", benchLog(sim, argv, scenario.seed ?? 0));
    if (candidate.detailed)
      bytes += writeResultJson(join(tmp, "result.json"), sim, {
        date: pyDate(ended),
        model: candidate.model,
        numPrompts: scenario.num_prompts
      });
  } else {
    write(
      "server.log",
      [
        `INFO ${new Date(started).toISOString()} Starting ${ENGINES[candidate.engine].name} server: ${candidate.server.join(" ")}`,
        "Traceback (most recent call last):",
        '  File "<frozen runpy>", line 198, in _run_module_as_main',
        candidate.fails,
        ""
      ].join("\n")
    );
  }
  const meta = {
    id,
    study: plan.id,
    step: step.id,
    candidate: candidate.id,
    scenario: scenario.id,
    ...(repeat > 1 ? {repeat} : {}),
    engine: candidate.engine,
    engine_version: ENGINES[candidate.engine].version,
    model: candidate.model,
    quantization: candidate.quantization,
    gpu: "NVIDIA A100-SXM4-80GB",
    gpu_count: 1,
    server_argv: candidate.server,
    bench_argv: argv,
    status: candidate.fails ? "failed" : "ok",
    error: candidate.fails,
    ...(candidate.fails ? {failed_phase: "server-start"} : {}),
    started_at: new Date(started).toISOString(),
    ended_at: new Date(ended).toISOString(),
    origin: {generator: "test/support/synth", scale: plan.scale, seed: plan.seed}
  };
  write("run.json", JSON.stringify(meta, null, 2) + "\n");
  const final = join(runsDir, id);
  rmSync(final, {recursive: true, force: true});
  renameSync(tmp, final);
  return bytes;
}
