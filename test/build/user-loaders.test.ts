// A user's own loader (here the documented page loader, docs/examples/best-runs.md.ts, copied to src/) runs in every
// build. Framework's build takes any cached loader output as it is, however old: after the seed was built, a build of
// gpu-tune published the seed's "Best run per scenario" page (ShareGPT, TensorRT-LLM, links to the seed's runs, "5
// broken links"), and a run added to a study never reached the page. Here the cache holds what a build of another
// study left, newer than the loader, as it was then.
import {spawnSync} from "node:child_process";
import {cpSync, mkdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {afterAll, beforeAll, expect, it} from "vitest";
import {projectCopy} from "../support/project-copy.js";

const LEFT = `# Best run per scenario

<table><tbody><tr><th scope="row">Chat at concurrency 16 (256 in, 16 out)</th></tr></tbody></table>
`;

let dir: string;

beforeAll(() => {
  dir = projectCopy("tps-user-loaders-", (copy) => {
    cpSync("docs/examples/best-runs.md.ts", join(copy, "src/best-runs.md.ts"));
    const cache = join(copy, "src/.observablehq/cache");
    mkdirSync(cache, {recursive: true});
    writeFileSync(join(cache, "best-runs.md"), LEFT);
    const loader = statSync(join(copy, "src/best-runs.md.ts"));
    const later = new Date(loader.mtimeMs + 60_000);
    utimesSync(join(cache, "best-runs.md"), later, later);
  });
});

afterAll(() => rmSync(dir, {recursive: true, force: true}));

it("draws the study it builds, not what the loader printed for a study built before", () => {
  const run = spawnSync(process.execPath, ["--import", "tsx", "tools/build.ts"], {
    cwd: dir,
    encoding: "utf8",
    env: {...process.env, OBSERVABLE_TELEMETRY_DISABLE: "true", TPS_REPORT_OUTPUT: "dist"}
  });
  expect(run.status, run.stderr).toBe(0);
  const page = readFileSync(join(dir, "dist/best-runs.html"), "utf8");
  const scenarios = [...page.matchAll(/<tr><th scope="row">([^<]*)<\/th>/g)].map((m) => m[1]);
  expect(scenarios).toEqual(["ShareGPT", "Short prompt", "Medium prompt", "Long prompt", "Very long prompt"]);
}, 300_000);
