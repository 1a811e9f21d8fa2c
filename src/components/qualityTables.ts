// The data-quality page: validation findings and every published claim beside the value recomputed from the runs.
import type {ClaimCheck} from "../../loaders/analysis/claims.js";
import type {Finding} from "../../loaders/finding.js";
import type {QualityPage} from "../../loaders/pages/quality.js";
import {DASH} from "./format.js";
import {fill, pick, t, type Lang} from "./i18n.js";
import {claimText, findingMessage} from "./libraryText.js";
import {link, runHref, type PageContext} from "./links.js";
import {metricTitle} from "./metricLabels.js";
import {dataTable, textElement} from "./table.js";

const CLAIM_MARK = {confirmed: "✓", contradicted: "✗", unverifiable: "?"} as const;

export function claimBadge(status: ClaimCheck["status"], lang: Lang): HTMLElement {
  return textElement("span", `${CLAIM_MARK[status]} ${t(status, lang)}`, `claim-status ${status}`);
}

/** What a claim is about, the metric it names (by its key in the report) named as the pages name it. */
export function claimSubject(claim: Pick<ClaimCheck, "subject" | "metric" | "unit">, lang: Lang): string {
  const subject = pick(claim.subject, lang);
  if (!claim.metric) return subject;
  const title = metricTitle(claim.metric, lang);
  return subject.replace(claim.metric, claim.unit === "s" ? title.replace("(ms)", "(s)") : title);
}

export function claimsTable(report: Pick<QualityPage, "claims">, context: PageContext): HTMLElement {
  const {lang} = context;
  if (!report.claims.length) return textElement("p", t("noClaims", lang));
  return dataTable(
    report.claims,
    [
      {label: t("claim", lang), value: (c) => claimSubject(c, lang)},
      {
        label: t("published", lang),
        className: "mid-text",
        value: (c) => textElement("code", claimText(c.published, lang))
      },
      {
        label: t("recomputed", lang),
        className: "mid-text",
        value: (c) => textElement("code", claimText(c.recomputed, lang))
      },
      {label: t("status", lang), value: (c) => claimBadge(c.status, lang)},
      {label: t("detail", lang), className: "wide-text", value: (c) => (c.detail ? claimText(c.detail, lang) : "")}
    ],
    {className: "claims", rowClass: (c) => `claim-${c.status}`}
  );
}

/** "15 claims: 12 confirmed, 2 contradicted, 1 unverifiable." */
export function claimCounts(report: Pick<QualityPage, "claims">, lang: Lang): string {
  const count = (status: ClaimCheck["status"]) => report.claims.filter((c) => c.status === status).length;
  const parts = (["confirmed", "contradicted", "unverifiable"] as const)
    .filter((s) => count(s) > 0)
    .map((s) => `${count(s)} ${t(s, lang)}`);
  const total = report.claims.length;
  // No claims: the table's own line says the study published none.
  if (!total) return "";
  return fill(total === 1 ? "claimsCheckedOneCounts" : "claimsCheckedCounts", lang, {total, counts: parts.join(", ")});
}

/** Every finding; a finding's run links to its page when the run is archived. */
export function findingsTable(
  report: Pick<QualityPage, "findings" | "archived_runs">,
  context: PageContext
): HTMLElement {
  const {lang} = context;
  if (!report.findings.length) return textElement("p", t("noFindings", lang));
  const runs = new Set(report.archived_runs);
  return dataTable(
    report.findings,
    [
      {
        label: t("severity", lang),
        value: (f: Finding) => textElement("span", t(`severity_${f.severity}`, lang), `severity severity-${f.severity}`)
      },
      {label: t("code", lang), value: (f) => textElement("code", f.code)},
      {label: t("message", lang), value: (f) => findingMessage(f, lang)},
      {
        label: t("run", lang),
        value: (f) => (f.run ? (runs.has(f.run) ? link(runHref(f.run, context), f.run) : f.run) : DASH)
      },
      {
        label: t("location", lang),
        className: "mid-text",
        value: (f) => (f.file ? textElement("code", f.line != null ? `${f.file}:${f.line}` : f.file) : DASH)
      }
    ],
    {className: "findings", rowClass: (f) => `finding-${f.severity}`}
  );
}
