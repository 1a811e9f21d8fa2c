// A user's own loader (here the documented page loader, docs/examples/best-runs.md.ts, copied to src/) runs in every
// build. Framework's build takes any cached loader output as it is, however old: after the seed was built, a build of
// gpu-tune published the seed's "Best run per scenario" page (ShareGPT, TensorRT-LLM, links to the seed's runs, "5
// broken links"), and a run added to a study never reached the page.
import {spawnSync} from "node:child_process";
import {cpSync, readFileSync, rmSync} from "node:fs";
import {join} from "node:path";
import {afterAll, beforeAll, expect, it} from "vitest";
import {projectCopy} from "../support/project-copy.js";

let dir: string;

function build(study: string, output: string): string {
  const run = spawnSync(process.execPath, ["--import", "tsx", "tools/build.ts"], {
    cwd: dir,
    encoding: "utf8",
    env: {...process.env, OBSERVABLE_TELEMETRY_DISABLE: "true", TPS_REPORT_STUDY: study, TPS_REPORT_OUTPUT: output}
  });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout + run.stderr;
}

/** The text of the page's table of best runs: one row per scenario. */
function bestRuns(output: string): string[] {
  const page = readFileSync(join(dir, output, "best-runs.html"), "utf8");
  return [...page.matchAll(/<tr><th scope="row">([^<]*)<\/th>/g)].map((m) => m[1]);
}

beforeAll(() => {
  dir = projectCopy("tps-user-loaders-", (copy) =>
    cpSync("docs/examples/best-runs.md.ts", join(copy, "src/best-runs.md.ts"))
  );
});

afterAll(() => rmSync(dir, {recursive: true, force: true}));

it("draws each build's own study, not the one a build before it drew", () => {
  build("data/studies/qwen3-32b-a100", "dist-seed");
  expect(bestRuns("dist-seed")).toEqual([
    "ShareGPT",
    "Short prompt",
    "Medium prompt",
    "Long prompt",
    "Very long prompt"
  ]);
  const log = build("data/studies/gpu-tune", "dist-tune");
  expect(bestRuns("dist-tune")).toEqual(["Chat at concurrency 16 (256 in, 16 out)"]);
  expect(log).not.toMatch(/broken links/);
}, 300_000);
