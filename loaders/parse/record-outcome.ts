// What reading one JSON record gives, shared by the record readers of each tool.
import type {ParsedBlock} from "../canonical.js";

export interface RecordOutcome {
  block?: ParsedBlock;
  problem?: string;
  /** Metrics whose value is NaN or infinite: kept as text in `extra`, each named here. */
  nonFinite?: string[];
}

/** `"mean_ttft_ms" is NaN` for a warning; the value as Python's json writes it. */
export function nonFiniteNote(name: string, value: number): string {
  return `"${name}" is ${String(value)}, not a finite number: kept as text`;
}

export function jsonText(value: unknown): string {
  if (typeof value === "number" && !Number.isFinite(value)) return String(value);
  return JSON.stringify(value) ?? String(value);
}
