// Issue 44, item 4: many write-ups, one site. Each imported page's row on the index of studies carries its claim
// verdicts, and each published figure that does not hold with its recomputed value, in both languages.
import {mkdtempSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {loadStudy} from "../../loaders/analysis/report.js";
import {claimSummary} from "../../loaders/analysis/claim-summary.js";
import {importWriteup} from "../../loaders/import/writeup/index.js";
import {studyIndexRow, type StudyIndexRow} from "../../loaders/pages/site.js";
import {indexHtml} from "../../src/build/site-html.js";

const PAGES = ["qwen3-32b--a100", "qwen3-8b--h100-latency", "qwen3.5-35b-a3b--h200"];
let root: string;
let rows: StudyIndexRow[];
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "tps-writeup-index-"));
  rows = [];
  for (const page of PAGES) {
    const dir = join(root, page);
    importWriteup(`test/fixtures/writeups/${page}.md`, dir);
    rows.push(studyIndexRow({id: page, dir, data: await loadStudy(dir)}));
  }
});
afterAll(() => rmSync(root, {recursive: true, force: true}));

describe("the index of imported write-ups", () => {
  it("counts each study's verdicts", () => {
    expect(rows.map((r) => [r.id, r.claims.confirmed, r.claims.contradicted, r.claims.unverifiable])).toEqual([
      ["qwen3-32b--a100", 33, 1, 0],
      ["qwen3-8b--h100-latency", 4, 3, 17],
      ["qwen3.5-35b-a3b--h200", 46, 0, 0]
    ]);
    expect(rows[1].claims.contradictions.map((c) => [c.subject.en, c.published, c.recomputed])).toEqual([
      ["Throughput gain of Choosing the Inference Engine", "+4.3%", "+5.8%"],
      ["Throughput gain of Quantization", "+25.8%", "+25.2%"],
      ["Throughput gain of Speculative Decoding", "+66.2%", "+48.9%"]
    ]);
  });

  it("shows them on the index, each figure that does not hold beside its recomputed value", () => {
    const en = indexHtml("en", rows, [], []);
    expect(en).toContain("<th>published claims</th>");
    expect(en).toContain(
      '<td>4 confirmed, 3 contradicted, 17 unverifiable<br><small class="regression">Throughput gain of Choosing the Inference Engine: +4.3% (recomputed +5.8%)</small>'
    );
    expect(en).toContain("<td>46 confirmed, 0 contradicted, 0 unverifiable</td>");
    const tr = indexHtml("tr", rows, [], []);
    expect(tr).toContain("<th>yayımlanan iddialar</th>");
    expect(tr).toContain("<td>46 doğrulandı, 0 çürütüldü, 0 doğrulanamadı</td>");
  });

  it("a study with no published claims shows none", () => {
    expect(claimSummary([])).toEqual({confirmed: 0, contradicted: 0, unverifiable: 0, contradictions: []});
    const html = indexHtml("en", [{...rows[0], claims: claimSummary([])}], [], []);
    expect(html).toMatch(/<td>—<\/td><\/tr>/);
  });
});
