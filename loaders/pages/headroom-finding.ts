// The finding that says why a study has no headroom: the pages that show headroom name it instead.
import type {Report} from "../analysis/report.js";
import type {Finding} from "../finding.js";

export function headroomFindings(report: Report): Finding[] {
  return report.findings.filter((f) => f.code === "headroom-unavailable");
}
