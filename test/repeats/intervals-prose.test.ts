// Issue 28, defects 4–6: no interval of a configuration against itself, no interval below zero for a throughput, no
// "raises"/"leads" for a change whose interval includes zero, and no headline row that shows another configuration
// than the recommended one.
import {mkdtempSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {homePage} from "../../loaders/pages/home.js";
import {stepPages} from "../../loaders/pages/step.js";
import {loadStudy} from "../../loaders/analysis/report.js";
import type {Report} from "../../loaders/analysis/report.js";
import type {RunRow} from "../../loaders/runs/rows.js";
import {headlineSummary} from "../../src/components/headlineSummary.js";
import {changeChartSpec} from "../../src/components/headlineCharts.js";
import {meanText} from "../../src/components/stepTable.js";
import {verdictText} from "../../src/components/verdict.js";
import {writeRepeatsFixture} from "../support/repeats-fixture.js";

let root: string;
let report: Report;
let rows: RunRow[];
// The same study with the generalization's recommendation the winner's command plus prefix caching, so the headline
// has a row for it: +27.7 % with an interval that includes zero.
let adapted: {report: Report; rows: RunRow[]};

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "tps-intervals-"));
  const dir = join(root, "study");
  writeRepeatsFixture(dir);
  ({report, rows} = await loadStudy(dir, process.cwd()));
  const adaptedDir = join(root, "adapted");
  writeRepeatsFixture(adaptedDir, (yaml) =>
    yaml.replace(
      "label: 8192 + prefix caching, engine: vllm, server: [vllm, serve, Qwen/Qwen3-32B, --max-num-batched-tokens, 8192,",
      "label: 2048 + prefix caching, engine: vllm, server: [vllm, serve, Qwen/Qwen3-32B, --max-num-batched-tokens, 2048,"
    )
  );
  adapted = await loadStudy(adaptedDir, process.cwd());
});
afterAll(() => rmSync(root, {recursive: true, force: true}));

describe("defect 4: intervals that cannot exist", () => {
  it("a headline row whose baseline and recommendation are the same runs has no interval (was 0.0 % [−61.8, +61.8])", () => {
    const chat = report.headline.find((h) => h.scenario === "chat")!;
    expect(chat.baseline_run).toBe(chat.recommended_run);
    expect(chat.change_percent).toBe(0);
    expect(chat.change_interval).toBeNull();
  });

  it("a throughput's interval stays above zero: the log-scale interval mean × exp(±t·se/mean) when Student-t crosses it", () => {
    const gen = report.steps.find((s) => s.id === "generalization")!;
    const rec = gen.standings["short-chat"].find((s) => s.candidate === "recommended")!;
    // Repeats 1350 and 2480 (the third failed): mean 1915, se = |2480 − 1350| / 2 = 565, t(0.975, 1) = 12.7062047.
    // Student-t: 1915 ± 7179.0 → [−5264.0, 9094.0]; log scale: 1915 × exp(±12.7062047 × 565 / 1915).
    expect(rec.n).toBe(2);
    const half = (12.7062047 * 565) / 1915;
    expect(rec.ci_low!).toBeCloseTo(1915 * Math.exp(-half), 1);
    expect(rec.ci_high!).toBeCloseTo(1915 * Math.exp(half), 0);
    expect(rec.ci_low!).toBeGreaterThan(0);
    expect(meanText(rec)).toBe("1915.00 [45.09, 81332.50] (n = 2)");
    for (const step of report.steps)
      for (const list of Object.values(step.standings))
        for (const s of list) if (s.ci_low != null) expect(s.ci_low, `${step.id} ${s.candidate}`).toBeGreaterThan(0);
  });

  it("a point whose Student-t interval stays above zero keeps it", () => {
    const t8192 = report.steps[0].standings.chat.find((s) => s.candidate === "t8192")!;
    // 3427, 5855, 5697: mean 4993, sd √(3691016 / 2) = 1358.495, se 784.327, t(0.975, 2) = 4.302653 → ± 3374.69
    expect(t8192.ci_low!).toBeCloseTo(4993 - 3374.69, 1);
    expect(t8192.ci_high!).toBeCloseTo(4993 + 3374.69, 1);
  });
});

describe("defect 5: noise is not called a gain", () => {
  it("the home page counts only significant gains and says which changes are within noise", () => {
    const home = homePage(adapted.report, adapted.rows);
    const row = home.headline.find((h) => h.scenario === "short-chat")!;
    expect(row.change_percent).toBeCloseTo(((1915 - 1600) / 1600) * 100, 6);
    expect(row.change_interval!.low).toBeLessThan(0);
    // Welch's interval of 1915 (n = 2) over 1600 (n = 3) reaches −299 %, a negative throughput; the log-ratio interval:
    // ln(1915 / 1600) = 0.1798 ± t(0.975, df 1.37) × √(120100 / 3 / 1600² + 319225 / 2 / 1915²) = 0.1798 ± 6.88 × 0.3204.
    expect(row.change_interval!.scale).toBe("log");
    expect(row.change_interval!.low).toBeCloseTo(-86.8, 1);
    const en = headlineSummary(home, "en");
    expect(en).not.toMatch(/raises throughput in [1-9]/);
    expect(en).toBe(
      "The recommended configuration raises throughput significantly in 0 of 3 scenarios. Within noise (the 95% interval includes zero): Short chat (+19.7% [−86.8, +988.5]). In Chat and Long prompt the recommended configuration is the baseline itself."
    );
    const tr = headlineSummary(home, "tr");
    expect(tr).toMatch(/gürültü içinde/i);
  });

  it("a change whose interval includes zero is drawn in the neutral color, not as better", () => {
    const home = homePage(adapted.report, adapted.rows);
    const spec = changeChartSpec(home.headline, home, {lang: "en", root: "./", width: 900}) as unknown as {
      hconcat: {data: {values: {direction: string; change: number}[]}}[];
    };
    for (const v of spec.hconcat[0].data.values) expect(v.direction).not.toBe("better");
  });

  it("the generalization page does not say 'leads' for overlapping intervals", () => {
    const gen = [...stepPages(report, rows)].find((p) => p.step.id === "generalization")!;
    const en = verdictText(gen.step, gen, "en");
    expect(en).not.toMatch(/leads in [1-9]/);
    // Nothing to count: "leads in no scenario", not "leads in 0 of 1 scenarios".
    expect(en).toMatch(/^8192 \+ prefix caching leads in no scenario\. Ahead within noise/);
    expect(verdictText(gen.step, gen, "tr")).toMatch(/^8192 \+ prefix caching hiçbir senaryoda önde değil\. /);
    expect(en).toMatch(/within noise/);
    expect(verdictText(gen.step, gen, "tr")).toMatch(/gürültü içinde/);
  });
});

describe("defect 6: the headline shows the recommended configuration only", () => {
  it("a generalization candidate marked recommended that is not the recommendation is left out, with a finding", () => {
    expect(report.recommended.label).toBe("2048 tokens");
    expect(report.headline.map((h) => h.recommended_run)).not.toContain("generalization--recommended--short-chat");
    const finding = report.findings.find(
      (f) => f.code === "headline-not-recommended" && f.run === "generalization--recommended--short-chat"
    );
    expect(finding?.message).toMatch(/short-chat/);
  });
});
