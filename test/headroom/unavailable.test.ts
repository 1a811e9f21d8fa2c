// Why a study gets no headroom, in both languages. Issue 23: a study imported from files that name no GPU keeps
// "TODO: …" in its plan; the pages say "not recorded".
import {describe, expect, it} from "vitest";
import {headroomContext} from "../../loaders/analysis/headroom.js";
import {loadStudyPlan} from "../../loaders/study/plan.js";

const seed = loadStudyPlan("data/studies/qwen3-32b-a100");
/** The seed's plan with its hardware's GPU id and name as a study states them. */
const onGpu = (gpu: string, name: string) => ({...seed, hardware: {...seed.hardware, gpu, name}});

describe("headroom of a study whose GPU is not recorded", () => {
  it("says the GPU is not recorded, never the plan's TODO text", () => {
    const context = headroomContext(
      onGpu(
        "TODO: the GPU id in data/gpus/gpus.yaml, e.g. h100-sxm5-80gb",
        "TODO: the GPU's name, e.g. NVIDIA H100 SXM 80GB"
      )
    );
    expect("message" in context && context.message).toBe(
      "the study's GPU is not recorded (hardware.gpu in study.yaml): no ceiling can be computed"
    );
  });

  // The Ascend 910B write-up: its hardware is named, but no GPU table entry fits it, so import left the id a TODO.
  it("names a GPU the table lacks by the name the study gives, never the id's TODO text, in both languages", () => {
    const context = headroomContext(
      onGpu('TODO: the GPU id in data/gpus/gpus.yaml for "Ascend 910B NPU"', "Ascend 910B NPU")
    );
    expect("text" in context && context.text).toEqual({
      en: "the study's GPU, Ascend 910B NPU, is not in the GPU table (data/gpus/gpus.yaml): no ceiling can be computed",
      tr: "çalışmanın GPU'su, Ascend 910B NPU, GPU tablosunda (data/gpus/gpus.yaml) yok: tavan hesaplanamıyor"
    });
  });

  it("names a GPU id the table lacks as the study gives it, in both languages", () => {
    const context = headroomContext(onGpu("mi355x", "AMD Instinct MI355X"));
    expect("text" in context && context.text).toEqual({
      en: "the study's GPU, mi355x, is not in the GPU table (data/gpus/gpus.yaml): no ceiling can be computed",
      tr: "çalışmanın GPU'su, mi355x, GPU tablosunda (data/gpus/gpus.yaml) yok: tavan hesaplanamıyor"
    });
  });

  // 18 of the 22 write-ups name no model config: their Turkish headroom page said why in English.
  it("says in both languages that a study naming no model config gets no ceiling", () => {
    const model = "example/Unlisted-7B";
    const steps = seed.steps.map((step) => ({...step, candidates: step.candidates.map((c) => ({...c, model}))}));
    const context = headroomContext({...seed, model: {name: model, config: null}, steps});
    expect("text" in context && context.text).toEqual({
      en: "the study names no model config (model.config), so no ceiling is computed",
      tr: "çalışma bir model yapılandırması (model.config) belirtmiyor, bu yüzden tavan hesaplanmıyor"
    });
  });
});
