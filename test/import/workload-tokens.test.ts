// Issue 44, item 5: imported --save-result files are one point only when they sent the same workload. vLLM's record
// states no prompt length without --metadata, so the tokens each request sent tell 8,192-token prompts from 1,024-token
// ones; and a run whose every request failed keeps the figures its record still states (its duration) in the export.
import {mkdtempSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import Papa from "papaparse";
import {afterEach, beforeEach, describe, expect, it} from "vitest";
import {importResults} from "../../loaders/import/index.js";
import {loadStudy} from "../../loaders/analysis/report.js";
import {download} from "../../loaders/export/downloads.js";
import {pyJson, vllmResult} from "../support/vllm-result.js";

let tmp: string;
beforeEach(() => {
  tmp = mkdtempSync(join(tmpdir(), "tps-import-tokens-"));
});
afterEach(() => rmSync(tmp, {recursive: true, force: true}));

const write = (name: string, record: Record<string, unknown>) => {
  const file = join(tmp, name);
  writeFileSync(file, pyJson(record));
  return file;
};

/** A record as vLLM writes it with different seeds: the same prompt length, a few tokens apart after retokenizing. */
function run(inputLen: number, date: string, inputTotal?: number): Record<string, unknown> {
  const r = vllmResult({
    model: "Qwen/Qwen3-8B",
    numPrompts: 100,
    inputLen,
    outputLen: 128,
    duration: 20,
    maxConcurrency: 100,
    date
  });
  if (inputTotal == null) return r;
  return {...r, total_input_tokens: inputTotal, total_token_throughput: (inputTotal + 12800) / 20};
}

describe("runs grouped by what they measured", () => {
  it("keeps a run of 8,192-token prompts apart from two runs of 1,024-token prompts at the same concurrency", async () => {
    const files = [
      write("a.json", run(1024, "20260301-100000")),
      write("b.json", run(8192, "20260301-110000")),
      write("c.json", run(1024, "20260301-120000", 102_391))
    ];
    const study = join(tmp, "study");
    const report = importResults(files, study);
    const points = new Map<string, string[]>();
    for (const r of report.study.runs) {
      const key = `${r.candidate} @ ${r.scenario}`;
      points.set(key, [...(points.get(key) ?? []), r.result.source]);
    }
    expect([...points.values()].map((sources) => sources.sort())).toEqual(
      expect.arrayContaining([[files[0], files[2]], [files[1]]])
    );
    expect(points.size).toBe(2);
    const {report: built} = await loadStudy(study);
    // The two 1,024-token runs sent other prompts (another seed): check says so; the 8,192-token run is not in it.
    const differ = built.findings.filter((f) => f.code === "inputs-differ").map((f) => f.message);
    expect(differ.length).toBeLessThanOrEqual(1);
    expect(differ.join()).not.toContain("819200");
  });

  it("exports the duration of a run whose every request failed", async () => {
    const failed = {
      ...run(1024, "20260301-130000"),
      duration: 3.2,
      completed: 0,
      failed: 100,
      total_input_tokens: 0,
      total_output_tokens: 0,
      request_throughput: 0,
      output_throughput: 0,
      total_token_throughput: 0,
      errors: Array(100).fill("Bad Request: context length exceeded")
    };
    const study = join(tmp, "study");
    importResults([write("ok.json", run(1024, "20260301-120000")), write("failed.json", failed)], study);
    const data = await loadStudy(study);
    const row = data.rows.find((r) => r.status === "failed")!;
    expect(row.error).toBe("all 100 requests failed: Bad Request: context length exceeded");
    expect(row.duration).toBe(3.2);
    const csv = Papa.parse<Record<string, string>>(String(download("runs.csv", data)), {header: true}).data;
    expect(csv.find((r) => r.run === row.run)?.duration).toBe("3.2");
  });
});
