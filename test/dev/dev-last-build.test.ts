// `npm run dev` after a build of another study (or of this one before runs were added). The build leaves its study's
// files in Framework's loader cache, dated as their loaders, so Framework takes them as fresh: dev served them, and the
// notebook pages showed the other study's runs beside drawn pages of this one (seen after building gpu-tune, then
// `npm run dev` of the seed: /explore's runs.csv and a page's aggregate.csv were gpu-tune's).
import {mkdirSync, statSync, utimesSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {afterAll, beforeAll, expect, it} from "vitest";
import {startDev, type DevServer} from "../support/dev-server.js";

const STALE = "run,study\nbuilt-before--g001--chat,another-study\n";

let dev: DevServer;

beforeAll(async () => {
  dev = await startDev({}, (dir) => {
    const cache = join(dir, "src/.observablehq/cache/data");
    mkdirSync(cache, {recursive: true});
    const loader = statSync(join(dir, "src/data/runs.csv.ts"));
    writeFileSync(join(cache, "runs.csv"), STALE);
    utimesSync(join(cache, "runs.csv"), loader.atime, loader.mtime);
  });
}, 180_000);

afterAll(async () => {
  await dev?.stop();
});

it("serves the notebook pages this study's files, not those a build left in Framework's cache", async () => {
  const response = await fetch(`${dev.url}_file/data/runs.csv`);
  expect(response.status).toBe(200);
  const runs = await response.text();
  expect(runs).not.toContain("another-study");
  expect(runs.split("\n")[1]).toMatch(/^engine-selection--sglang--sharegpt,qwen3-32b-a100,/);
}, 300_000);
