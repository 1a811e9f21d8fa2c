// The quality page's data: the claim checks, the findings, and which of the findings' runs have a page.
import type {Report} from "../analysis/report.js";
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

/** The quality page: claims and findings, and which of the findings' runs have a page. */
export interface QualityPage {
  claims: ClaimCheck[];
  findings: Finding[];
  archived_runs: string[];
}
