// Where the paths a site shows are named from, so a published page names the study's own files, never the author's disk.
import {dirname, isAbsolute, relative, resolve} from "node:path";

/** The working folder when the study lies inside it, else the folder that holds the study. */
export function namingBase(studyDir: string, cwd = process.cwd()): string {
  return below(cwd, studyDir) === null ? dirname(resolve(cwd, studyDir)) : cwd;
}

/** `path` relative to `base` where it lies below it (or is it: "."), else as given. */
export function shownPath(base: string, path: string): string {
  return below(base, path) ?? path;
}

function below(base: string, path: string): string | null {
  const rel = relative(resolve(base), resolve(base, path));
  return rel.startsWith("..") || isAbsolute(rel) ? null : rel || ".";
}
