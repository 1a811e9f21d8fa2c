// Writes a file through a temporary sibling and a rename, so readers never see half a file.
import {renameSync, writeFileSync, rmSync} from "node:fs";

export function writeFileAtomic(path: string, data: string | Uint8Array, mode?: number): void {
  const tmp = `${path}.${process.pid}.tmp`;
  try {
    writeFileSync(tmp, data, mode === undefined ? undefined : {mode});
    renameSync(tmp, path);
  } catch (error) {
    rmSync(tmp, {force: true});
    throw error;
  }
}
