// Flag parity with `vllm bench serve` (vllm-project/vllm@009e6d4a, vllm/benchmarks/serve.py): every flag of the
// checked-in list is implemented or refused with its reason, and the result JSON has every key vLLM writes.
import {describe, expect, it} from "vitest";
import {parseBenchArgs} from "../../loaders/cli/bench.js";
import {runBenchmark} from "../../loaders/client/run-benchmark.js";
import {loadTokenizer} from "../../loaders/client/tokenizer.js";
import flags from "../../loaders/client/vllm-flags.json" with {type: "json"};
import {startFixtureServer} from "../support/fixture-server.js";

// A value each implemented flag accepts; flags absent here take no value.
const SAMPLE: Record<string, string[]> = {
  "--seed": ["1"],
  "--num-prompts": ["4"],
  "--dataset-name": ["random"],
  "--dataset-path": ["x.json"],
  "--header": ["k=v"],
  "--metadata": ["k=v"],
  "--goodput": ["ttft:100"],
  "--percentile-metrics": ["ttft,e2el"],
  "--metric-percentiles": ["50,99"],
  "--endpoint": ["/v1/completions"],
  "--extra-body": ['{"a": 1}'],
  "--request-rate": ["inf"],
  "--random-range-ratio": ["0.5"],
  "--burstiness": ["1.5"],
  "--temperature": ["0"],
  "--top-p": ["0.9"],
  "--min-p": ["0.1"],
  "--frequency-penalty": ["0"],
  "--presence-penalty": ["0"],
  "--repetition-penalty": ["1"]
};
const NO_VALUE = new Set(["--disable-tqdm", "--save-result", "--save-detailed", "--ignore-eos"]);
const STRING = new Set(["--label", "--backend", "--base-url", "--host", "--model", "--tokenizer", "--result-dir"]);
STRING.add("--result-filename").add("--request-id-prefix").add("--served-model-name");

function argsFor(flag: string): string[] {
  if (NO_VALUE.has(flag)) return [flag];
  if (SAMPLE[flag]) return [flag, ...SAMPLE[flag]];
  if (STRING.has(flag)) return [flag, flag === "--base-url" ? "http://127.0.0.1:1" : "x"];
  return [flag, "7"];
}

describe("vllm bench serve flags", () => {
  const unsupported = flags.unsupported as Record<string, string>;

  it("lists a reason for every unsupported flag, and only for listed flags", () => {
    for (const [flag, reason] of Object.entries(unsupported)) {
      expect(flags.flags).toContain(flag);
      expect(reason.length).toBeGreaterThan(10);
    }
  });

  it("implements every other flag", () => {
    for (const flag of flags.flags.filter((f) => !(f in unsupported))) {
      expect(() => parseBenchArgs(argsFor(flag)), flag).not.toThrow();
    }
  });

  it("refuses an unsupported flag with its reason, never ignoring it", () => {
    for (const [flag, reason] of Object.entries(unsupported)) {
      expect(() => parseBenchArgs([flag, "1"]), flag).toThrow(
        `${flag} is not supported by tps-report bench: ${reason}`
      );
    }
  });

  it("writes every key vLLM writes for the same flags", async () => {
    const tokenizer = await loadTokenizer(undefined, "Qwen/Qwen3-32B");
    const fixture = await startFixtureServer();
    try {
      const base = {baseUrl: fixture.baseUrl, tokenizer, numPrompts: 3, randomInputLen: 8, randomOutputLen: 2};
      const plain = await runBenchmark({...base, log: () => {}});
      for (const key of flags.result_keys) expect(plain.result, key).toHaveProperty(key);
      const detailed = await runBenchmark({...base, saveDetailed: true, log: () => {}});
      for (const key of [...flags.result_keys, ...flags.result_keys_detailed])
        expect(detailed.result, key).toHaveProperty(key);
    } finally {
      await fixture.close();
    }
  });
});
