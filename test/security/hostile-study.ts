// A copy of the seed study to plant hostile run data in (issue 15's tests).
import {cpSync, mkdtempSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";

export const SEED = "data/studies/qwen3-32b-a100";
export const SGLANG = "engine-selection--sglang--sharegpt";
export const VLLM = "engine-selection--vllm--sharegpt";
export const TRTLLM = "engine-selection--trtllm--sharegpt";
export const FAILED = "quantization--trtllm-fp8--sharegpt";

const made: string[] = [];

export function copySeed(root = tmpdir()): string {
  const dir = mkdtempSync(join(root, "tps-hostile-"));
  made.push(dir);
  cpSync(SEED, join(dir, "study"), {recursive: true});
  return join(dir, "study");
}

export function removeCopies(): void {
  for (const dir of made.splice(0)) rmSync(dir, {recursive: true, force: true});
}
