// Ladder levels live mode left out are recorded as not run with the reason (run.json: status failed, failed_phase
// not-run, kept as written); check, the run pages, the runs table and the step page's curves show them as not run,
// apart from failures. On the real H200 live-ladder study: the goodput search left out concurrency 8…128.
import "../../src/render/dom.js";
import {spawnSync} from "node:child_process";
import {beforeAll, describe, expect, it} from "vitest";
import {loadStudy, type StudyData} from "../../loaders/analysis/report.js";
import {runsPage} from "../../loaders/pages/runs.js";
import {stepPages} from "../../loaders/pages/step.js";
import {runDetail} from "../../loaders/runs/run-detail.js";
import {columnRows} from "../../src/components/columnRows.js";
import {loadCurvesSection} from "../../src/components/loadCurvesSection.js";
import {runFacts} from "../../src/components/runDetail.js";
import {runView} from "../../src/components/runView.js";
import {runsTable} from "../../src/components/runsTable.js";

const DIR = "data/studies/h200-live-ladder";
const REASON = "the goodput search found the limit: concurrency 3 meets the SLO, 4 breaks it (tolerance 0.125)";
const LEFT_OUT = ["c8", "c16", "c32", "c64", "c128"].map((c) => `search--mbt4096--search--${c}`);
let study: StudyData;

beforeAll(async () => {
  study = await loadStudy(DIR);
});

const json = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

describe("ladder levels not run", () => {
  it("check counts them apart from failures and gives each one's reason", () => {
    const run = spawnSync(process.execPath, ["bin/tps-report.js", "check", DIR], {encoding: "utf8"});
    expect(run.status).toBe(0);
    const lines = run.stdout.split("\n");
    expect(lines[0]).toBe("study h200-live-ladder: 17 runs (12 with results, 0 failed, 5 not run)");
    const notRun = lines.slice(lines.indexOf("not run:") + 1, lines.indexOf("not run:") + 6);
    expect(notRun).toEqual(LEFT_OUT.map((id) => `  ${id}: ${REASON}`));
  });

  it("a run page says not run (reason), with no failed phase and no error", async () => {
    const detail = json(await runDetail(DIR, LEFT_OUT[0], study.plan));
    const facts = runFacts(detail, {lang: "en", root: "../"});
    const status = facts.querySelector(".status")!;
    expect(status.className).toBe("status not-run");
    expect(status.textContent).toBe(`not run (${REASON})`);
    const terms = [...facts.querySelectorAll("dt")].map((d) => d.textContent);
    expect(terms).not.toContain("Failed during");
    expect(terms).not.toContain("Error");
    expect(runView(detail, {lang: "en", root: "../"}).textContent).toContain(
      "Live mode left this level out, so it has no figures"
    );
    // The reason run.json holds in English, in the page's language (this had pinned the English on the Turkish page).
    expect(runFacts(detail, {lang: "tr", root: "../../"}).querySelector(".status")!.textContent).toBe(
      "koşulmadı (goodput araması sınırı buldu: eşzamanlılık 3 SLO'yu karşılıyor, 4 bozuyor (tolerans 0.125))"
    );
  });

  it("a failed run still reads failed", async () => {
    const detail = json(await runDetail(DIR, "search--mbt4096--search--c4", study.plan));
    expect(detail.row.status).toBe("ok");
    const facts = runFacts(
      {...detail, row: {...detail.row, status: "failed", failed_phase: "benchmark"}},
      {
        lang: "en",
        root: "../"
      }
    );
    expect(facts.querySelector(".status")!.className).toBe("status failed");
    expect(facts.querySelector(".status")!.textContent).toBe("failed");
  });

  it("the runs table shows them as not run, its rows not marked failed", () => {
    const page = json(runsPage(study.report, study.rows));
    const table = runsTable({rows: columnRows(page.columns)}, page, {lang: "en", root: "../"});
    const rows = [...table.querySelectorAll("tbody tr")].filter((tr) =>
      LEFT_OUT.includes(tr.querySelector("a")?.textContent ?? "")
    );
    expect(rows).toHaveLength(5);
    for (const tr of rows) {
      expect(tr.getAttribute("class")).toBe("not-run");
      expect(tr.querySelector(".status")!.textContent).toBe(`not run (${REASON})`);
    }
    expect(table.querySelectorAll("tbody tr.failed")).toHaveLength(0);
  });

  it("the step page's curves list the levels not run with the reason", async () => {
    const page = json([...stepPages(study.report, study.rows)].find((p) => p.step.id === "search")!);
    const section = await loadCurvesSection(page, {lang: "en", width: 820, dark: false});
    expect(section.querySelector(".not-run-levels")!.textContent).toBe(
      `Not run (left out by live mode, not failures): concurrency 8, 16, 32, 64, 128 (${REASON}).`
    );
    const stop = json([...stepPages(study.report, study.rows)].find((p) => p.step.id === "stop")!);
    expect(
      (await loadCurvesSection(stop, {lang: "en", width: 820, dark: false})).querySelector(".not-run-levels")
    ).toBe(null);
  });
});

describe("a curve never within the SLO, with levels not run", () => {
  it("names only the loads it measured", async () => {
    const {cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync} = await import("node:fs");
    const {tmpdir} = await import("node:os");
    const {join} = await import("node:path");
    const dir = join(mkdtempSync(join(tmpdir(), "tps-not-run-")), "study");
    try {
      cpSync(DIR, dir, {recursive: true});
      // p99 TPOT ≤ 10 ms: no level of the search (1, 2, 3 and 4 measured; 8…128 not run) meets it.
      const plan = join(dir, "study.yaml");
      writeFileSync(plan, readFileSync(plan, "utf8").replace("tpot_ms: {p99: 90}", "tpot_ms: {p99: 10}"));
      const {report} = await loadStudy(dir);
      const search = report.steps.find((s) => s.id === "search")!.standings.search[0];
      // Each measured load with why it is outside: its run's p99 TPOT as the result file prints it (c1: 63.757 ms).
      expect(search.error).toBe(
        "never within the SLO (p99 TTFT ≤ 2000 ms, p99 TPOT ≤ 10 ms) at any measured load (concurrency 1: p99 TPOT 63.8 ms > 10 ms; 2: p99 TPOT 75.5 ms > 10 ms; 3: p99 TPOT 36.1 ms > 10 ms; 4: p99 TPOT 110.2 ms > 10 ms)"
      );
    } finally {
      rmSync(join(dir, ".."), {recursive: true, force: true});
    }
  });
});
