// Adding a new setup on a new workload to a study whose one step covers several scenarios: the study's runs keep their
// ids and the new results get a step of their own. Real files from the import corpus: five trtllm-bench logs (one
// setup, five lengths) and one SGLang record.
import {mkdtempSync, readdirSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, expect, it} from "vitest";
import {importResults} from "../../loaders/import/index.js";

const tmp = mkdtempSync(join(tmpdir(), "tps-import-add-setup-"));
afterAll(() => rmSync(tmp, {recursive: true, force: true}));
const TRT = "test/fixtures/import-corpus/trtllm-bench";
const SGLANG = "test/fixtures/import-corpus/sglang-jsonl/tonyli15-agg_n100_in128_out128_c8.jsonl";

it("a new candidate on a new scenario is added beside a step of five scenarios, whose runs keep their ids", () => {
  const study = join(tmp, "study");
  const logs = readdirSync(TRT)
    .filter((f) => f.endsWith(".txt"))
    .map((f) => join(TRT, f));
  const first = importResults(logs, study);
  expect(first.study.steps.map((s) => [s.id, s.scenarios.length])).toEqual([["sweep", 5]]);
  const before = first.study.runs.map((r) => r.id).sort();
  const added = importResults([SGLANG], study);
  const after = added.study.runs.map((r) => r.id);
  expect(after.filter((id) => before.includes(id)).sort()).toEqual(before);
  expect(added.study.candidates).toHaveLength(2);
  const sweep = added.study.steps.find((s) => s.id === "sweep");
  expect(sweep && [sweep.scenarios.length, sweep.candidates.length]).toEqual([5, 1]);
  expect(added.study.steps.map((s) => [s.scenarios.length, s.candidates.length]).sort()).toEqual([
    [1, 1],
    [5, 1]
  ]);
});

it("scenarios run by the same candidates share one step; others are steps of their own", () => {
  const {study} = importResults(
    [
      ...readdirSync(TRT)
        .filter((f) => f.endsWith(".txt"))
        .map((f) => join(TRT, f)),
      SGLANG
    ],
    join(tmp, "together")
  );
  expect(study.steps.map((s) => [s.scenarios.length, s.candidates.length]).sort()).toEqual([
    [1, 1],
    [5, 1]
  ]);
});

it("a study holding a result that names no model (AIPerf's CSV alone) takes more results: the plan was not edited", () => {
  const study = join(tmp, "modelless");
  const first = importResults(
    [
      "test/fixtures/import-corpus/aiperf-csv/c2/profile_export_aiperf.csv",
      "test/fixtures/import-corpus/vllm-json/er0080-bench_serve_v0.25.1.json"
    ],
    study
  );
  const before = first.study.runs.map((r) => r.id).sort();
  const added = importResults([join(TRT, "result_128_128_30000.txt")], study);
  expect(added.conflicts).toEqual([]);
  expect(
    added.study.runs
      .map((r) => r.id)
      .filter((id) => before.includes(id))
      .sort()
  ).toEqual(before);
  expect(added.study.runs).toHaveLength(3);
});
