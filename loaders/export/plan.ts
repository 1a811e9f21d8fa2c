// The study plan as JSON, for a page to read the study's objective, scenarios, steps and SLO as the report does;
// the folders it was read from are left out (they name the machine that built it).
import type {StudyPlan} from "../study/plan.js";

export function planJson(plan: StudyPlan): string {
  const {dir: _dir, file: _file, ...rest} = plan;
  return JSON.stringify(rest);
}
