// The fixture server's engine-shaped /metrics: each profile parses cleanly and resolves through the alias table.
import {describe, expect, it} from "vitest";
import {resolveName, type CanonicalName} from "../../loaders/telemetry/aliases.js";
import {parseExposition} from "../../loaders/telemetry/exposition.js";
import {startFixtureServer} from "../support/fixture-server.js";

const CASES = [
  ["vllm", "/metrics", "vllm:num_requests_running", "vllm:kv_cache_usage_perc", "vllm:num_preemptions_total"],
  ["sglang", "/metrics", "sglang:num_running_reqs", "sglang:token_usage", "sglang:num_retracted_requests_total"],
  ["trtllm", "/prometheus/metrics", "trtllm_num_requests_running", "trtllm_kv_cache_utilization", null]
] as const;

describe("fixture metrics", () => {
  for (const [engine, path, running, kv, preemptions] of CASES)
    it(`${engine}: served at ${path}, in that engine's names`, async () => {
      const fixture = await startFixtureServer({metrics: {engine, kvPerRequest: 0.5, preemptions: 7}});
      try {
        const response = await fetch(fixture.baseUrl + path);
        expect(response.status).toBe(200);
        expect(response.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
        const {samples, errors} = parseExposition(await response.text());
        expect(errors).toEqual([]);
        const names = new Set(samples.map((s) => s.name));
        const resolved = (m: CanonicalName) => resolveName(m, names);
        expect([resolved("requests_running"), resolved("kv_cache_usage"), resolved("preemptions")]).toEqual([
          running,
          kv,
          preemptions
        ]);
        expect(resolved("ttft_seconds")).not.toBeNull();
        expect(resolved("itl_seconds")).not.toBeNull();
        if (preemptions) expect(samples.find((s) => s.name === preemptions)?.value).toBe(7);
        if (engine === "trtllm") expect((await fetch(fixture.baseUrl + "/metrics")).status).toBe(404);
      } finally {
        await fixture.close();
      }
    });
});
