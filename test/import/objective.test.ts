// The objective import writes is one the runs can give. A real AIPerf 0.11.0 report (akamaslabs/vllm-benchmark, in
// the import corpus) counts no input tokens, so total token throughput is neither printed nor derivable: the plan
// maximizes output throughput, which it prints, and check finds no error.
import {mkdtempSync, readFileSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, expect, it} from "vitest";
import {importResults} from "../../loaders/import/index.js";
import {loadStudy} from "../../loaders/analysis/report.js";

const tmp = mkdtempSync(join(tmpdir(), "tps-import-objective-"));
afterAll(() => rmSync(tmp, {recursive: true, force: true}));
const AIPERF = "test/fixtures/import-corpus/aiperf-json/akamaslabs-exp7-c16/profile_export_aiperf.json";

it("a study whose runs give no total token throughput maximizes output throughput, and check finds no error", async () => {
  const study = join(tmp, "aiperf");
  importResults([AIPERF], study);
  expect(readFileSync(join(study, "study.yaml"), "utf8")).toMatch(/^objective: output_throughput$/m);
  const {report} = await loadStudy(study);
  expect(report.findings.filter((f) => f.severity === "error").map((f) => `${f.code}: ${f.message}`)).toEqual([]);
});

it("runs that print total token throughput keep it as the objective", () => {
  const study = join(tmp, "vllm");
  importResults(["test/fixtures/import-corpus/vllm-json/er0080-bench_serve_v0.25.1.json"], study);
  expect(readFileSync(join(study, "study.yaml"), "utf8")).toMatch(/^objective: total_token_throughput$/m);
});

it("runs that print only the totals (trtllm-bench 0.16) keep total token throughput: check derives it", () => {
  const study = join(tmp, "trtllm");
  importResults(["test/fixtures/import-corpus/trtllm-bench/result_128_128_30000.txt"], study);
  expect(readFileSync(join(study, "study.yaml"), "utf8")).toMatch(/^objective: total_token_throughput$/m);
});
