// The findings and claim details tps-report writes in English (validate, the headline, the parsers, the plan's placeholders), on the
// quality page of each language. The Turkish page showed them in English, the seed's among them: "total_output_tokens
// is 7699, 23.0% below 100 requests × 100 output tokens = 10000 (requests stopped early: …)".
import "../../src/render/dom.js";
import {copyFileSync, mkdirSync, mkdtempSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {CLAIM_DETAILS} from "../../loaders/analysis/claim-details.js";
import type {ClaimCheck} from "../../loaders/analysis/claims.js";
import {checkWriteupClaim} from "../../loaders/analysis/claims-writeup.js";
import type {Derived} from "../../loaders/analysis/derive.js";
import {loadStudy} from "../../loaders/analysis/report.js";
import {FINDING_FORMS, type Finding} from "../../loaders/finding.js";
import {importWriteup} from "../../loaders/import/writeup/index.js";
import type {RunRow} from "../../loaders/runs/rows.js";
import type {PlanClaim, StudyPlan} from "../../loaders/study/plan.js";
import {fillForm} from "../../loaders/text.js";
import {claimText, findingMessage} from "../../src/components/libraryText.js";
import {slotValues} from "../support/form-values.js";

const root = mkdtempSync(join(tmpdir(), "tps-finding-words-"));
const findings: {study: string; finding: Finding}[] = [];
const claims: {study: string; claim: ClaimCheck}[] = [];

beforeAll(async () => {
  const dirs = ["qwen3-32b-a100", "h200-ladder", "h200-live-ladder", "gpu-tune"].map((s) => `data/studies/${s}`);
  // The three published write-ups of test/fixtures, imported as a user does.
  for (const page of ["qwen3-32b--a100", "qwen3-8b--h100-latency", "qwen3.5-35b-a3b--h200"]) {
    const into = join(root, page);
    await importWriteup(`test/fixtures/writeups/${page}.md`, into);
    dirs.push(into);
  }
  for (const dir of dirs) {
    const {report} = await loadStudy(dir);
    for (const finding of report.findings) findings.push({study: dir, finding});
    for (const claim of report.claims) claims.push({study: dir, claim});
  }
}, 120_000);
afterAll(() => rmSync(root, {recursive: true, force: true}));

describe("a finding on the Turkish quality page", () => {
  it("is in Turkish, for every finding of the seed, the three ladders and tune studies, and three write-ups", () => {
    expect(new Set(findings.map((f) => f.finding.code)).size).toBeGreaterThanOrEqual(10);
    const english = findings
      .filter(({finding}) => findingMessage(finding, "tr") === finding.message)
      .map(({study, finding}) => `${study}: ${finding.code}: ${finding.message}`);
    expect(english).toEqual([]);
  });

  it("says the seed's early stop in Turkish, with its figures", () => {
    const early = findings.find((f) => f.finding.code === "token-total-off" && f.finding.message.includes("7699"))!;
    expect(findingMessage(early.finding, "tr")).toBe(
      "total_output_tokens 7699: 100 istek × 100 çıktı tokeni = 10000 değerinin %23.0 altında (istekler erken durdu: benchmark büyük olasılıkla --ignore-eos olmadan koşuldu)"
    );
    expect(findingMessage(early.finding, "en")).toBe(early.finding.message);
  });

  it("says a baseline with no figure in Turkish (the seed's plan, no run in its archive)", async () => {
    // It read "the baseline run engine-selection--vllm--sharegpt has no total_token_throughput; …" on both pages.
    const dir = join(root, "no-runs");
    mkdirSync(join(dir, "runs"), {recursive: true});
    copyFileSync("data/studies/qwen3-32b-a100/study.yaml", join(dir, "study.yaml"));
    const {report} = await loadStudy(dir);
    const missing = report.findings.find((f) => f.code === "baseline-missing")!;
    expect(findingMessage(missing, "tr")).toBe(
      "temel koşu engine-selection--vllm--sharegpt için total_token_throughput yok; kazançlar hesaplanamıyor"
    );
    expect(findingMessage(missing, "en")).toBe(missing.message);
  });

  it("every form the library writes reads back in both languages, its values in place; English as written", () => {
    for (const [name, form] of Object.entries(FINDING_FORMS)) {
      const values = slotValues(form);
      // A study.yaml finding's message is another form, after its place in the plan.
      if ("message" in values) values.message = fillForm(FINDING_FORMS.placeholder, {value: 99});
      const finding = {message: fillForm(form, values)};
      expect(findingMessage(finding, "en"), name).toBe(finding.message);
      const tr = findingMessage(finding, "tr");
      expect(tr, name).not.toBe(finding.message);
      for (const value of Object.values(values))
        expect(tr, name).toContain(value === values.message ? "yer tutucu 99" : String(value));
    }
  });
});

describe("a claim's check on the Turkish quality page", () => {
  it("says its detail, and a recomputed cell that holds no figure, in Turkish, in every claim of seven studies", () => {
    const english = claims.flatMap(({study, claim}) =>
      // A recommended-command claim's recomputed cell is the command itself.
      [claim.detail, claim.kind === "recommended" ? null : claim.recomputed]
        .filter((text): text is string => text != null && /[a-z]{2,} [a-z]{2,}/.test(text))
        .filter((text) => claimText(text, "tr") === text)
        .map((text) => `${study}: ${claim.kind}: ${text}`)
    );
    expect(english).toEqual([]);
  });

  it("says a latency claim's speed-up in Turkish: 1.51× faster, published and recomputed, as 1.51× daha hızlı", () => {
    // As Qwen3.5-35B-A3B on H200 (latency) publishes it: the mean latency of one run against another's.
    const claim = {
      kind: "speedup",
      run: "a",
      against: "b",
      metric: "mean_e2el_ms",
      factor: 1.51
    } as unknown as PlanClaim;
    const rows = [
      {run: "a", status: "ok", mean_e2el_ms: 3530},
      {run: "b", status: "ok", mean_e2el_ms: 5320}
    ] as unknown as RunRow[];
    const check = checkWriteupClaim(claim, {} as StudyPlan, {} as Derived, rows)!;
    expect([check.published, check.recomputed, check.status]).toEqual(["1.51× faster", "1.51× faster", "confirmed"]);
    expect([claimText(check.published, "tr"), claimText(check.recomputed, "tr")]).toEqual([
      "1.51× daha hızlı",
      "1.51× daha hızlı"
    ]);
  });

  it("says the seed's headline slip in Turkish, with its figures", () => {
    const slip = claims.find(({claim}) => claim.detail?.startsWith("the published figure equals"))!.claim;
    expect(claimText(slip.detail!, "tr")).toMatch(
      /^yayımlanan değer \(yeni − eski\) \/ yeni = −\d+\.\d% değerine eşit; temel yapılandırmaya göre −\d+\.\d%/
    );
    expect(claimText(slip.detail!, "en")).toBe(slip.detail);
  });

  it("every form the library writes reads back in both languages, its values in place; several joined by '; ' too", () => {
    const filled = Object.entries(CLAIM_DETAILS).map(([name, form]) => {
      const values = slotValues(form);
      return {name, text: fillForm(form, values), values};
    });
    for (const {name, text, values} of filled) {
      expect(claimText(text, "en"), name).toBe(text);
      const tr = claimText(text, "tr");
      expect(tr, name).not.toBe(text);
      for (const value of Object.values(values)) expect(tr, name).toContain(String(value));
    }
    const joined = filled.map((f) => f.text).join("; ");
    expect(claimText(joined, "tr").split("; ")).toHaveLength(filled.length + 2);
    expect(claimText(`${joined}; a part of no form`, "tr")).toBe(`${joined}; a part of no form`);
  });
});
