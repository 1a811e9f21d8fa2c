// The GPUs this host lends a study: nvidia-smi's list, narrowed to CUDA_VISIBLE_DEVICES where that is set.
import {execFile} from "node:child_process";

export const HOST_GPU_QUERY = ["nvidia-smi", "--query-gpu=index,name,memory.total", "--format=csv,noheader"];

export interface HostGpu {
  /** nvidia-smi's index: what CUDA_VISIBLE_DEVICES and `nvidia-smi -i` name the GPU by. */
  index: number;
  name: string;
  memory_total: string;
}

export interface HostGpus {
  gpus: HostGpu[];
  /** CUDA_VISIBLE_DEVICES as this command was given it (null when unset). */
  visible: string | null;
  /** Why the host's GPUs are unknown (no nvidia-smi, a list it cannot read), null when they are known. */
  error: string | null;
}

/** `nvidia-smi --query-gpu=index,name,memory.total --format=csv,noheader`: one GPU a line, no header. */
export function parseHostGpus(text: string): HostGpu[] | {error: string} {
  const gpus: HostGpu[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim()) continue;
    const cells = line.split(",").map((cell) => cell.trim());
    const index = cells.shift() ?? "";
    // A comma inside a GPU name would split it: the memory is always the last cell.
    const memory = cells.pop() ?? "";
    if (!/^\d+$/.test(index) || !cells.length)
      return {error: `expected 'index, name, memory.total'; got '${line.slice(0, 80)}'`};
    gpus.push({index: Number(index), name: cells.join(", "), memory_total: memory});
  }
  return gpus;
}

/** The GPUs CUDA_VISIBLE_DEVICES leaves of the host's (all of them when it is unset). */
export function visibleGpus(all: HostGpu[], cudaVisible: string | undefined): HostGpu[] | {error: string} {
  if (cudaVisible === undefined) return all;
  const entries = cudaVisible.split(",").map((entry) => entry.trim());
  if (cudaVisible.trim() === "") return [];
  const picked: HostGpu[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry))
      return {
        error: `CUDA_VISIBLE_DEVICES=${cudaVisible} names a GPU by '${entry}'; --parallel places GPUs by index (0,1,…)`
      };
    const gpu = all.find((g) => g.index === Number(entry));
    if (!gpu)
      return {
        error: `CUDA_VISIBLE_DEVICES=${cudaVisible} names GPU ${entry}, which nvidia-smi does not list (${all.map((g) => g.index).join(", ") || "none"})`
      };
    if (!picked.includes(gpu)) picked.push(gpu);
  }
  return picked;
}

export function queryHostGpus(env: NodeJS.ProcessEnv, argv: string[] = HOST_GPU_QUERY): Promise<HostGpus> {
  const visible = env.CUDA_VISIBLE_DEVICES ?? null;
  return new Promise((resolve) => {
    execFile(
      argv[0],
      argv.slice(1),
      {timeout: 15_000, encoding: "utf8", windowsHide: true, env},
      (error, stdout, stderr) => {
        if (error) {
          const code = (error as NodeJS.ErrnoException).code;
          const reason =
            code === "ENOENT"
              ? `${argv[0]} not found`
              : `${argv[0]} failed: ${(stderr || error.message).trim().split("\n").pop()}`;
          return resolve({gpus: [], visible, error: reason});
        }
        const all = parseHostGpus(stdout);
        if ("error" in all) return resolve({gpus: [], visible, error: `${argv[0]}: ${all.error}`});
        if (!all.length) return resolve({gpus: [], visible, error: `${argv[0]} listed no GPU`});
        const gpus = visibleGpus(all, env.CUDA_VISIBLE_DEVICES);
        resolve("error" in gpus ? {gpus: [], visible, error: gpus.error} : {gpus, visible, error: null});
      }
    );
  });
}
