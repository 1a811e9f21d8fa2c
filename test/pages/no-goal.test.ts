// An imported study states no goal (import cannot know it): the home page said "To serve … for this goal" after an
// empty lead, and /setup showed its "Optimization goal" heading over nothing.
import {readFileSync} from "node:fs";
import {describe, expect, it} from "vitest";
import {loadStudy} from "../../loaders/analysis/report.js";
import {homeFragments, setupFragments} from "../../src/render/page-fragments.js";

const SEED = "data/studies/qwen3-32b-a100";

async function withoutGoal() {
  const study = await loadStudy(SEED);
  study.report.study.goal = {en: "", tr: ""};
  return study;
}

describe("a study that states no goal", () => {
  it("the home page serves the recommendation without 'for this goal'", async () => {
    const study = await withoutGoal();
    expect((await homeFragments(study, "en"))["for-goal"]).toEqual({text: ""});
    expect((await homeFragments(study, "tr"))["for-goal"]).toEqual({text: ""});
    expect(readFileSync("src/index.md", "utf8")).toContain("on {{hardware}}{{for-goal}}, start");
    expect(readFileSync("src/tr/index.md", "utf8")).toContain("{{for-goal}}{{model}} modelini");
  });

  it("/setup says that no goal is stated, in both languages", async () => {
    const study = await withoutGoal();
    expect((await setupFragments(study, "en")).goal).toEqual({
      text: "The study states no goal (goal in study.yaml)."
    });
    expect((await setupFragments(study, "tr")).goal).toEqual({
      text: "Çalışma bir hedef belirtmiyor (study.yaml içindeki goal)."
    });
  });

  it("the seed, which states its goal, reads as before", async () => {
    const study = await loadStudy(SEED);
    const goal = study.report.study.goal;
    expect((await homeFragments(study, "en"))["for-goal"]).toEqual({text: " for this goal"});
    expect((await homeFragments(study, "tr"))["for-goal"]).toEqual({text: "Bu hedef için "});
    expect((await setupFragments(study, "en")).goal).toEqual({text: goal.en});
  });
});
