// Where a candidate's keys sit in the file that states it (study.yaml, or second-look.json for the second look), for
// problems found after the plan was read (the host's GPUs): read again only when such a problem is reported.
import {readFileSync} from "node:fs";
import {join} from "node:path";
import {LineCounter, parseDocument} from "yaml";
import {lineOf, nodeAt, pathText} from "./schema-issues.js";
import {SECOND_LOOK_FILE, SECOND_LOOK_STEP} from "./second-look-file.js";
import type {StudyPlan} from "./plan.js";

export interface PlanPlace {
  file: string;
  line: number;
  /** Dotted path of the value (`steps[1].candidates[0].server[4]`). */
  path: string;
}

export class PlanLines {
  private readonly docs = new Map<string, {root: unknown; lines: LineCounter} | null>();

  constructor(private readonly plan: StudyPlan) {}

  /** The place of `sub` (a key under the candidate, or an argv index under `server`) of a step's candidate; an
   * interference copy points at the configuration it copies. */
  candidate(stepId: string, candidateId: string, sub: (string | number)[] = []): PlanPlace {
    const plan = this.plan;
    const step = [...plan.steps, ...(plan.second_look ? [plan.second_look] : [])].find((s) => s.id === stepId);
    const copy = plan.interference?.step.candidates.find((c) => c.id === candidateId)?.copy_of;
    if (!step && copy) return this.candidate(copy.step, copy.candidate, sub);
    if (stepId === SECOND_LOOK_STEP && plan.second_look) {
      const ci = plan.second_look.candidates.findIndex((c) => c.id === candidateId);
      return this.place(join(plan.dir, SECOND_LOOK_FILE), ["candidates", ci, ...sub]);
    }
    const si = plan.steps.findIndex((s) => s.id === stepId);
    const ci = si < 0 ? -1 : plan.steps[si].candidates.findIndex((c) => c.id === candidateId);
    return this.place(plan.file, ["steps", si, "candidates", ci, ...sub]);
  }

  /** The place of a key of the plan itself (`["hardware", "count"]`). */
  key(path: (string | number)[]): PlanPlace {
    return this.place(this.plan.file, path);
  }

  private place(file: string, path: (string | number)[]): PlanPlace {
    let doc = this.docs.get(file);
    if (doc === undefined) {
      try {
        const lines = new LineCounter();
        doc = {root: parseDocument(readFileSync(file, "utf8"), {lineCounter: lines}).contents, lines};
      } catch {
        doc = null;
      }
      this.docs.set(file, doc);
    }
    // A key's own line (`gpus:` above its list), an argv item's line for an index.
    const node = doc ? nodeAt(doc.root, path, typeof path[path.length - 1] === "string") : null;
    return {file, line: doc ? lineOf(node, doc.lines) : 1, path: pathText(path)};
  }
}

export function formatPlace(place: PlanPlace, message: string): string {
  return `${place.file}:${place.line}: ${place.path ? `${place.path}: ` : ""}${message}`;
}
