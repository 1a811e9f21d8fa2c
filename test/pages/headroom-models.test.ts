// The headroom page's facts named the plan's model alone, as if every run were of it, in a study whose candidates serve
// other models (issue 23): the scenario ceilings are that model's, and the runs of the others have their own.
import "../../src/render/dom.js";
import {cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {parse, stringify} from "yaml";
import {afterAll, describe, expect, it} from "vitest";
import {loadStudy} from "../../loaders/analysis/report.js";
import type {Lang} from "../../src/components/i18n.js";
import {headroomFacts} from "../../src/components/headroomTables.js";

const SEED = "data/studies/qwen3-32b-a100";
const tmp = mkdtempSync(join(tmpdir(), "tps-headroom-models-"));
afterAll(() => rmSync(tmp, {recursive: true, force: true}));

async function facts(dir: string, lang: Lang): Promise<[string, string][]> {
  const {report} = await loadStudy(dir);
  const table = headroomFacts(report.headroom!, {lang, root: "./"});
  return [...table.querySelectorAll("tbody tr")].map((tr) => {
    const [name, value] = [...tr.children].map((c) => c.textContent ?? "");
    return [name, value];
  });
}

describe("the headroom page's model", () => {
  it("names the scenario ceilings' model and the other models the candidates serve (EN and TR)", async () => {
    const dir = join(tmp, "two-models");
    cpSync(SEED, dir, {recursive: true});
    const plan = parse(readFileSync(join(dir, "study.yaml"), "utf8"));
    const other = plan.steps.find((s: {id: string}) => s.id === "other-scenarios");
    // baseline: a model shipped under data/models/; recommended: a model with no config anywhere.
    for (const c of other.candidates) c.model = c.id === "baseline" ? "Qwen/Qwen3-8B" : "Qwen/Qwen3-0.6B";
    writeFileSync(join(dir, "study.yaml"), stringify(plan));
    const en = await facts(dir, "en");
    expect(en.slice(0, 2)).toEqual([
      ["Model of the scenario ceilings", "Qwen/Qwen3-32B"],
      [
        "Other models the candidates serve (their runs have their own ceilings, if any)",
        "Qwen/Qwen3-8B, Qwen/Qwen3-0.6B"
      ]
    ]);
    const tr = await facts(dir, "tr");
    expect(tr.slice(0, 2)).toEqual([
      ["Senaryo tavanlarının modeli", "Qwen/Qwen3-32B"],
      ["Adayların sunduğu diğer modeller (koşularının varsa kendi tavanları vardır)", "Qwen/Qwen3-8B, Qwen/Qwen3-0.6B"]
    ]);
  });

  it("names the seed's one model: its FP8 and AWQ checkpoints share the model's config", async () => {
    expect((await facts(SEED, "en"))[0]).toEqual(["Model", "Qwen/Qwen3-32B"]);
    expect((await facts(SEED, "en"))[1][0]).toBe("GPU");
  });
});
