// Writes a file through a temporary sibling and a rename, so readers never see half a file.
import {existsSync, renameSync, rmSync, statSync, writeFileSync} from "node:fs";
import {dirname} from "node:path";

export function writeFileAtomic(path: string, data: string | Uint8Array, mode?: number): void {
  // Checked first: a rename onto a folder or into a missing one fails naming the temporary file, not the user's.
  if (statSync(path, {throwIfNoEntry: false})?.isDirectory())
    throw new Error(`${path} is a folder; name a file to write`);
  if (!existsSync(dirname(path))) throw new Error(`${path}: its folder ${dirname(path)} does not exist`);
  const tmp = `${path}.${process.pid}.tmp`;
  try {
    writeFileSync(tmp, data, mode === undefined ? undefined : {mode});
    renameSync(tmp, path);
  } catch (error) {
    rmSync(tmp, {force: true});
    throw error;
  }
}
