// Importing into a study that exists: its imported runs are read again from their copies, inferred together with the
// new results, and every id the study already has is kept.
import {RefusedFile, readRegularFile, runFileState} from "../files/regular-files.js";
import {join} from "node:path";
import {parseRunId} from "../study/ids.js";
import {runId, type StudyPlan} from "../study/plan.js";
import {listRunDirs} from "../runs/read-runs.js";
import {shortId, type InferredStudy} from "./infer.js";
import {applySettings, readResultFile} from "./records.js";
import {ImportError, rawFile, readSourceFile, type ImportedResult, type ImportTool} from "./result.js";
import {sweepFileAgain} from "./sweep.js";

export interface ExistingRun {
  /** The runs holding this result: one, or each scenario and repeat of a server that never came up. */
  ids: string[];
  dir: string;
  result: ImportedResult;
}

/** The study's imported runs as results again; null when it holds runs import did not write (live runs). */
export function existingRuns(studyDir: string, plan: StudyPlan): ExistingRun[] | null {
  const runs: ExistingRun[] = [];
  const runsDir = join(studyDir, "runs");
  for (const id of listRunDirs(runsDir)) {
    const dir = join(runsDir, id);
    let meta: {
      origin?: {
        kind?: string;
        tool?: ImportTool;
        files?: {file: string; source: string}[];
        set?: Record<string, string>;
      };
    };
    try {
      meta = JSON.parse(readRegularFile(join(dir, "run.json")).toString("utf8"));
    } catch (error) {
      // A FIFO, a device or a link in a run folder is named, not taken for a run import did not write.
      if (error instanceof RefusedFile) throw new ImportError(error.path, error.problem);
      return null;
    }
    const files = meta.origin?.files;
    if (meta.origin?.kind !== "import" || !files?.length) return null;
    const [first, ...rest] = files;
    const copy = join(dir, first.file);
    // The copy is read again under its source's name: a copy that is no regular file is named itself.
    const state = runFileState(dir, first.file);
    if (state.kind === "refused") throw new ImportError(copy, state.problem);
    const read =
      meta.origin.tool === "vllm-sweep" ? [sweepFileAgain(first.source, copy)] : readResultFile(copy, first.source);
    const result = read.length === 1 ? read[0] : null;
    if (!result) throw new ImportError(copy, `cannot be read again as the result of run ${id}`);
    result.source = first.source;
    result.files[0] = {...result.files[0], name: first.file, source: first.source};
    for (const f of rest)
      result.files.push(
        rawFile(f.file, f.source, readSourceFile(join(dir, f.file), undefined, false, true), join(dir, f.file))
      );
    const same = runs.find(
      (r) => r.result.source === first.source && r.result.files[0].sha256 === result.files[0].sha256
    );
    if (same) {
      same.ids.push(id);
      continue;
    }
    // A sweep's failure files name no model but ran its results' one, which the plan names; any other file that names
    // none is read as it was first read (the plan's model there is the study's guess, not what the file said).
    const parts = parseRunId(id);
    const candidate = plan.steps.find((s) => s.id === parts?.step)?.candidates.find((c) => c.id === parts?.candidate);
    if (meta.origin.tool === "vllm-sweep") result.model ??= candidate?.model ?? null;
    // Settings given with --set were recorded beside the copy.
    if (meta.origin.set) applySettings(result, meta.origin.set);
    runs.push({ids: [id], dir, result});
  }
  return runs;
}

/**
 * Renames the inferred study's ids to those the existing runs have, so that importing more keeps every id; new
 * candidates, scenarios and steps keep their own ids unless those are taken. Null when the runs no longer group as
 * the study's ids say (the new results would split or join points already there).
 */
export function keepIds(study: InferredStudy, existing: ExistingRun[]): string | null {
  const maps = {
    candidate: new Map<string, string>(),
    scenario: new Map<string, string>(),
    step: new Map<string, string>()
  };
  const byResult = new Map(study.runs.map((r) => [r.result, r]));
  for (const old of existing) {
    const run = byResult.get(old.result);
    const parts = parseRunId(old.ids[0]);
    if (!run || !parts) return `run ${old.ids[0]} is not among the runs inferred again`;
    // A server that never came up is in every scenario's runs: it says only which candidate it was.
    if (old.ids.length > 1 || run.result.failed_phase === "server-start") {
      const was = maps.candidate.get(run.candidate);
      if (was != null && was !== parts.candidate)
        return `candidate ${run.candidate} would be both ${was} and ${parts.candidate}`;
      maps.candidate.set(run.candidate, parts.candidate);
      continue;
    }
    for (const [kind, from, to] of [
      ["candidate", run.candidate, parts.candidate],
      ["scenario", run.scenario, parts.scenario],
      ["step", run.step, parts.step]
    ] as const) {
      const was = maps[kind].get(from);
      if (was != null && was !== to) return `${kind} ${from} would be both ${was} and ${to}`;
      maps[kind].set(from, to);
    }
    if (run.repeat !== parts.repeat) return `run ${old.ids[0]} would become repeat ${run.repeat}`;
    // A run imported at one load that the new files make a ladder's level (or the reverse) would change its id.
    const load = (l?: {kind: string; value: number}) => (l ? `${l.kind} ${l.value}` : "no load level");
    if (load(run.load) !== load(parts.load))
      return `run ${old.ids[0]} would become ${run.load ? `the ${load(run.load)} level of a ladder` : "a run without a load level"}; import all its loads into a new folder`;
  }
  for (const [kind, map] of Object.entries(maps)) {
    const targets = [...map.values()];
    if (new Set(targets).size !== targets.length) return `two new ${kind}s would take one existing ${kind}'s id`;
  }
  const rename = (kind: keyof typeof maps, ids: string[]) => {
    const taken = new Set(maps[kind].values());
    for (const id of ids)
      if (!maps[kind].has(id)) {
        let name = id;
        for (let n = 2; taken.has(name); n++) name = shortId(`${id}.${n}`);
        maps[kind].set(id, name);
        taken.add(name);
      }
    return (id: string) => maps[kind].get(id)!;
  };
  const candidate = rename(
    "candidate",
    study.candidates.map((c) => c.id)
  );
  const scenario = rename(
    "scenario",
    study.scenarios.map((s) => s.id)
  );
  const step = rename(
    "step",
    study.steps.map((s) => s.id)
  );
  for (const c of study.candidates) {
    c.id = candidate(c.id);
    if (c.repeats) c.repeats = Object.fromEntries(Object.entries(c.repeats).map(([id, n]) => [scenario(id), n]));
  }
  for (const s of study.scenarios) s.id = scenario(s.id);
  for (const s of study.steps) {
    s.id = step(s.id);
    s.candidates = s.candidates.map(candidate);
    s.scenarios = s.scenarios.map(scenario);
  }
  for (const r of study.runs) {
    r.candidate = candidate(r.candidate);
    r.scenario = scenario(r.scenario);
    r.step = step(r.step);
    r.id = runId(r.step, r.candidate, r.scenario, r.repeat, r.load);
  }
  study.runs.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return null;
}
