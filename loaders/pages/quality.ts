// The quality page's data: the claim checks, the findings, and which of the findings' runs have a page.
import type {QualityPage, Report, RunRow} from "../report-types.js";

export function qualityPage(report: Report, rows: readonly RunRow[]): QualityPage {
  const mentioned = new Set(report.findings.flatMap((f) => (f.run ? [f.run] : [])));
  return {
    claims: report.claims,
    findings: report.findings,
    archived_runs: rows.filter((r) => mentioned.has(r.run)).map((r) => r.run)
  };
}
