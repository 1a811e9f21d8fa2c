// The seed's report, read and analysed, against the stored expected output (test/analysis/golden/seed-report.json), byte
// for byte: UPDATE_GOLDEN=1 writes it again when a change to the analysis is meant (review its diff). The phases after
// reading are pure: they read no file and change nothing they are given.
import {existsSync, readFileSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {describe, expect, it} from "vitest";
import {analyse, loadStudy, readStudy} from "../../loaders/analysis/report.js";
import {download} from "../../loaders/export/downloads.js";

const SEED = "data/studies/qwen3-32b-a100";
const GOLDEN = join(import.meta.dirname, "golden", "seed-report.json");

describe("the seed's report", () => {
  it("is the stored expected output, byte for byte, as report.json and as the download", async () => {
    const study = await loadStudy(SEED);
    const pretty = `${JSON.stringify(study.report, null, 2)}\n`;
    if (process.env.UPDATE_GOLDEN || !existsSync(GOLDEN)) writeFileSync(GOLDEN, pretty);
    expect(pretty).toBe(readFileSync(GOLDEN, "utf8"));
    // The download is the same report on one line.
    expect(download("report.json", study)).toBe(JSON.stringify(JSON.parse(readFileSync(GOLDEN, "utf8"))));
  });

  it("comes from phases that read no file and change nothing they are given", async () => {
    const files = await readStudy(SEED);
    const before = structuredClone(files);
    const first = analyse(files);
    expect(files).toEqual(before);
    expect(analyse(files)).toEqual(first);
    expect(first.report).toEqual((await loadStudy(SEED)).report);
  });
});
