// search: goodput runs each level once (issue 22): the plan says so where it declares repeats for a searching scenario
// (one line naming the file and line, from check and the build as from run), and the step page says why.
import "../../src/render/dom.js";
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {loadStudy} from "../../loaders/analysis/report.js";
import {stepPages} from "../../loaders/pages/step.js";
import {loadStudyPlan} from "../../loaders/study/plan.js";
import {loadCurvesSection} from "../../src/components/loadCurvesSection.js";

const root = mkdtempSync(join(tmpdir(), "tps-search-repeats-"));
afterAll(() => rmSync(root, {recursive: true, force: true}));
const PLAN = readFileSync("data/studies/h200-live-ladder/study.yaml", "utf8");

function plan(name: string, text: string): string {
  const dir = join(root, name);
  mkdirSync(dir, {recursive: true});
  writeFileSync(join(dir, "study.yaml"), text);
  return dir;
}

describe("a goodput search and repeats", () => {
  it("a plan that asks a searching scenario for repeats is refused where it says so", () => {
    const dir = plan("study-repeats", PLAN.replace("\nrepeats: 1\n", "\nrepeats: 3\n"));
    const line = PLAN.split("\n").findIndex((l) => l.includes("search: {kind: goodput")) + 1;
    expect(() => loadStudyPlan(dir)).toThrow(
      `${join(dir, "study.yaml")}:${line}: scenarios.search.search: a goodput search runs each level once (step 'search' asks for 3 repeats): it picks its next level from the last one's verdict, so a level's repeats would run back to back instead of in rounds; set 'repeats: 1' on the scenario or its step`
    );
  });

  it("a scenario's own repeats: 1 lets the rest of the study repeat", () => {
    const text = PLAN.replace("\nrepeats: 1\n", "\nrepeats: 3\n").replace(
      "    search: {kind: goodput",
      "    repeats: 1\n    search: {kind: goodput"
    );
    const parsed = loadStudyPlan(plan("scenario-once", text));
    expect(parsed.repeats).toBe(3);
    expect(parsed.scenarios.find((s) => s.id === "search")!.repeats).toBe(1);
  });

  it("the step page says that and why the search ran each level once", async () => {
    const {report, rows} = await loadStudy("data/studies/h200-live-ladder");
    const page = JSON.parse(JSON.stringify([...stepPages(report, rows)].find((p) => p.step.id === "search")));
    const section = await loadCurvesSection(page, {lang: "en", width: 820, dark: false});
    expect(section.querySelector(".search-note")!.textContent).toBe(
      "A goodput search chose these levels (doubling, then bisection; tolerance 0.125, at most 12 probes) and ran each once: it picks its next level from the last one's verdict, so a level's repeats would have to run back to back, not in rounds that spread drift over every point as live mode runs repeats. Each level's verdict rests on one run, with no interval."
    );
    const stop = JSON.parse(JSON.stringify([...stepPages(report, rows)].find((p) => p.step.id === "stop")));
    expect((await loadCurvesSection(stop, {lang: "en", width: 820, dark: false})).querySelector(".search-note")).toBe(
      null
    );
  });
});
