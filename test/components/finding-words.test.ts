// The findings tps-report writes in English (validate, the headline, the parsers, the plan's placeholders), on the
// quality page of each language. The Turkish page showed them in English, the seed's among them: "total_output_tokens
// is 7699, 23.0% below 100 requests × 100 output tokens = 10000 (requests stopped early: …)".
import "../../src/render/dom.js";
import {mkdtempSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {loadStudy} from "../../loaders/analysis/report.js";
import {FINDING_FORMS, type Finding} from "../../loaders/finding.js";
import {importWriteup} from "../../loaders/import/writeup/index.js";
import {fillForm} from "../../loaders/text.js";
import {findingMessage} from "../../src/components/libraryText.js";

const root = mkdtempSync(join(tmpdir(), "tps-finding-words-"));
const findings: {study: string; finding: Finding}[] = [];

beforeAll(async () => {
  const dirs = ["qwen3-32b-a100", "h200-ladder", "h200-live-ladder", "gpu-tune"].map((s) => `data/studies/${s}`);
  // The three published write-ups of test/fixtures, imported as a user does.
  for (const page of ["qwen3-32b--a100", "qwen3-8b--h100-latency", "qwen3.5-35b-a3b--h200"]) {
    const into = join(root, page);
    await importWriteup(`test/fixtures/writeups/${page}.md`, into);
    dirs.push(into);
  }
  for (const dir of dirs)
    for (const finding of (await loadStudy(dir)).report.findings) findings.push({study: dir, finding});
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

  it("every form the library writes reads back in both languages, its values in place; English as written", () => {
    for (const [name, form] of Object.entries(FINDING_FORMS)) {
      const values: Record<string, string | number> = Object.fromEntries(
        [...form.matchAll(/\{([a-z]+)\}/gi)].map(([, slot], i) => [slot, 17 + i])
      );
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
