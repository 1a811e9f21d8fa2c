// At 1000× the seed (6,053 candidates of three models) /setup listed every candidate of a model in one line: a wall of
// text of several thousand labels. A model names its first candidates and counts the rest.
import "../../src/render/dom.js";
import {describe, expect, it} from "vitest";
import {CANDIDATES_SHOWN, modelsText} from "../../src/components/setupTables.js";

const labels = (n: number, prefix: string) => Array.from({length: n}, (_, i) => `${prefix} ${i + 1}`);
const text = (fragment: DocumentFragment) => {
  const div = document.createElement("div");
  div.append(fragment);
  return div.textContent ?? "";
};

describe("models with many candidates on /setup", () => {
  it("names the first candidates and counts the rest, in both languages", () => {
    const page = {
      models: [
        {model: "Qwen/Qwen3-32B", candidates: labels(6000, "c")},
        {model: "Qwen/Qwen3-32B-FP8", candidates: ["FP8"]}
      ]
    };
    const shown = labels(CANDIDATES_SHOWN, "c").join("; ");
    expect(CANDIDATES_SHOWN).toBe(12);
    expect(text(modelsText(page, "en"))).toBe(
      `Models, with the candidates that serve them:Qwen/Qwen3-32B: ${shown} and 5988 more candidatesQwen/Qwen3-32B-FP8: FP8`
    );
    expect(text(modelsText(page, "tr"))).toContain(`${shown} ve 5988 aday daha`);
  });

  it("lists every candidate up to the limit", () => {
    const page = {
      models: [
        {model: "a", candidates: labels(12, "c")},
        {model: "b", candidates: ["d"]}
      ]
    };
    expect(text(modelsText(page, "en"))).toContain(`a: ${labels(12, "c").join("; ")}b: d`);
  });
});
