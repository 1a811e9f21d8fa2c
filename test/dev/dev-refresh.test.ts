// A run added while `npm run dev` shows the seed study (bench/dev-refresh.ts): the preview's renderer draws again only
// the pages the run changes, taking the rest from its memo, and the refreshed page equals a fresh preview's.
import {cpSync, mkdtempSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join, resolve} from "node:path";
import {afterAll, expect, it} from "vitest";
import {measureDevRefresh} from "../../bench/dev-refresh.js";
import {prepareSiteTree} from "../../bench/site-tree.js";

const ROOT = resolve(import.meta.dirname, "../..");
const work = mkdtempSync(join(tmpdir(), "tps-dev-refresh-"));
afterAll(() => rmSync(work, {recursive: true, force: true}));

it("draws again the pages the added run changes (both languages), and no other", async () => {
  const tree = prepareSiteTree(ROOT, join(work, "tree"));
  const study = join(work, "study");
  cpSync(join(ROOT, "data/studies/qwen3-32b-a100"), study, {recursive: true});
  const dev = await measureDevRefresh(tree, study, work, 240);
  expect(dev.run).toBe("quantization--vllm-fp8--sharegpt");
  expect(dev.refresh_seconds, `see ${dev.log}`).not.toBeNull();
  // Every page of the site: 2 languages × (8 pages drawn from the whole study + 4 step pages + 17 runs).
  expect(dev.pages).toBe(2 * (8 + 4 + 17));
  // The 8 pages drawn from the whole study (drawn every time), its run page, its step's page, and the two other steps
  // whose coverage counts it (configurations measured: 6 → 7 of 27); the fourth step page, other-scenarios, shows no
  // coverage. The other 2 × 17 step and run pages are the memo's.
  expect(dev.drawn).toBe(2 * (8 + 1 + 1 + 2));
  expect(dev.identical).toBe(true);
}, 600_000);
