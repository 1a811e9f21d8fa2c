import {existsSync, readdirSync, readFileSync} from "node:fs";
import {join} from "node:path";
import {describe, expect, it} from "vitest";
import {ceilingFinding} from "../../loaders/headroom/ceiling-finding.js";
import {findingMessage} from "../../src/components/libraryText.js";
import {readGpuTable, resolveGpu} from "../../loaders/headroom/gpus.js";
import {readModelConfig} from "../../loaders/headroom/model-config.js";
import {runHeadroom, type MeasuredRun} from "../../loaders/headroom/run-headroom.js";

const RUNS_DIR = "data/studies/qwen3-32b-a100/runs";

/** The five numbers of a `vllm bench serve` result block, read with a tiny regex. */
function readSeedRun(dir: string): MeasuredRun & {id: string; gpu: string} {
  const log = readFileSync(join(dir, "bench.log"), "utf8");
  const value = (label: string) => {
    const match = new RegExp(`^${label.replace(/[()]/g, "\\$&")}:\\s+([\\d.]+)\\s*$`, "m").exec(log);
    if (!match) throw new Error(`${dir}/bench.log: no "${label}" line`);
    return Number(match[1]);
  };
  const meta = JSON.parse(readFileSync(join(dir, "run.json"), "utf8"));
  return {
    id: meta.id,
    gpu: meta.gpu,
    quantization: meta.quantization,
    completed: value("Successful requests"),
    duration: value("Benchmark duration (s)"),
    total_input_tokens: value("Total input tokens"),
    total_output_tokens: value("Total generated tokens"),
    total_token_throughput: value("Total Token throughput (tok/s)")
  };
}

const runs = readdirSync(RUNS_DIR)
  .sort()
  .map((name) => join(RUNS_DIR, name))
  .filter((dir) => existsSync(join(dir, "bench.log")))
  .map(readSeedRun);

// Hard ceiling (tok/s) and effective TFLOP/s per run, from an independent Python implementation of the model
// (headroom-model.md §7 with closed-form sums, A100 memory 85,198,045,184 B, u = 0.9).
const EXPECTED: Record<string, [number, number]> = {
  "engine-selection--sglang--sharegpt": [4917.2592, 88.73],
  "engine-selection--trtllm--sharegpt": [4917.2662, 130.34],
  "engine-selection--vllm--sharegpt": [4917.2703, 109.83],
  "max-num-tokens--trtllm-16384--sharegpt": [4917.2796, 120.39],
  "max-num-tokens--trtllm-32768--sharegpt": [4917.2657, 103.27],
  "other-scenarios--baseline--long": [4665.7536, 122.85],
  "other-scenarios--baseline--medium": [4825.6752, 163.02],
  "other-scenarios--baseline--short": [5022.296, 165.05],
  "other-scenarios--baseline--very-long": [3248.3593, 172.74],
  "other-scenarios--recommended--long": [4665.7574, 136.26],
  "other-scenarios--recommended--medium": [4825.6752, 175.59],
  "other-scenarios--recommended--short": [5022.296, 219.64],
  "other-scenarios--recommended--very-long": [3248.2921, 151.79],
  "quantization--vllm-awq--sharegpt": [4917.1578, 112.13],
  "quantization--vllm-fp8--sharegpt": [4917.3163, 99.19]
};

describe("the seed's measured runs against their ceilings", () => {
  const model = readModelConfig("data/models/qwen3-32b.config.json");
  const table = readGpuTable();

  it("reads all 15 result blocks", () => {
    expect(runs.map((run) => run.id).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const run of runs) {
    it(`${run.id}: measured ≤ hard ceiling`, () => {
      const headroom = runHeadroom(run, model, resolveGpu(table, run.gpu));
      const [ceiling, tflops] = EXPECTED[run.id];
      expect(headroom.ceiling_tps).toBeCloseTo(ceiling, 3);
      expect(headroom.effective_tflops).toBeCloseTo(tflops, 1);
      expect(headroom.ceiling_tps).toBeGreaterThanOrEqual(run.total_token_throughput);
      expect(headroom.ceiling_ratio).toBeLessThan(1);
      expect(headroom.ceiling_ratio).toBeCloseTo(run.total_token_throughput / ceiling, 6);
      // Mean lengths come from the run's actual totals, not the nominal scenario.
      expect(headroom.input_len).toBe(run.total_input_tokens / run.completed);
      expect(headroom.output_len).toBe(run.total_output_tokens / run.completed);
      // Every A100 case here is compute-bound: F/Π exceeds B/β.
      expect(headroom.binding).toBe("compute");
      expect(ceilingFinding(run.id, headroom)).toBeNull();
    });
  }

  it("turns a run above its ceiling into an error finding", () => {
    const fake = {...runs[0], total_token_throughput: 6000};
    const finding = ceilingFinding(fake.id, runHeadroom(fake, model, resolveGpu(table, fake.gpu)), {
      file: "runs/x/bench.log",
      line: 9
    });
    expect(finding).toMatchObject({
      severity: "error",
      code: "above-ceiling",
      run: fake.id,
      file: "runs/x/bench.log",
      line: 9
    });
    expect(finding!.message).toMatch(/^measured total token throughput is 1\.220× the hard ceiling of 4917\.3 tok\/s/);
    // The Turkish quality page said it in English.
    expect(findingMessage(finding!, "tr")).toMatch(
      /^ölçülen toplam token işlem hacmi, 4917\.3 tok\/s olan kesin tavanın 1\.220 katı \(.*\): ya model ya da veri yanlış$/
    );
  });
});
