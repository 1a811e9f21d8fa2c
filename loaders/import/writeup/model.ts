// What an imported write-up is once read: its workloads, steps, candidates and runs, and the ids made from its names.
import type {Entry} from "./result-blocks.js";
import type {Writeup} from "./read-writeup.js";
import type {EngineId} from "./server-command.js";
import type {Language} from "./words.js";

export interface Scenario {
  id: string;
  name: string;
  dataset: string;
  dataset_path?: string;
  input_len?: number;
  output_len?: number;
  num_prompts: number | null;
  seed?: number;
  request_rate?: number;
  max_concurrency?: number;
  line: number;
  /** Names the document gives it (a list entry, a profile, a comparison row), for matching claims. */
  aliases: string[];
}

export interface StudyCandidate {
  id: string;
  label: string;
  engine: EngineId;
  model: string;
  quantization: string | null;
  server: string[];
  role: "baseline" | "recommended" | null;
  line: number;
  /** The printed command, for matching claims by what was run. */
  command: string;
  /** The result entries of this candidate, each with the scenario it measured. */
  runs: {entry: Entry; scenario: string}[];
}

export interface StudyStep {
  id: string;
  title: string;
  kind: "selection" | "generalization";
  line: number;
  scenarios: string[];
  candidates: StudyCandidate[];
  read: Writeup["steps"][number];
}

export interface ImportedRun {
  id: string;
  step: string;
  candidate: string;
  scenario: string;
  /** The block the run is; null for a point of the plan the write-up gives no result for (a run not run). */
  entry: Entry | null;
}

export interface WriteupStudy {
  id: string;
  language: Language;
  title: string;
  goal: string | null;
  notes: string[];
  model: string;
  modelConfig: string | null;
  gpu: {id: string | null; name: string | null; count: number | null};
  engines: Partial<Record<EngineId, {name: string; version: string | null}>>;
  client: {name: string; argv: string[]};
  objective: "total_token_throughput";
  scenarios: Scenario[];
  steps: StudyStep[];
  baseline: {step: string; candidate: string};
  claims: Record<string, unknown>[];
  runs: ImportedRun[];
  source: string;
  /** What the import took from where: "line N: what". */
  took: {line: number; what: string}[];
}

/** An id from a name in any of the document's languages: Turkish letters as their Latin base, the rest dropped. */
export function nameId(text: string): string {
  const base = text
    .replace(/[ıİ]/g, "i")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&&/g, "-")
    .replace(/[^a-z0-9._]+/g, "-")
    .replace(/^[-._]+|[-._]+$/g, "")
    .replace(/-{2,}/g, "-");
  return (base || "x").slice(0, 64).replace(/[-._]+$/, "");
}

/** A request rate a label names: "8RPS", "Rate 1", "(r=8)". */
export function namedRate(text: string): number | null {
  const m = /(\d+(?:\.\d+)?)\s*rps\b|\brate\s*[:=]?\s*(\d+(?:\.\d+)?)|\br\s*=\s*(\d+(?:\.\d+)?)/i.exec(text);
  return m ? Number(m[1] ?? m[2] ?? m[3]) : null;
}

/** A concurrency a label names: "BS=4", "batch size 4", "concurrency 64". */
export function namedConcurrency(text: string): number | null {
  const m = /\b(?:bs|batch size|concurrency|max[- ]concurrency)\s*[:=]?\s*(\d+)\b/i.exec(text);
  return m ? Number(m[1]) : null;
}
