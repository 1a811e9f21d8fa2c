// The text `vllm bench serve` (v0.11) prints for a run: the lines above the banner and the summary block.
import {blockLine, centered, fixed2} from "./py-format.js";
import type {SimulatedRun} from "./simulate-run.js";

const SECTIONS: Record<string, [string, string]> = {
  ttft: ["Time to First Token", "TTFT"],
  tpot: ["Time per Output Token (excl. 1st token)", "TPOT"],
  itl: ["Inter-token Latency", "ITL"],
  e2el: ["End-to-end Latency", "E2EL"]
};

/** The summary block, banner to footer, as printed. */
export function summaryBlock(run: SimulatedRun): string[] {
  const m = run.metrics;
  const lines = [
    centered(" Serving Benchmark Result ", "=", 50),
    blockLine("Successful requests:", String(m.completed)),
    blockLine("Benchmark duration (s):", fixed2(m.duration)),
    blockLine("Total input tokens:", String(m.total_input_tokens)),
    blockLine("Total generated tokens:", String(m.total_output_tokens)),
    blockLine("Request throughput (req/s):", fixed2(m.request_throughput)),
    blockLine("Output token throughput (tok/s):", fixed2(m.output_throughput)),
    blockLine("Peak output token throughput (tok/s):", fixed2(m.max_output_tokens_per_s)),
    blockLine("Peak concurrent requests:", fixed2(m.max_concurrent_requests)),
    blockLine("Total Token throughput (tok/s):", fixed2(m.total_token_throughput))
  ];
  for (const family of run.families) {
    const [title, name] = SECTIONS[family];
    lines.push(centered(title, "-", 50));
    lines.push(blockLine(`Mean ${name} (ms):`, fixed2(m[`mean_${family}_ms`])));
    lines.push(blockLine(`Median ${name} (ms):`, fixed2(m[`median_${family}_ms`])));
    for (const p of run.percentiles) lines.push(blockLine(`P${p} ${name} (ms):`, fixed2(m[`p${p}_${family}_ms`])));
  }
  lines.push("=".repeat(50));
  return lines;
}

/** bench.log: the client's own output around the block, as a terminal capture holds it. */
export function benchLog(run: SimulatedRun, argv: string[], seed: number): string {
  const minutes = Math.floor(run.duration / 60);
  const seconds = Math.floor(run.duration % 60);
  const elapsed = `${String(minutes).padStart(2, "0")}:${String(seconds).padStart(2, "0")}`;
  const dataset = argv[argv.indexOf("--dataset-name") + 1];
  const lines = [
    `Namespace(subparser='bench', bench_type='serve', seed=${seed}, num_prompts=${run.numPrompts}, dataset_name='${dataset}', backend='openai-chat', endpoint='/v1/chat/completions', request_rate=inf, burstiness=1.0, max_concurrency=None)`,
    "Starting initial single prompt test run...",
    "Initial test run completed. Starting main benchmark run...",
    "Traffic request rate: inf",
    "Burstiness factor: 1.0 (Poisson process)",
    "Maximum request concurrency: None",
    `100%|██████████| ${run.numPrompts}/${run.numPrompts} [${elapsed}<00:00, ${fixed2(run.metrics.request_throughput)}it/s]`,
    "tip: install termplotlib and gnuplot to plot the metrics",
    ...summaryBlock(run)
  ];
  return lines.join("\n") + "\n";
}
