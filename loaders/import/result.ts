// One result found by import: the raw bytes to copy, the settings it was run with, and how it ended.
import * as crypto from "node:crypto";
import {RefusedFile, readRegularFile} from "../files/regular-files.js";
import {checkJsonLimits, JsonLimitError} from "../parse/json-text.js";

export type ImportTool = "vllm-sweep" | "vllm" | "sglang" | "trtllm" | "guidellm" | "aiperf" | "text";

/** The benchmark client a result came from, as the plan's client names it. */
export type ClientName = "vllm bench serve" | "sglang.bench_serving" | "trtllm-bench" | "guidellm" | "aiperf";

export interface RawFile {
  /** Name of the copy in the run folder. */
  name: string;
  /** Path it is copied from, as given. */
  source: string;
  /** The file to read again when its bytes were not kept; null for bytes cut from a file (a JSON Lines record). */
  path: string | null;
  /** The bytes, or null when import kept no more in memory: they are read again when written, checked by sha256. */
  bytes: Buffer | null;
  size: number;
  sha256: string;
}

export interface ImportedResult {
  tool: ImportTool;
  /** The file the result came from (for messages). */
  source: string;
  files: RawFile[];
  model: string | null;
  /** Engine id when the source says which engine served (a sweep always runs `vllm serve`). */
  engine: string | null;
  /** The engine's version, the GPU's name and the weight precision, where the file states them. */
  engineVersion: string | null;
  gpu: string | null;
  quantization: string | null;
  /** The client that wrote the result, where the format tells it. */
  client: ClientName | null;
  /** The benchmark command the file states it was run with (AIPerf's cli_command), where it states one. */
  benchArgv?: string[];
  /** Server settings (key → value) and benchmark settings, as the source recorded them. */
  serve: Record<string, unknown>;
  bench: Record<string, unknown>;
  /** What identifies the server configuration and the workload among the results (a sweep's combo names). */
  serveKey: string;
  benchKey: string;
  /** A name the source gives the server configuration or workload (a combo's `_benchmark_name`). */
  serveName: string | null;
  benchName: string | null;
  /** 1-based repeat; null when the source does not number its repeats. */
  repeat: number | null;
  status: "ok" | "failed";
  error: string | null;
  failed_phase: string | null;
  /** Settings given on the command line (`--set`), recorded in run.json so a later import reads the run alike. */
  set?: Record<string, string>;
  /** For ordering repeats the source does not number: the result's own date. */
  date: string | null;
  /** The throughputs the result gives, printed or derived (unset: not looked at, as for a sweep's vLLM JSON). */
  throughputs?: ("total_token_throughput" | "output_throughput")[];
  /** Input tokens each successful request sent (total ÷ completed), where the result states both. */
  inputPerRequest?: number | null;
  /** Set by infer when workloads alike in every stated key sent prompts of different lengths: the measured length. */
  measuredInput?: number;
}

/** Node's one-shot hash (20.12 on) where there is one: a Hash object per file costs more than hashing a small result. */
const oneShot = (crypto as {hash?: (algorithm: string, data: Buffer, encoding: "hex") => string}).hash;

export function sha256(bytes: Buffer): string {
  return oneShot ? oneShot("sha256", bytes, "hex") : crypto.createHash("sha256").update(bytes).digest("hex");
}

/** How many bytes of read files an import keeps in memory; beyond it files are read again when copied. */
export class ByteBudget {
  private kept = 0;
  constructor(readonly limit: number) {}
  hold(file: RawFile): RawFile {
    if (file.path == null || this.kept + file.size <= this.limit) {
      this.kept += file.size;
      return file;
    }
    return {...file, bytes: null};
  }
}

/** A file to copy into a run; `budget` decides whether its bytes stay in memory until then. */
export function rawFile(
  name: string,
  source: string,
  bytes: Buffer,
  path: string | null,
  budget?: ByteBudget
): RawFile {
  const file = {name, source, path, bytes, size: bytes.length, sha256: sha256(bytes)};
  return budget ? budget.hold(file) : file;
}

/**
 * A source file's bytes under the run reader's rules (a regular file of bounded size; a link only where the user named
 * it), or an ImportError naming it.
 */
export function readSourceFile(path: string, display = path, followLink = false, again = false): Buffer {
  try {
    return readRegularFile(path, {followLink});
  } catch (error) {
    if (error instanceof RefusedFile) throw new ImportError(display, error.problem);
    const e = error as NodeJS.ErrnoException;
    throw new ImportError(display, `cannot be read${again ? " again" : ""} (${e.code ?? e.message})`);
  }
}

/** The bytes to copy: those kept, or the file read again and refused if it is no longer what import read. */
export function rawBytes(file: RawFile): Buffer {
  if (file.bytes) return file.bytes;
  const bytes = readSourceFile(file.path!, file.source, true, true);
  if (sha256(bytes) !== file.sha256)
    throw new ImportError(file.source, "changed while it was being imported; import it again once it is complete");
  return bytes;
}

/** Why an import wrote nothing: one line per problem. */
export class ImportFailed extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join("\n"));
  }
}

/** Bad input: the file and the reason, one line. */
export class ImportError extends Error {
  constructor(
    readonly file: string,
    readonly reason: string
  ) {
    super(`${file}: ${reason}`);
  }
}

/** JSON as Python writes it: bare Infinity/NaN tokens (SGLang's json.dumps of an infinite rate) become strings. */
export function parsePythonJson(text: string, file: string): unknown {
  try {
    checkJsonLimits(text);
    // The rewrite scans the whole text; a result without either word needs none (most of a sweep's files).
    if (!text.includes("Infinity") && !text.includes("NaN")) return JSON.parse(text);
    return JSON.parse(text.replace(/([:[,]\s*)(-?Infinity|NaN)(?=\s*[,}\]])/g, '$1"$2"'));
  } catch (error) {
    if (error instanceof JsonLimitError) throw new ImportError(file, `${error.message} at column ${error.offset + 1}`);
    throw new ImportError(file, `not valid JSON (${(error as Error).message}); a half-written file?`);
  }
}

/** Keys of a benchmark record that describe the workload (scenario), as vLLM and SGLang name them. */
export const BENCH_KEYS = new Set([
  "dataset_name",
  "dataset_path",
  "random_input_len",
  "random_output_len",
  "input_len",
  "output_len",
  "sharegpt_output_len",
  "random_range_ratio",
  "num_prompts",
  "request_rate",
  "max_concurrency",
  "burstiness",
  "seed"
]);

/** The workload keys a result records itself (prompt count, rate, concurrency), in the record's order. */
export function pickBench(data: Record<string, unknown>): Record<string, unknown> {
  const bench: Record<string, unknown> = {};
  for (const k of Object.keys(data)) if (BENCH_KEYS.has(k)) bench[k] = data[k];
  return bench;
}

/** A sweep combo's text as vLLM names it: its `key=value` pairs joined by `-`, or its `_benchmark_name`. */
export function comboText(o: Record<string, unknown>): string {
  if (typeof o._benchmark_name === "string") return o._benchmark_name;
  return Object.entries(o)
    .map(([k, v]) => `${k}=${v}`)
    .join("-");
}

/** A settings map as a stable key. */
export function settingsKey(o: Record<string, unknown>): string {
  return JSON.stringify(
    Object.keys(o)
      .sort()
      .map((k) => [k, o[k]])
  );
}
