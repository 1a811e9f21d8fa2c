// Loads the GPU table (data/gpus/gpus.yaml) and resolves a GPU by id, name or nvidia-smi alias.
import {readFileSync} from "node:fs";
import {resourcePath} from "../resources.js";
import {utf8TextOr} from "../files/utf8-text.js";
import {LineCounter, parseDocument} from "yaml";

export interface SourcedFigure {
  value: number;
  source: string;
}

export interface Gpu {
  id: string;
  name: string;
  aliases: string[];
  memoryName: string;
  /** Dense BF16 tensor-core peak, FLOP/s. */
  bf16Flops: SourcedFigure;
  /** Dense FP8 tensor-core peak, FLOP/s; null where the GPU has none. */
  fp8Flops: SourcedFigure | {value: null; source: string};
  /** Peak HBM bandwidth, bytes/s. */
  hbmBandwidth: SourcedFigure;
  /** Memory the CUDA runtime reports, bytes. */
  memoryBytes: SourcedFigure;
  /** One direction of the GPU-to-GPU link (NVLink), bytes/s; null where the table gives none. */
  interconnectBandwidth?: SourcedFigure | null;
}

export const GPUS_FILE = resourcePath("data/gpus/gpus.yaml");

export class GpuTableError extends Error {
  constructor(file: string, line: number | null, message: string) {
    super(`${file}${line === null ? "" : `:${line}`}: ${message}`);
    this.name = "GpuTableError";
  }
}

/** Parses the YAML text of a GPU table; `file` names it in errors. */
export function parseGpuTable(text: string, file: string): Gpu[] {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, {lineCounter});
  if (doc.errors.length > 0) {
    const error = doc.errors[0];
    throw new GpuTableError(file, lineCounter.linePos(error.pos[0]).line, error.message.split("\n")[0]);
  }
  const lineOf = (path: (string | number)[]): number | null => {
    const node = doc.getIn(path, true) as {range?: [number, number, number]} | undefined;
    return node?.range ? lineCounter.linePos(node.range[0]).line : null;
  };
  return gpusFromData(doc.toJS(), lineOf, file);
}

function gpusFromData(data: unknown, lineOf: (path: (string | number)[]) => number | null, file: string): Gpu[] {
  const root = data as {gpus?: unknown};
  if (!root || !Array.isArray(root.gpus)) throw new GpuTableError(file, 1, `expected a top-level "gpus:" list`);

  const ids = new Set<string>();
  return root.gpus.map((entry: Record<string, unknown>, index: number): Gpu => {
    const at = (key: string) => lineOf(["gpus", index, key]) ?? lineOf(["gpus", index]);
    const text = (key: string): string => {
      const value = entry?.[key];
      if (typeof value !== "string" || value.trim() === "")
        throw new GpuTableError(file, at(key), `gpus[${index}]: missing "${key}"`);
      return value;
    };
    const figure = (key: string, nullable: boolean): {value: number | null; source: string} => {
      const value = entry?.[key] as {value?: unknown; source?: unknown} | undefined;
      const where = `gpus[${index}].${key}`;
      if (!value || typeof value !== "object")
        throw new GpuTableError(file, at(key), `${where}: missing {value, source}`);
      if (typeof value.source !== "string" || value.source.trim() === "") {
        throw new GpuTableError(file, at(key), `${where}: every figure needs a "source"`);
      }
      if (value.value === null && nullable) return {value: null, source: value.source};
      if (typeof value.value !== "number" || !(value.value > 0)) {
        throw new GpuTableError(
          file,
          at(key),
          `${where}.value must be a positive number, got ${JSON.stringify(value.value)}`
        );
      }
      return {value: value.value, source: value.source};
    };
    const id = text("id");
    if (ids.has(id)) throw new GpuTableError(file, at("id"), `duplicate GPU id "${id}"`);
    ids.add(id);
    const aliases = entry.aliases ?? [];
    if (!Array.isArray(aliases) || aliases.some((alias) => typeof alias !== "string")) {
      throw new GpuTableError(file, at("aliases"), `gpus[${index}].aliases must be a list of strings`);
    }
    return {
      id,
      name: text("name"),
      aliases: aliases as string[],
      memoryName: text("memory_name"),
      bf16Flops: figure("bf16_flops", false) as SourcedFigure,
      fp8Flops: figure("fp8_flops", true) as Gpu["fp8Flops"],
      hbmBandwidth: figure("hbm_bandwidth", false) as SourcedFigure,
      memoryBytes: figure("memory_bytes", false) as SourcedFigure,
      interconnectBandwidth:
        entry.interconnect_bandwidth === undefined ? null : (figure("interconnect_bandwidth", false) as SourcedFigure)
    };
  });
}

export function readGpuTable(file = GPUS_FILE): Gpu[] {
  const text = utf8TextOr(readFileSync(file), (line, problem) => new GpuTableError(file, line, problem));
  return parseGpuTable(text, file);
}

/** Case-insensitive, with runs of spaces, '-' and '_' alike. */
function normalize(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, "-");
}

/** The GPU whose id, name or alias matches (also without a leading "NVIDIA"), or null. */
export function findGpu(table: Gpu[], query: string): Gpu | null {
  const wanted = normalize(query);
  const bare = wanted.replace(/^nvidia-/, "");
  for (const gpu of table) {
    const names = [gpu.id, gpu.name, ...gpu.aliases].map(normalize);
    if (names.includes(wanted) || names.some((name) => name.replace(/^nvidia-/, "") === bare)) return gpu;
  }
  return null;
}

/** Like findGpu, but throws naming the known GPUs. */
export function resolveGpu(table: Gpu[], query: string): Gpu {
  const gpu = findGpu(table, query);
  if (!gpu) throw new Error(`unknown GPU "${query}" (known: ${table.map((g) => g.id).join(", ")})`);
  return gpu;
}

/** Peak matmul rate for a math type: FP8 only where the GPU has it, else BF16. */
export function peakFlops(gpu: Gpu, math: "bf16" | "fp8"): number {
  return math === "fp8" && gpu.fp8Flops.value !== null ? gpu.fp8Flops.value : gpu.bf16Flops.value;
}
