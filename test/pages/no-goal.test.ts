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
    expect((await homeFragments(study, "en")).serve).toEqual({
      html: "<p>To serve Qwen/Qwen3-32B on 1 × NVIDIA A100 SXM 80GB, start <strong>TensorRT-LLM</strong> like this:</p>"
    });
    expect((await homeFragments(study, "tr")).serve).toEqual({
      html: "<p>Qwen/Qwen3-32B modelini 1 × NVIDIA A100 SXM 80GB üzerinde sunarken <strong>TensorRT-LLM</strong> şu komutla başlatılır:</p>"
    });
    // The sentence lives whole in the table of words (src/components/i18n.ts), not half in each page.
    for (const page of ["src/index.md", "src/tr/index.md"])
      expect(readFileSync(page, "utf8")).toMatch(/^\{\{serve\}\}$/m);
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
    expect((await homeFragments(study, "en")).serve).toEqual({
      html: "<p>To serve Qwen/Qwen3-32B on 1 × NVIDIA A100 SXM 80GB for this goal, start <strong>TensorRT-LLM</strong> like this:</p>"
    });
    expect((await homeFragments(study, "tr")).serve).toEqual({
      html: "<p>Bu hedef için Qwen/Qwen3-32B modelini 1 × NVIDIA A100 SXM 80GB üzerinde sunarken <strong>TensorRT-LLM</strong> şu komutla başlatılır:</p>"
    });
    expect((await setupFragments(study, "en")).goal).toEqual({text: goal.en});
  });
});
