// How a file is named to the processes and pages that read it: from a folder it lies below, else by its absolute path.
import {isAbsolute, relative, resolve} from "node:path";

/** `file` relative to `base` where it lies below it ("" where it is `base`), else null; a relative `file` is taken from
 * the working directory, as the processes that read it take it. */
export function relativeBelow(base: string, file: string): string | null {
  const rel = relative(resolve(base), resolve(file));
  return rel.startsWith("..") || isAbsolute(rel) ? null : rel;
}

/** `file`'s path relative to `base` where it lies below it, else its absolute path. */
export function pathBelow(base: string, file: string): string {
  return relativeBelow(base, file) || resolve(file);
}
