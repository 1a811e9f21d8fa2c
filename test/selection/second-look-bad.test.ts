// Issue 47 item 4: a second-look.json that decides on a scenario the plan lacks, or names a greedy winner the plan
// does not have, is refused in one line naming the file and the line; a second look whose every run failed decided
// nothing, and the report says so instead of "survives".
import {spawnSync} from "node:child_process";
import {mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join, resolve} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {coverage} from "../../loaders/analysis/coverage.js";
import {derive} from "../../loaders/analysis/derive.js";
import {loadStudy} from "../../loaders/analysis/report.js";
import {planSecondLook, secondLookData} from "../../loaders/analysis/second-look.js";
import {SECOND_LOOK_FILE} from "../../loaders/study/second-look-file.js";
import {secondLookParagraph} from "../../src/components/coverageText.js";
import {writeInteractionStudy, writeSecondLookRuns} from "../support/interaction-study.js";

const ROOT = resolve(import.meta.dirname, "../..");
const root = mkdtempSync(join(tmpdir(), "tps-second-look-bad-"));
afterAll(() => rmSync(root, {recursive: true, force: true}));

async function frozen(name: string): Promise<string> {
  const dir = join(root, name);
  writeInteractionStudy(dir, true);
  const {plan, rows} = await loadStudy(dir, root);
  const derived = derive(plan, rows);
  const data = secondLookData(plan, planSecondLook(plan, derived, coverage(plan, derived)));
  writeFileSync(join(dir, SECOND_LOOK_FILE), JSON.stringify(data, null, 2) + "\n");
  return dir;
}

function check(dir: string): {status: number | null; stdout: string; stderr: string} {
  const r = spawnSync(process.execPath, ["bin/tps-report.js", "check", dir], {cwd: ROOT, encoding: "utf8"});
  return {status: r.status, stdout: r.stdout, stderr: r.stderr};
}

/** The 1-based line of the first line of `file` holding `text`. */
const lineOf = (file: string, text: string) =>
  readFileSync(file, "utf8")
    .split("\n")
    .findIndex((l) => l.includes(text)) + 1;

describe("a second-look file the plan cannot back", () => {
  it("deciding on a scenario the plan lacks: one line naming the file and the decision's line", async () => {
    const dir = await frozen("scenario");
    const file = join(dir, SECOND_LOOK_FILE);
    const data = JSON.parse(readFileSync(file, "utf8"));
    writeFileSync(file, JSON.stringify({...data, decision: {scenario: "ghost"}}, null, 2) + "\n");
    const r = check(dir);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(
      `tps-report check: ${file}:${lineOf(file, '"decision"')}: decision: scenario 'ghost' is not one of the second look's scenarios (short)\n1 error\n`
    );
  });

  it("around a winner the plan does not have: one line naming the file and the winner's line", async () => {
    const dir = await frozen("winner");
    const file = join(dir, SECOND_LOOK_FILE);
    const data = JSON.parse(readFileSync(file, "utf8"));
    writeFileSync(file, JSON.stringify({...data, winner: {step: "tokens", candidate: "ghost"}}, null, 2) + "\n");
    const r = check(dir);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(
      `tps-report check: ${file}:${lineOf(file, '"winner"')}: winner: step 'tokens' has no candidate 'ghost'\n1 error\n`
    );
  });
});

describe("a second look whose every run failed", () => {
  it("decided nothing: not 'survives'", async () => {
    const dir = await frozen("all-failed");
    writeSecondLookRuns(dir, true);
    for (const run of readdirSync(join(dir, "runs")).filter((r) => r.startsWith("second-look--"))) {
      const file = join(dir, "runs", run, "run.json");
      const meta = JSON.parse(readFileSync(file, "utf8"));
      writeFileSync(file, JSON.stringify({...meta, status: "failed", error: "server crashed"}));
      rmSync(join(dir, "runs", run, "bench.log"), {force: true});
    }
    const {report} = await loadStudy(dir, root);
    const look = report.second_look!;
    expect(look.verdict!.kind).toBe("all-failed");
    expect(look.state).toBe("all-failed");
    expect(secondLookParagraph(look, report, "en")).toBe(
      `Second look: every one of its ${look.runs_planned} runs failed, so it decided nothing; the greedy choice A + B (8192 tokens) stands untested.`
    );
  });
});
