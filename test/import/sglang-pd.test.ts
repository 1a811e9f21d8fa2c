// SGLang's prefill-decode router writes server_info as {internal_states, prefill: [...], decode: [...]}: each server's
// own configuration, not the router's. Real records from TonyLi15/sglang-benchmark (in the import corpus): the same
// 128/128 workload at concurrency 8 served once aggregated and once disaggregated (prefill 0.5.5.post3, decode 0.5.6).
import {mkdtempSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, expect, it} from "vitest";
import {importResults} from "../../loaders/import/index.js";

const tmp = mkdtempSync(join(tmpdir(), "tps-import-sglang-pd-"));
afterAll(() => rmSync(tmp, {recursive: true, force: true}));
const DIR = "test/fixtures/import-corpus/sglang-jsonl";
const PD = join(DIR, "tonyli15-pd_inter_n100_in128_out128_c8.jsonl");
const AGG = join(DIR, "tonyli15-agg_n100_in128_out128_c8.jsonl");

it("a PD router's record gives the model, both servers' versions and the prefill server's settings", () => {
  const {study} = importResults([PD], join(tmp, "pd"));
  const [run] = study.runs;
  expect(run.result.model).toBe("Qwen/Qwen2.5-3B-Instruct");
  expect(run.result.engineVersion).toBe("0.5.5.post3 (prefill), 0.5.6 (decode)");
  expect(run.result.serve).toMatchObject({
    disaggregation_mode: "prefill",
    disaggregation_transfer_backend: "nixl",
    decode_disaggregation_mode: "decode",
    decode_attention_backend: "flashinfer"
  });
});

it("aggregated and disaggregated serving of one workload are two candidates named by what differs", () => {
  const {study} = importResults([AGG, PD], join(tmp, "both"));
  expect(study.candidates).toHaveLength(2);
  // Named by the settings that differ, not by all of the aggregated server's 200 settings.
  for (const c of study.candidates) expect(c.label.length, c.label).toBeLessThan(400);
  expect(study.candidates.map((c) => c.label).join(" | ")).toMatch(/disaggregation_mode=prefill/);
});

it("a server's status (ready) is a runtime value, never a server flag", () => {
  const {study} = importResults([AGG], join(tmp, "agg"));
  for (const c of study.candidates) expect(c.server).not.toContain("--status");
  expect(study.runs[0].result.serve).not.toHaveProperty("status");
});
