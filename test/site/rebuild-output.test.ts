// `npm run build` into an output folder that already exists. Framework clears an output only inside the working
// directory; elsewhere a second build stopped at "file conflict" on the first build's files, and a folder that held
// other things got the site mixed into them.
import {existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {npmRun} from "../support/npm-run.js";
import {withLock} from "./build.js";

const ROOT = mkdtempSync(join(tmpdir(), "tps-report-rebuild-"));
const SEED = "data/studies/qwen3-32b-a100";

afterAll(() => rmSync(ROOT, {recursive: true, force: true}));

describe("building into a folder outside the repository", () => {
  it("builds again over its own earlier build, and the stale pages go", async () => {
    const output = join(ROOT, "site");
    const first = await withLock(() => npmRun("build", {TPS_REPORT_STUDY: SEED, TPS_REPORT_OUTPUT: output}));
    expect(first.code, first.log.slice(-2000)).toBe(0);
    writeFileSync(join(output, "steps", "a-step-since-removed.html"), "<p>stale</p>");
    const second = await withLock(() => npmRun("build", {TPS_REPORT_STUDY: SEED, TPS_REPORT_OUTPUT: output}));
    expect(second.code, second.log.slice(-2000)).toBe(0);
    expect(existsSync(join(output, "steps", "a-step-since-removed.html"))).toBe(false);
    expect(readFileSync(join(output, "steps", "quantization.html"), "utf8")).toContain("Quantization");
  }, 300_000);

  it("refuses a folder that holds other things, in one line naming it, and leaves it as it was", async () => {
    const output = join(ROOT, "notes");
    mkdirSync(output);
    writeFileSync(join(output, "notes.txt"), "mine");
    const {code, log} = await withLock(() => npmRun("build", {TPS_REPORT_STUDY: SEED, TPS_REPORT_OUTPUT: output}));
    expect(code).toBe(1);
    const lines = log.split("\n").filter((line) => line.includes(output));
    expect(lines).toEqual([
      `build: ${output} is not empty and holds no earlier build (no _observablehq folder): name an empty folder or an earlier build's`
    ]);
    expect(readFileSync(join(output, "notes.txt"), "utf8")).toBe("mine");
    expect(existsSync(join(output, "index.html"))).toBe(false);
  }, 300_000);
});
