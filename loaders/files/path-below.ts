// How a file is named to the processes and pages that read it: from a folder it lies below, else by its absolute path.
import {isAbsolute, relative, resolve} from "node:path";

/** `file`'s path relative to `base` where it lies below it, else its absolute path. */
export function pathBelow(base: string, file: string): string {
  const rel = relative(resolve(base), resolve(file));
  return rel && !rel.startsWith("..") && !isAbsolute(rel) ? rel : resolve(file);
}
