// `tps-report history STUDY… [--metric M]… [--threshold 5%] [--format md|json]`: each point's value over a series of
// studies of the same plan, ordered by date, and the persistence rule's verdict; exit 1 when a point regressed.
import {parseArgs} from "node:util";
import {studyDate, studyHistory, type DatedStudy, type PointHistory} from "../analysis/history.js";
import {metricDirection} from "../analysis/compare.js";
import {loadStudy} from "../analysis/report.js";
import {studyConfidence} from "../study/repeats.js";
import {PlanError} from "../study/plan.js";
import {parseThreshold} from "./compare.js";
import {notAStudy} from "../runs/study-folder.js";
import {errorLine} from "./errors.js";
import type {SharedRun} from "../analysis/shared-results.js";
import {argsError} from "./usage.js";

const USAGE =
  "usage: tps-report history STUDY STUDY… [--metric NAME]… [--threshold 5%] [--format md|json]\n" +
  "  STUDY…       study folders of one plan, run at different times; ordered by their runs' start, else as given\n" +
  "  --metric     metric to follow (default: the last study's objective); repeatable\n" +
  "  --threshold  smallest change that counts (default 5%)\n" +
  "exit 1 when any point's last two studies regressed, 0 otherwise, 2 on bad input or when nothing was compared";

export async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        metric: {type: "string", multiple: true},
        threshold: {type: "string", default: "5%"},
        format: {type: "string", default: "md"},
        help: {type: "boolean", short: "h"}
      }
    });
  } catch (error) {
    process.stderr.write(`tps-report history: ${argsError(error, argv)}\n${USAGE}\n`);
    return 2;
  }
  const {values, positionals} = parsed;
  if (values.help) {
    process.stdout.write(USAGE + "\n");
    return 0;
  }
  const fail = (message: string) => {
    process.stderr.write(`tps-report history: ${message}\n`);
    return 2;
  };
  if (positionals.length < 2) return fail(`needs two or more study folders\n${USAGE}`);
  const threshold = parseThreshold(values.threshold!);
  if (threshold == null) return fail(`--threshold '${values.threshold}' is not a percentage from 0 to under 100`);
  if (values.format !== "md" && values.format !== "json") return fail("--format must be md or json");
  for (const metric of values.metric ?? [])
    if (!metricDirection(metric)) return fail(`--metric '${metric}' is not a throughput or a latency level`);
  const studies: DatedStudy[] = [];
  for (const dir of positionals) {
    const why = notAStudy(dir);
    if (why) return fail(why);
    try {
      const {plan, rows, runs} = await loadStudy(dir);
      if (!rows.length) return fail(`nothing was compared: ${dir} has no runs`);
      studies.push({dir, plan, rows, runs, date: studyDate(runs)});
    } catch (error) {
      if (error instanceof PlanError || (error as NodeJS.ErrnoException).code === "ENOENT")
        return fail(errorLine(error));
      throw error;
    }
  }
  const metrics = values.metric ?? [studies.at(-1)!.plan.objective];
  const confidence = studyConfidence(studies[0].plan);
  const history = studyHistory(studies, metrics, {threshold, confidence});
  // A point measured in one study only has no trend: a series of such points compared nothing.
  if (!history.points.some((p) => p.verdict.entries.length > 1))
    return fail("nothing was compared: the studies share no point");
  const regressed = history.points.filter((p) => p.verdict.status === "regression");
  if (values.format === "json")
    process.stdout.write(JSON.stringify({threshold, confidence, metrics, ...history}, null, 2) + "\n");
  else process.stdout.write(historyMarkdown(history.points, history.ordered_by, history.same_results));
  return regressed.length ? 1 : 0;
}

const times = (x: number | null) => (x == null ? "—" : `×${x.toFixed(3)}`);

function historyMarkdown(points: PointHistory[], orderedBy: "date" | "order given", same: SharedRun[][]): string {
  const out: string[] = ["# History", ""];
  if (points.length) out.push(points[0].verdict.rule, "");
  out.push(
    orderedBy === "date"
      ? "Studies ordered by their earliest run's start."
      : "Studies in the order given: not every study recorded when its runs started.",
    ""
  );
  const count = (status: string) => points.filter((p) => p.verdict.status === status).length;
  out.push(
    `${count("regression")} regressed, ${count("suspicious")} suspicious, ${count("improvement")} improved, ` +
      (count("failed in the last study") ? `${count("failed in the last study")} failed in the last study, ` : "") +
      `${count("within noise")} within noise, ${count("insufficient data")} with insufficient data, ` +
      (count("failed in every study") ? `${count("failed in every study")} failed in every study, ` : "") +
      `of ${points.length} point histories.`
  );
  if (same.length)
    out.push(
      "",
      `${same.length} ${same.length === 1 ? "result is" : "results are"} held figure for figure by more than one study ` +
        "of the series: two measurements never agree to the last printed digit, so these were not measured again " +
        `(copied, or imported more than once). The first: ${same[0][0].run} in ${same[0].map((r) => r.study).join(", ")}.`
    );
  for (const p of points) {
    out.push("", `## ${p.point} — ${p.metric}: ${p.verdict.status}`, "");
    out.push(
      "| study | date | runs | mean | ratio to the first | interval | beyond |",
      "| --- | --- | --- | --- | --- | --- | --- |"
    );
    for (const e of p.verdict.entries)
      out.push(
        `| ${e.id} | ${e.date.startsWith("#") ? "—" : e.date} | ${e.n} | ${e.mean == null ? "—" : e.mean.toFixed(2)} | ${times(e.ratio)} | ` +
          `${e.low == null ? "—" : `[${times(e.low)}, ${times(e.high)}]`} | ${e.violation ?? ""} |`
      );
    const t = p.verdict.trailing;
    if (t)
      out.push(
        "",
        `Last two against ${t.window.join(", ")}: ${times(t.ratio)}${t.low == null ? " (no interval)" : ` [${times(t.low)}, ${times(t.high)}]`}.`
      );
  }
  return out.join("\n") + "\n";
}
