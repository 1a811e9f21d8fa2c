// What a live run records about the machine: its GPUs (nvidia-smi) and the engine version (server, else CLI, else plan).
import {execFile} from "node:child_process";

export const GPU_QUERY = ["nvidia-smi", "--query-gpu=name,memory.total,driver_version", "--format=csv"];

export interface GpuInfo {
  name: string;
  memory_total: string;
  driver_version: string;
}

export interface GpuQuery {
  gpus: GpuInfo[];
  /** Why no GPU could be listed (no nvidia-smi, error exit…), null when the query worked. */
  error: string | null;
}

function run(
  argv: string[],
  timeoutMs: number,
  env: NodeJS.ProcessEnv = process.env
): Promise<{stdout: string; error: string | null}> {
  return new Promise((resolve) => {
    execFile(
      argv[0],
      argv.slice(1),
      {timeout: timeoutMs, encoding: "utf8", windowsHide: true, env},
      (error, stdout, stderr) => {
        if (!error) return resolve({stdout, error: null});
        const code = (error as NodeJS.ErrnoException).code;
        const reason =
          code === "ENOENT"
            ? `${argv[0]} not found`
            : `${argv[0]} failed: ${(stderr || error.message).trim().split("\n").pop()}`;
        resolve({stdout, error: reason});
      }
    );
  });
}

/** Parses `nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv` (a header line, then one per GPU). */
export function parseGpuCsv(text: string): GpuInfo[] {
  const lines = text.split(/\r?\n/).filter((line) => line.trim());
  if (lines.length === 0 || !/^name\s*,/i.test(lines[0])) return [];
  return lines.slice(1).map((line) => {
    const cells = line.split(",").map((cell) => cell.trim());
    // A comma inside a GPU name would shift the last two cells; they are always the last two.
    const driver = cells.pop() ?? "";
    const memory = cells.pop() ?? "";
    return {name: cells.join(", "), memory_total: memory, driver_version: driver};
  });
}

/** `env`: the environment the study's servers get (its PATH finds nvidia-smi). */
export async function queryGpus(argv: string[] = GPU_QUERY, env: NodeJS.ProcessEnv = process.env): Promise<GpuQuery> {
  const {stdout, error} = await run(argv, 15_000, env);
  if (error) return {gpus: [], error};
  const gpus = parseGpuCsv(stdout);
  return gpus.length ? {gpus, error: null} : {gpus, error: `${argv[0]} listed no GPU`};
}

export interface EngineVersion {
  version: string;
  /** "endpoint GET /version", "cli", or "plan" (nothing answered; the plan's stated version is used). */
  from: string;
}

/** Routes where vLLM and TensorRT-LLM (/version) and SGLang (/get_server_info, /server_info) state their version. */
const VERSION_PATHS = ["/version", "/get_server_info", "/server_info"];

const withV = (version: string): string => (/^\d/.test(version) ? `v${version}` : version);

export async function versionFromServer(baseUrl: string): Promise<EngineVersion | null> {
  for (const path of VERSION_PATHS) {
    try {
      const response = await fetch(baseUrl + path, {signal: AbortSignal.timeout(3000)});
      if (response.status !== 200) {
        await response.arrayBuffer().catch(() => undefined);
        continue;
      }
      const body = (await response.json()) as {version?: unknown};
      if (typeof body?.version === "string" && body.version.trim())
        return {version: withV(body.version.trim()), from: `endpoint GET ${path}`};
    } catch {
      // Not this route.
    }
  }
  return null;
}

export async function versionFromCli(argv: string[] | undefined): Promise<EngineVersion | null> {
  if (!argv?.length) return null;
  const {stdout, error} = await run(argv, 60_000);
  // Engines print banners first; the version is the last line.
  const last = stdout.trim().split(/\r?\n/).pop()?.trim();
  if (error || !last) return null;
  const match = /\d+\.\d+[\w.+-]*/.exec(last);
  return {version: withV(match ? match[0] : last), from: "cli"};
}
