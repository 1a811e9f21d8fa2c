// Total token throughput for a block that does not print it but prints what it follows from: older clients
// (SGLang 2024) print the token totals, trtllm-bench 0.16 prints average lengths instead of totals.
import type {ParsedBlock} from "../canonical.js";

export interface DerivedThroughput {
  value: number;
  /** How it was derived, in words, for the finding that says so. */
  formula: string;
}

export function derivedTotalThroughput(block: Pick<ParsedBlock, "metrics" | "extra">): DerivedThroughput | null {
  const m = block.metrics;
  if (m.total_token_throughput != null || !m.duration) return null;
  if (m.total_input_tokens != null && m.total_output_tokens != null)
    return {
      value: (m.total_input_tokens + m.total_output_tokens) / m.duration,
      formula: "(total_input_tokens + total_output_tokens) / duration"
    };
  const averageIn = Number(block.extra["Average Input Length (tokens)"]);
  const averageOut = Number(block.extra["Average Output Length (tokens)"]);
  if (m.completed != null && Number.isFinite(averageIn) && Number.isFinite(averageOut))
    return {
      value: (m.completed * (averageIn + averageOut)) / m.duration,
      formula: "completed × (average input + average output length) / duration"
    };
  return null;
}

/** The throughputs a block gives, printed or derived: what a study's objective can be. */
export function throughputsOf(
  block: Pick<ParsedBlock, "metrics" | "extra">
): ("total_token_throughput" | "output_throughput")[] {
  const given: ("total_token_throughput" | "output_throughput")[] = [];
  if (block.metrics.total_token_throughput != null || derivedTotalThroughput(block))
    given.push("total_token_throughput");
  if (block.metrics.output_throughput != null) given.push("output_throughput");
  return given;
}
