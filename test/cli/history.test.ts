// `tps-report history` over six dated studies of one plan: a 10 % drop in the last two is a regression (exit 1), the
// same series up to the first dropped study is not (exit 0); the studies are ordered by their runs' dates.
import {spawnSync} from "node:child_process";
import {mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {writeRepeatStudy} from "../support/repeat-study.js";

const root = mkdtempSync(join(tmpdir(), "tps-history-"));
afterAll(() => rmSync(root, {recursive: true, force: true}));

function cli(...args: string[]): {status: number | null; stdout: string; stderr: string} {
  const run = spawnSync(process.execPath, ["bin/tps-report.js", "history", ...args], {
    encoding: "utf8",
    env: {...process.env, TPS_REPORT_DEBUG: ""}
  });
  return {status: run.status, stdout: run.stdout, stderr: run.stderr};
}

const dirs: string[] = [];
beforeAll(() => {
  for (let i = 1; i <= 6; i++) {
    const dir = join(root, `nightly-${i}`);
    // The baseline candidate loses 10 % from study 5 on; the tuned one holds.
    const level = i >= 5 ? 900 : 1000;
    writeRepeatStudy(dir, {base: [level, level + 10, level - 10], tuned: [1200, 1210, 1190]});
    for (const run of readdirSync(join(dir, "runs"))) {
      const file = join(dir, "runs", run, "run.json");
      const meta = JSON.parse(readFileSync(file, "utf8"));
      meta.started_at = `2026-01-0${i}T02:00:00Z`;
      writeFileSync(file, JSON.stringify(meta, null, 2) + "\n");
    }
    dirs.push(dir);
  }
});

describe("history", () => {
  it("six nightly studies, given out of order: ordered by date, the dropped point regressed, exit 1", () => {
    const run = cli(...[...dirs].reverse(), "--format", "json");
    expect(run.stderr).toBe("");
    expect(run.status).toBe(1);
    const h = JSON.parse(run.stdout);
    expect(h.ordered_by).toBe("date");
    expect(h.metrics).toEqual(["total_token_throughput"]);
    const status = Object.fromEntries(h.points.map((p: any) => [p.point, p.verdict.status]));
    expect(status).toEqual({"engine--base--short": "regression", "engine--tuned--short": "within noise"});
    const base = h.points.find((p: any) => p.point === "engine--base--short").verdict;
    expect(base.entries.map((e: any) => e.id)).toEqual(dirs);
    expect(base.entries.map((e: any) => e.date)).toEqual(dirs.map((_, i) => `2026-01-0${i + 1}T02:00:00Z`));
    expect(base.trailing.window).toEqual(dirs.slice(0, 4));
    expect(base.trailing.ratio).toBeCloseTo(0.9, 12);
  });

  // The series is written from a model, so runs of equal values are equal files: each such result is one, held by
  // several studies, which the history did not say.
  it("says which results more than one study of the series holds figure for figure", () => {
    const h = JSON.parse(cli(...dirs, "--format", "json").stdout);
    const held = (run: string) =>
      h.same_results.find((group: {run: string}[]) => group[0].run === run).map((r: {study: string}) => r.study);
    expect(h.same_results).toHaveLength(9);
    expect(held("engine--tuned--short--r2")).toEqual(dirs);
    expect(held("engine--base--short--r2")).toEqual(dirs.slice(0, 4));
    expect(
      h.same_results.filter((group: {run: string}[]) => group.length === 2).map((g: {study: string}[]) => g[0].study)
    ).toEqual([dirs[4], dirs[4], dirs[4]]);
    expect(cli(...dirs).stdout).toContain(
      "9 results are held figure for figure by more than one study of the series: two measurements never agree to " +
        `the last printed digit, so these were not measured again (copied, or imported more than once). The first: ` +
        `engine--base--short in ${dirs.slice(0, 4).join(", ")}.`
    );
  });

  it("up to the first dropped study: not yet a regression, exit 0", () => {
    const run = cli(...dirs.slice(0, 5));
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("## engine--base--short — total_token_throughput: within noise");
    expect(run.stdout).toContain("Regression: the last two studies are both more than 5 % worse");
  });

  it("a latency metric by name; a count is refused", () => {
    const run = cli(...dirs, "--metric", "mean_tpot_ms", "--format", "json");
    expect(run.status).toBe(1);
    expect(JSON.parse(run.stdout).points.map((p: any) => [p.point, p.verdict.status])).toEqual([
      ["engine--base--short", "regression"],
      ["engine--tuned--short", "within noise"]
    ]);
    const bad = cli(...dirs, "--metric", "completed");
    expect(bad.status).toBe(2);
    expect(bad.stderr).toBe("tps-report history: --metric 'completed' is not a throughput or a latency level\n");
  });
});

describe("a point whose runs failed in the last studies", () => {
  const stopped = (name: string, failedFrom: number) =>
    [1, 2, 3, 4].map((i) => {
      const dir = join(root, name, `${name}-${i}`);
      writeRepeatStudy(dir, {base: [1000, 1010, 990], tuned: i >= failedFrom ? [null, null] : [1200, 1210, 1190]});
      return dir;
    });

  it("failed in the last two: a regression, exit 1; failed in the last only: said, exit 0", () => {
    const two = cli(...stopped("two", 3), "--format", "json");
    expect(two.status).toBe(1);
    const points = JSON.parse(two.stdout).points;
    expect(points.map((p: any) => [p.point, p.verdict.status])).toEqual([
      ["engine--base--short", "within noise"],
      ["engine--tuned--short", "regression"]
    ]);
    expect(points[1].verdict.entries.map((e: any) => e.violation)).toEqual([null, null, "failed", "failed"]);
    const one = cli(...stopped("one", 4));
    expect(one.status).toBe(0);
    expect(one.stdout).toContain("## engine--tuned--short — total_token_throughput: failed in the last study");
    expect(one.stdout).toContain(
      "0 regressed, 0 suspicious, 0 improved, 1 failed in the last study, 1 within noise, 0 with insufficient data, of 2 point histories."
    );
    expect(one.stdout).toContain("| 0 | — | — | — | failed |");
  });
});
