// The claims audit under `objective: max_throughput_within_slo` (issue 22 item 10): winner and gain claims are checked
// against the verdict within the SLO, and a figure that holds only without the SLO (the highest throughput at any
// load) is named as such. The ladder study's model gives every figure by hand (test/support/ladder-study.ts).
import {appendFileSync, mkdtempSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {loadStudy} from "../../loaders/analysis/report.js";
import {claimText} from "../../src/components/libraryText.js";
import {modelPoint, writeLadderStudy} from "../support/ladder-study.js";

const root = mkdtempSync(join(tmpdir(), "tps-ladder-claims-"));
afterAll(() => rmSync(root, {recursive: true, force: true}));

// Within p99 TTFT ≤ 2 s and p99 TPOT ≤ 30 ms: alpha at c=16 (3840.00 tok/s) against base at c=8 (2034.77): +88.7 %.
const WITHIN = (modelPoint("alpha", 16).throughput / modelPoint("base", 8).throughput - 1) * 100;
// Without the SLO every curve's best is its top level: beta at c=256 (20696.23) against base at c=256 (12540.82).
const FLOOD = (modelPoint("beta", 256).throughput / modelPoint("base", 256).throughput - 1) * 100;

async function audit(claims: string[]) {
  const dir = join(root, String(Math.random()).slice(2));
  writeLadderStudy(dir, {ttft: 2000, tpot: 30});
  appendFileSync(join(dir, "study.yaml"), `claims:\n${claims.map((c) => `  - ${c}\n`).join("")}`);
  const {report} = await loadStudy(dir);
  return report.claims;
}

describe("claims audit within the SLO", () => {
  it("hand figures: +88.7 % within the SLO, +65.0 % without", () => {
    expect(WITHIN).toBeCloseTo(88.72, 2);
    expect(FLOOD).toBeCloseTo(65.03, 2);
  });

  it("a winner claim for the candidate that wins only without the SLO is contradicted, and the audit says why", async () => {
    const [claim] = await audit(["{id: w, kind: winner, step: engine, candidate: beta}"]);
    expect(claim).toMatchObject({status: "contradicted", published: "Large batches", recomputed: "Small batches"});
    expect(claim.detail).toBe(
      "decided within the SLO (p99 TTFT ≤ 2000 ms, p99 TPOT ≤ 30 ms): Small batches at concurrency 16; " +
        "Large batches is never within the SLO; without the SLO (highest throughput at any load) Large batches would win, at concurrency 256"
    );
  });

  it("a winner claim for the SLO's winner is confirmed, with the point it rests on", async () => {
    const [claim] = await audit(["{id: w, kind: winner, step: engine, candidate: alpha}"]);
    expect(claim).toMatchObject({status: "confirmed", recomputed: "Small batches"});
    expect(claim.detail).toMatch(
      /^decided within the SLO \(p99 TTFT ≤ 2000 ms, p99 TPOT ≤ 30 ms\): Small batches at concurrency 16; without the SLO/
    );
  });

  it("a gain claim is checked against the gain within the SLO; the flood's gain is named as such", async () => {
    const [within, flood] = await audit([
      "{id: g1, kind: step-gain, step: engine, percent: 88.7}",
      "{id: g2, kind: step-gain, step: engine, percent: 65.0}"
    ]);
    expect(within).toMatchObject({status: "confirmed", recomputed: "+88.7%"});
    expect(within.detail).toContain(
      "within the SLO: Small batches at concurrency 16 against Defaults at concurrency 8"
    );
    expect(flood).toMatchObject({status: "contradicted", recomputed: "+88.7%"});
    expect(flood.detail).toContain(
      "the published figure equals the gain without the SLO, +65.0% (Large batches at concurrency 256 against Defaults at concurrency 256), which the SLO objective does not use"
    );
  });

  it("says each detail in Turkish on the Turkish quality page, its candidates, limits and loads in place", async () => {
    // They were shown in English: the library's sentences had no form to read them back by.
    const [winner, within, flood] = await audit([
      "{id: w, kind: winner, step: engine, candidate: beta}",
      "{id: g1, kind: step-gain, step: engine, percent: 88.7}",
      "{id: g2, kind: step-gain, step: engine, percent: 65.0}"
    ]);
    expect(claimText(winner.detail!, "tr")).toBe(
      "SLO (p99 TTFT ≤ 2000 ms, p99 TPOT ≤ 30 ms) içinde karar verildi: Small batches, eşzamanlılık 16; " +
        "Large batches hiçbir yükte SLO içinde değil; SLO olmadan (herhangi bir yükteki en yüksek işlem hacmi) " +
        "Large batches kazanırdı, eşzamanlılık 256"
    );
    expect(claimText(within.detail!, "tr")).toContain(
      "SLO içinde: Small batches (eşzamanlılık 16), Defaults (eşzamanlılık 8) karşısında"
    );
    expect(claimText(flood.detail!, "tr")).toContain(
      "yayımlanan değer SLO olmadan elde edilen kazanca eşit, +65.0% (Large batches (eşzamanlılık 256), " +
        "Defaults (eşzamanlılık 256) karşısında), SLO hedefi bunu kullanmaz"
    );
    for (const claim of [winner, within, flood]) expect(claimText(claim.detail!, "en")).toBe(claim.detail);
  });
});
