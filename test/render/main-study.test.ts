// The page renderer given a folder that is not a study: the CLI's one line, and in dev the same line for the pages.
import {spawnSync} from "node:child_process";
import {mkdtempSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, expect, it} from "vitest";
import {readSite} from "../../src/render/store.js";

const root = mkdtempSync(join(tmpdir(), "tps-render-study-"));
afterAll(() => rmSync(root, {recursive: true, force: true}));

// It said "render: ENOENT: no such file or directory, open '…/study.yaml'", on the pages of npm run dev too.
it("names what TPS_REPORT_STUDY holds instead of a study, in the log and on dev's pages", () => {
  const plan = "data/studies/qwen3-32b-a100/study.yaml";
  for (const [study, why] of [
    [join(root, "nowhere"), `${join(root, "nowhere")} does not exist`],
    [plan, `${plan} is a study's plan; give its folder, data/studies/qwen3-32b-a100`]
  ]) {
    const state = join(root, "state");
    const run = spawnSync(
      process.execPath,
      ["--import", "tsx", "src/render/main.ts", "--state", state, "--mode", "fill", "--show-error"],
      {env: {...process.env, TPS_REPORT_STUDY: study}, encoding: "utf8"}
    );
    expect([run.status, run.stderr]).toEqual([1, `render: TPS_REPORT_STUDY: ${why}\n`]);
    expect(readSite(state)).toEqual({error: `TPS_REPORT_STUDY: ${why}`});
  }
});
