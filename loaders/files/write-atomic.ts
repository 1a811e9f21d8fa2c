// Writes a file through a temporary sibling and a rename, so readers never see half a file.
import {existsSync, renameSync, rmSync, statSync, writeFileSync} from "node:fs";
import {dirname} from "node:path";

export function writeFileAtomic(path: string, data: string | Uint8Array, mode?: number): void {
  const tmp = `${path}.${process.pid}.tmp`;
  try {
    writeFileSync(tmp, data, mode === undefined ? undefined : {mode});
    renameSync(tmp, path);
  } catch (error) {
    rmSync(tmp, {force: true});
    // A rename onto a folder or a write into a missing one names the temporary file: said of the user's path instead.
    if (statSync(path, {throwIfNoEntry: false})?.isDirectory())
      throw new Error(`${path} is a folder; name a file to write`);
    if (!existsSync(dirname(path))) throw new Error(`${path}: its folder ${dirname(path)} does not exist`);
    throw error;
  }
}
