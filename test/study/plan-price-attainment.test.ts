// Issue 46: a price per GPU-hour in the plan gives each run's tokens per dollar; a price that is negative or not a
// number, and an attainment outside (0, 1], are each one line naming the file and the line.
import {spawnSync} from "node:child_process";
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join, resolve} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {loadStudy} from "../../loaders/analysis/report.js";
import {h100PlanYaml, studyAModels, writeH100Study} from "../support/h100-ladder-study.js";

const ROOT = resolve(import.meta.dirname, "../..");
const root = mkdtempSync(join(tmpdir(), "tps-price-"));
afterAll(() => rmSync(root, {recursive: true, force: true}));

function check(dir: string): {status: number | null; stderr: string} {
  const r = spawnSync(process.execPath, [join(ROOT, "bin/tps-report.js"), "check", dir], {cwd: ROOT, encoding: "utf8"});
  return {status: r.status, stderr: r.stderr};
}

/** A study folder whose plan is the H100 ladder plan with one line replaced. */
function planWith(name: string, from: string, to: string): {dir: string; file: string; line: number} {
  const dir = join(root, name);
  writeH100Study(dir, studyAModels(), {id: "h100-price", pricePerHour: 2.5});
  const file = join(dir, "study.yaml");
  const text = readFileSync(file, "utf8");
  expect(text).toContain(from);
  writeFileSync(file, text.replace(from, to));
  const line = text.split("\n").findIndex((l) => l.includes(from)) + 1;
  return {dir, file, line};
}

describe("hardware.price_per_hour", () => {
  it("gives each run's tokens per dollar: tokens / (price × GPUs × duration / 3600)", async () => {
    const dir = join(root, "priced");
    writeH100Study(dir, studyAModels(), {id: "h100-price", pricePerHour: 2.5});
    const {rows} = await loadStudy(dir);
    const row = rows.find((r) => r.run === "sched--chunked--chat--c16")!;
    const result = JSON.parse(readFileSync(join(dir, "runs/sched--chunked--chat--c16/result.json"), "utf8"));
    const dollars = (2.5 * 1 * result.duration) / 3600;
    expect(row.output_tokens_per_dollar).toBeCloseTo((64 * 32) / dollars, 6);
    expect(row.tokens_per_dollar).toBeCloseTo((64 * 544) / dollars, 6);
  });

  for (const [name, value] of [
    ["negative", "-1"],
    ["not a number", '"cheap"'],
    ["zero", "0"]
  ])
    it(`${name}: one line naming the file and the line`, () => {
      const {dir, file, line} = planWith(name.replace(/ /g, "-"), "price_per_hour: 2.5", `price_per_hour: ${value}`);
      const r = check(dir);
      expect(r.status).toBe(2);
      expect(r.stderr).toBe(
        `tps-report check: ${file}:${line}: hardware.price_per_hour: must be a number of dollars per GPU-hour above 0\n1 error\n`
      );
    });
});

describe("slo.attainment", () => {
  for (const [name, value] of [
    ["above 1", "1.5"],
    ["zero", "0"],
    ["not a number", "high"]
  ])
    it(`${name}: one line naming the file and the line`, () => {
      const {dir, file, line} = planWith(
        `attainment-${name.replace(/ /g, "-")}`,
        "attainment: 0.95",
        `attainment: ${value}`
      );
      const r = check(dir);
      expect(r.status).toBe(2);
      expect(r.stderr).toBe(
        `tps-report check: ${file}:${line}: slo.attainment: must be a share of requests above 0 and at most 1 (0.95 for 95 %)\n1 error\n`
      );
    });

  it("the plan's text, for the record", () => {
    expect(h100PlanYaml(studyAModels())).toContain("attainment: 0.95");
  });
});
