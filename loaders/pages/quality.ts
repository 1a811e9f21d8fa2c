// The quality page's data: the claim checks, the findings, and which of the findings' runs have a page.
import type {Report} from "../analysis/report.js";
import {shellWord} from "../command/shell-quote.js";
import type {RunRow} from "../runs/rows.js";
import type {ClaimCheck} from "../analysis/claims.js";
import type {Finding} from "../finding.js";

export function qualityPage(report: Report, rows: readonly RunRow[]): QualityPage {
  const mentioned = new Set(report.findings.flatMap((f) => (f.run ? [f.run] : [])));
  return {
    claims: report.claims,
    findings: report.findings,
    archived_runs: rows.filter((r) => mentioned.has(r.run)).map((r) => r.run)
  };
}

/** One line for the build's log when check finds errors in the study it builds (null when there are none). */
export function checkWarning(report: Report, dir: string): string | null {
  const errors = report.findings.filter((f) => f.severity === "error");
  if (!errors.length) return null;
  const first = errors[0].message.replace(/\s*\n\s*/g, " ");
  const count = errors.length === 1 ? "1 check error" : `${errors.length} check errors`;
  return `tps-report: ${count} in study ${report.study.id} (${dir}); the first: ${first}; run npx tps-report check ${shellWord(dir, "bash")}`;
}

/** The quality page: claims and findings, and which of the findings' runs have a page. */
export interface QualityPage {
  claims: ClaimCheck[];
  findings: Finding[];
  archived_runs: string[];
}
