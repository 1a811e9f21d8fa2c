// The parsed study plan kept as JSON in the temp folder, keyed by the plan's bytes: per-run loaders each need the
// plan, and parsing a large study.yaml once per run makes a build grow with runs².
import {createHash} from "node:crypto";
import {existsSync, mkdirSync, readFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {writeFileAtomic} from "../files/write-atomic.js";
import {parseStudyPlan, readPlanText, withStepsBeside, type StudyPlan} from "./plan.js";

/** Plans smaller than this parse faster than a cache file is hashed and read. */
const CACHE_FROM_BYTES = 64 * 1024;

export function loadStudyPlanCached(dir: string, cacheDir = join(tmpdir(), "tps-report-plans")): StudyPlan {
  const file = join(dir, "study.yaml");
  const source = readPlanText(file);
  if (source.length < CACHE_FROM_BYTES) return withStepsBeside(parseStudyPlan(source, file, dir));
  const key = createHash("sha256").update(dir).update("\0").update(source).digest("hex").slice(0, 32);
  const cached = join(cacheDir, `${key}.json`);
  if (existsSync(cached)) {
    try {
      return withStepsBeside(JSON.parse(readFileSync(cached, "utf8")) as StudyPlan);
    } catch {
      // A damaged cache entry is parsed again and replaced.
    }
  }
  const plan = parseStudyPlan(source, file, dir);
  mkdirSync(cacheDir, {recursive: true});
  writeFileAtomic(cached, JSON.stringify(plan));
  return withStepsBeside(plan);
}
