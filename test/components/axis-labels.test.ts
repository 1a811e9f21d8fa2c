// Charts drawn at build time name their bars in full. Vega measures text in Node as 0.8 × font size per character (no
// canvas), and cuts a label longer than the room the chart gives it with "…": the room was sized at 6.4 px a character.
// Seen before the fix: the seed's Headroom chart named two bars "max_num_tokens=16…" (16384 and 32768) and others
// "Recommended (TensorRT-…", "Baseline (vLLM, defaul…"; the live ladder's named five loads "4096 batch tokens · c…".
import {describe, expect, it} from "vitest";
import {loadStudy} from "../../loaders/analysis/report.js";
import type {PageFragments} from "../../src/render/fragment.js";
import {siteFragments} from "../../src/render/page-fragments.js";

const STUDIES = ["qwen3-32b-a100", "h200-ladder", "h200-live-ladder", "gpu-tune"];
// Longer names are cut by design, at the labels' most room (240 px: 26 characters and the ellipsis).
const SHOWN = 25;

/** Every label of the study's drawn charts' axes (or legends), by page. */
async function axisLabels(study: string, role = "axis"): Promise<{path: string; label: string}[]> {
  const dir = `data/studies/${study}`;
  const labels: {path: string; label: string}[] = [];
  await siteFragments(await loadStudy(dir), dir, (path: string, fragments: PageFragments) => {
    for (const fragment of Object.values(fragments)) {
      if (!("html" in fragment)) continue;
      for (const group of fragment.html.matchAll(new RegExp(`role-${role}-label"[^>]*>(.*?)</g>`, "gs")))
        for (const text of group[1].matchAll(/<text[^>]*>([^<]*)<\/text>/g)) labels.push({path, label: text[1]});
    }
  });
  return labels;
}

describe("a chart's axis labels", () => {
  it.each(STUDIES)(
    "of %s are cut only where a name is longer than the most room a label gets",
    async (study) => {
      const labels = await axisLabels(study);
      expect(labels.length).toBeGreaterThan(0);
      const cut = labels.filter(({label}) => label.endsWith("…") && label.length - 1 < SHOWN);
      expect(cut.map(({path, label}) => `${path}: ${label}`)).toEqual([]);
    },
    120_000
  );

  it("of a legend are whole: the H200 ladder's engine, 'transformers continuous batching (gpu_engine_server.py)'", async () => {
    // It read "transformers continuous batching (g…": a legend's labels had 320 px, 36 characters as Vega measures.
    const labels = await axisLabels("h200-ladder", "legend");
    expect(labels.length).toBeGreaterThan(0);
    expect(labels.filter(({label}) => label.endsWith("…"))).toEqual([]);
  }, 120_000);
});
