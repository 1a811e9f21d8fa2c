// Content hash of a run folder: sha256 over every file's relative path and bytes, in sorted path order.
import {createHash} from "node:crypto";
import {readdirSync, readFileSync} from "node:fs";
import {join, relative} from "node:path";

function files(dir: string, root = dir): string[] {
  return readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return files(path, root);
    return entry.isFile() ? [relative(root, path)] : [];
  });
}

export function folderHash(dir: string): string {
  const hash = createHash("sha256");
  for (const file of files(dir).sort()) {
    const content = createHash("sha256")
      .update(readFileSync(join(dir, file)))
      .digest("hex");
    hash.update(`${file}\0${content}\n`);
  }
  return hash.digest("hex");
}
