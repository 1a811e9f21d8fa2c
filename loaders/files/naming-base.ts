// Where the paths a site shows are named from, so a published page names the study's own files, never the author's disk.
import {dirname, resolve} from "node:path";
import {relativeBelow} from "./path-below.js";

/** The working folder when the study lies inside it, else the folder that holds the study. */
export function namingBase(studyDir: string, cwd = process.cwd()): string {
  const study = resolve(cwd, studyDir);
  return relativeBelow(cwd, study) === null ? dirname(study) : cwd;
}

/** `path` (relative to the working directory, as readers take it) named from `base` where it lies below it ("." where
 * it is `base`), else as given. */
export function shownPath(base: string, path: string): string {
  const rel = relativeBelow(base, path);
  return rel === null ? path : rel || ".";
}
