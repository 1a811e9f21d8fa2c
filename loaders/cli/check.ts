// `tps-report check [STUDY]`: validates a study and its runs, prints findings and claim checks; exit 1 on errors.
import {parseArgs} from "node:util";
import {join} from "node:path";
import {PlanError} from "../study/plan.js";
import {loadStudy, studyDir} from "../analysis/report.js";
import {runFileIssues} from "../runs/read-runs.js";
import {notRunReason} from "../runs/not-run.js";
import {formatIssue} from "../study/schema-issues.js";
import {notAStudy} from "../runs/study-folder.js";
import {errorLine} from "./errors.js";
import {naturalOrder} from "../natural-order.js";
import {visibleControls} from "../text.js";
import {argsError} from "./usage.js";

const USAGE =
  "usage: tps-report check [--json] [--strict] [STUDY_DIR]   (default: $TPS_REPORT_STUDY or data/studies/qwen3-32b-a100)\n" +
  "  --strict  also fail (exit 1) when a run's result is partial (cut off or incomplete)";

export async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {json: {type: "boolean"}, strict: {type: "boolean"}, help: {type: "boolean", short: "h"}}
    });
  } catch (error) {
    process.stderr.write(`tps-report check: ${argsError(error, argv)}\n${USAGE}\n`);
    return 2;
  }
  if (parsed.values.help) {
    process.stdout.write(USAGE + "\n");
    return 0;
  }
  if (parsed.positionals.length > 1) {
    process.stderr.write(`tps-report check: one study at a time\n${USAGE}\n`);
    return 2;
  }
  const dir = parsed.positionals[0] ?? studyDir();
  const why = notAStudy(dir);
  if (why) {
    process.stderr.write(`tps-report check: ${why}\n`);
    return 2;
  }
  let data;
  try {
    data = await loadStudy(dir);
  } catch (error) {
    if (error instanceof PlanError) {
      // The runs are still checked against the run.json schema, so one pass shows every file's problems.
      const issues = [...error.issues, ...runFileIssues(join(dir, "runs"))];
      for (const issue of issues) process.stderr.write(`tps-report check: ${visibleControls(formatIssue(issue))}\n`);
      process.stderr.write(`${issues.length} error${issues.length === 1 ? "" : "s"}\n`);
      return 2;
    }
    if ((error as NodeJS.ErrnoException).code === "ENOENT") {
      process.stderr.write(`tps-report check: ${errorLine(error)}\n`);
      return 2;
    }
    throw error;
  }
  const {report, runs} = data;
  const partialRuns = [...new Set(report.findings.filter((f) => f.code === "partial-result").map((f) => f.run ?? ""))];
  const rejected = parsed.values.strict ? partialRuns : [];
  const errors = report.findings.filter((f) => f.severity === "error").length + rejected.length;
  if (parsed.values.json) {
    process.stdout.write(
      JSON.stringify(
        {
          study: report.study.id,
          runs: runs.length,
          findings: report.findings,
          claims: report.claims,
          ...(parsed.values.strict ? {rejected_partial_runs: rejected} : {})
        },
        null,
        2
      ) + "\n"
    );
    return errors ? 1 : 0;
  }
  const out: string[] = [];
  const ok = runs.filter((r) => r.meta.status === "ok").length;
  // Numbers inside ids as numbers, as the runs table orders them (c8 before c16).
  const notRun = runs
    .flatMap((r) => {
      const reason = notRunReason(r.meta);
      return reason == null ? [] : [`  ${r.meta.id}: ${reason}`];
    })
    .sort(naturalOrder);
  const failed = runs.length - ok - notRun.length;
  out.push(
    `study ${report.study.id}: ${runs.length} runs (${ok} with results, ${failed} failed${notRun.length ? `, ${notRun.length} not run` : ""})`
  );
  if (notRun.length) out.push("", "not run:", ...notRun);
  out.push("", "findings:");
  if (!report.findings.length) out.push("  none");
  for (const f of report.findings) {
    const where = f.file ? `${f.file}${f.line ? `:${f.line}` : ""}: ` : f.run ? `${f.run}: ` : "";
    out.push(`  ${f.severity.padEnd(7)} ${where}${f.message} [${f.code}]`);
  }
  out.push("", "published claims:");
  for (const c of report.claims) {
    out.push(
      `  ${c.status.padEnd(12)} ${c.subject.en}: published ${c.published}, recomputed ${c.recomputed}${c.detail ? ` (${c.detail})` : ""}`
    );
  }
  const count = (s: string) => report.findings.filter((f) => f.severity === s).length;
  out.push(
    "",
    `${count("error")} errors, ${count("warning")} warnings; claims: ${report.claims.filter((c) => c.status === "confirmed").length} confirmed, ${report.claims.filter((c) => c.status === "contradicted").length} contradicted, ${report.claims.filter((c) => c.status === "unverifiable").length} unverifiable`
  );
  if (rejected.length > 0) {
    const runsText = `${rejected.length} partial run${rejected.length === 1 ? "" : "s"}`;
    out.push(`--strict: ${runsText} rejected (${rejected.join(", ")})`);
  }
  // Run files and plans are text from elsewhere: a control character in one cannot steer the terminal.
  process.stdout.write(out.map(visibleControls).join("\n") + "\n");
  return errors ? 1 : 0;
}
