// A run whose log was cut off: its values are kept, it is marked partial, never ranked as a complete run, and
// `check --strict` rejects it.
import {spawnSync} from "node:child_process";
import {cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {loadStudy} from "../../loaders/analysis/report.js";

const SEED = "data/studies/qwen3-32b-a100";
const RUN = "engine-selection--trtllm--sharegpt";
const NAN_RUN = "engine-selection--vllm--sharegpt";
let root: string;
let dir: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "tps-partial-run-"));
  dir = join(root, "study");
  cpSync(SEED, dir, {recursive: true});
  // The log as a crashed terminal would leave it: cut in the middle of the TPOT section.
  const log = join(dir, "runs", RUN, "bench.log");
  writeFileSync(log, readFileSync(log, "utf8").split("\n").slice(0, 16).join("\n") + "\nMedian TP");
  // A metric the tool printed as nan (no requests measured it).
  const other = join(dir, "runs", NAN_RUN, "bench.log");
  writeFileSync(other, readFileSync(other, "utf8").replace(/(Mean TTFT \(ms\):\s+)\S+/, "$1nan"));
});

afterAll(() => rmSync(root, {recursive: true, force: true}));

const check = (...args: string[]) =>
  spawnSync(process.execPath, ["bin/tps-report.js", "check", ...args, dir], {encoding: "utf8"});

describe("a partial run", () => {
  it("keeps its values and is reported with a partial-result warning", async () => {
    const {report, rows} = await loadStudy(dir);
    const row = rows.find((r) => r.run === RUN)!;
    expect(row.total_token_throughput).toBe(2054.21);
    expect(row.mean_tpot_ms).toBe(89.01);
    expect(row.partial).toBe(
      'result block at lines 1-16 is partial: no closing "=====" line; the text stops at line 17 ("Median TP")'
    );
    const finding = report.findings.find((f) => f.code === "partial-result")!;
    expect(finding).toMatchObject({severity: "warning", run: RUN, line: 1});
    expect(finding.file).toMatch(/engine-selection--trtllm--sharegpt\/bench\.log$/);
  });

  it("ranks after the complete runs, marked partial, though its value is the highest", async () => {
    const {report} = await loadStudy(dir);
    const step = report.steps.find((s) => s.id === "engine-selection")!;
    expect(step.standings.sharegpt.map((s) => [s.candidate, s.value, s.partial])).toEqual([
      ["vllm", 1730.98, false],
      ["sglang", 1398.38, false],
      ["trtllm", 2054.21, true]
    ]);
  });

  it("a metric printed as nan is reported by check, not dropped in silence", async () => {
    const {report, rows} = await loadStudy(dir);
    expect(rows.find((r) => r.run === NAN_RUN)!.mean_ttft_ms).toBeNull();
    const finding = report.findings.find((f) => f.run === NAN_RUN && f.code === "parse-warning")!;
    expect(finding).toMatchObject({severity: "warning", line: 12});
    expect(finding.message).toBe('"Mean TTFT (ms):" prints "nan", not a number: kept as text');
  });

  it("check passes with a warning; check --strict rejects the partial run", () => {
    const plain = check();
    expect(plain.stdout).toContain("[partial-result]");
    expect(plain.stdout).toContain('"Mean TTFT (ms):" prints "nan", not a number: kept as text [parse-warning]');
    const strict = check("--strict");
    expect(strict.status).toBe(1);
    expect(strict.stdout).toContain(`--strict: 1 partial run rejected (${RUN})`);
  });
});
