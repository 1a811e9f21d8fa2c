// Issue 23: a study imported from files that name no GPU keeps "TODO: …" in its plan; the pages say "not recorded".
import {describe, expect, it} from "vitest";
import {headroomContext} from "../../loaders/analysis/headroom.js";
import {loadStudyPlan} from "../../loaders/study/plan.js";

const seed = loadStudyPlan("data/studies/qwen3-32b-a100");

describe("headroom of a study whose GPU is not recorded", () => {
  it("says the GPU is not recorded, never the plan's TODO text", () => {
    const plan = {
      ...seed,
      hardware: {
        ...seed.hardware,
        gpu: "TODO: the GPU id in data/gpus/gpus.yaml, e.g. h100-sxm5-80gb",
        name: "TODO: the GPU's name, e.g. NVIDIA H100 SXM 80GB"
      }
    };
    const context = headroomContext(plan);
    expect("message" in context && context.message).toBe(
      "the study's GPU is not recorded (hardware.gpu in study.yaml): no ceiling can be computed"
    );
  });
});
