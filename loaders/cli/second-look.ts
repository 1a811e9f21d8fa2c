// `tps-report run STUDY --second-look`: derives the set around the finished study's recommendation (or takes the one
// frozen in second-look.json), freezes it before anything starts, and hands the plan with that step to the runner.
import {join} from "node:path";
import {coverage, DEFAULT_MARGIN} from "../analysis/coverage.js";
import {derive} from "../analysis/derive.js";
import {loadStudy} from "../analysis/report.js";
import {planSecondLook, secondLookData} from "../analysis/second-look.js";
import {writeFileAtomic} from "../files/write-atomic.js";
import {commentLine} from "../live/dry-run.js";
import {shellWord} from "../command/shell-quote.js";
import {plannedRuns, secondLookStep, type StudyPlan} from "../study/plan.js";
import {SECOND_LOOK_FILE} from "../study/second-look-file.js";

export interface PreparedSecondLook {
  /** The plan with its second_look step. */
  plan: StudyPlan;
  /** Comment lines: the set, why each configuration is in it, and its cost in runs. */
  header: string;
  empty: boolean;
}

/** The plan with the second look to run, or a one-line reason why it cannot be derived yet. */
export async function prepareSecondLook(plan: StudyPlan, dryRun: boolean): Promise<PreparedSecondLook | string> {
  const file = join(plan.dir, SECOND_LOOK_FILE);
  let withLook: StudyPlan;
  let skipped: string[] = [];
  let frozen = false;
  if (plan.second_look) {
    withLook = plan;
    frozen = true;
  } else {
    const {rows} = await loadStudy(plan.dir);
    const recorded = new Set(rows.map((r) => r.run));
    const missing = plannedRuns(plan).filter((p) => !recorded.has(p.run));
    if (missing.length)
      return `${plan.file}: the greedy steps are not finished (${missing.length} planned run${missing.length === 1 ? "" : "s"} missing, the first ${missing[0].run}); run them first (tps-report run ${shellWord(plan.dir, "bash")} --resume)`;
    const derived = derive(plan, rows);
    const set = planSecondLook(plan, derived, coverage(plan, derived));
    const data = secondLookData(plan, set);
    skipped = set.skipped;
    withLook = {
      ...plan,
      second_look: secondLookStep(data),
      second_look_reasons: data.reasons,
      second_look_winner: data.winner
    };
    // Frozen before anything starts: an interrupted second look resumes the same set.
    if (!dryRun) writeFileAtomic(file, JSON.stringify(data, null, 2) + "\n");
  }
  const step = withLook.second_look!;
  const runs = plannedRuns({...withLook, steps: []});
  const configs = step.candidates.length;
  const lines = [
    `# Second look at ${winnerName(withLook)}: ${configs} configuration${configs === 1 ? "" : "s"}, ${runs.length} run${runs.length === 1 ? "" : "s"} (${step.repeats} repeat${step.repeats === 1 ? "" : "s"} each)` +
      (dryRun
        ? "; dry run: nothing was started."
        : frozen
          ? `; the set frozen in ${file}.`
          : `; the set is frozen in ${file}.`)
  ];
  for (const c of step.candidates)
    lines.push(`#   ${c.id} — ${c.label}: ${withLook.second_look_reasons?.[c.id] ?? "from " + SECOND_LOOK_FILE}`);
  for (const line of skipped) lines.push(`#   left out: ${line}`);
  if (configs === 0)
    lines.push(
      `#   nothing to run: no decision was within noise or the ${withLook.margin ?? DEFAULT_MARGIN} % margin, and the recommendation sets none of the numeric settings the steps tuned`
    );
  // Labels and reasons are plan text: each line stays a comment when the listing is piped into a shell.
  return {plan: withLook, header: lines.map(commentLine).join("\n") + "\n", empty: configs === 0};
}

/** The recommendation the set was derived around, by its label. */
function winnerName(plan: StudyPlan): string {
  const w = plan.second_look_winner;
  const candidate = w && plan.steps.find((s) => s.id === w.step)?.candidates.find((c) => c.id === w.candidate);
  return candidate ? candidate.label : "the recommendation";
}
