// An incremental build or `npm run dev` parses study.yaml again only when it or the code changed: at 1000× the seed
// a large plan takes seconds to parse (BENCHMARKS.md).
import {createHash} from "node:crypto";
import {existsSync, mkdirSync, readFileSync} from "node:fs";
import {dirname, join} from "node:path";
import {deserialize, serialize} from "node:v8";
import {writeFileAtomic} from "../files/write-atomic.js";
import {parseStudyPlan, readPlanText, withStepsBeside, type StudyPlan} from "./plan.js";

/** Where the parsed plan is kept, and the version of the code that parsed it. */
export interface PlanKeeping {
  file: string;
  version: string;
}

/** The study's plan as loadStudyPlan gives it, parsed again only when study.yaml, its folder or the code changed. */
export function keptPlan(dir: string, keeping: PlanKeeping, shown = dir): StudyPlan {
  const source = readPlanText(join(dir, "study.yaml"));
  const key = createHash("sha256").update(`${keeping.version}\0${dir}\0${shown}\0`).update(source).digest("hex");
  if (existsSync(keeping.file))
    try {
      const kept = deserialize(readFileSync(keeping.file)) as {key: string; plan: StudyPlan};
      if (kept.key === key) return withStepsBeside(kept.plan);
    } catch {
      // A file cut short or written by another Node version: the plan is parsed again.
    }
  const plan = parseStudyPlan(source, join(shown, "study.yaml"), dir);
  // Framework's cache folder, where dev keeps it, is not there yet in a fresh clone.
  mkdirSync(dirname(keeping.file), {recursive: true});
  writeFileAtomic(keeping.file, serialize({key, plan}));
  return withStepsBeside(plan);
}
