// What a build builds, read from the environment: its own module, since the build script reads it before Framework
// starts and the site's analysis takes a second to load.
import {existsSync, readdirSync} from "node:fs";
import {basename, join} from "node:path";
import {notAStudy} from "../runs/study-folder.js";
import {idProblem} from "../study/ids.js";
import {studyDir} from "../study/study-dir.js";

export const STUDIES_ROOT = "data/studies";

export class SiteError extends Error {}

/** The folders TPS_REPORT_STUDIES names; null when it is unset or empty. Set to only commas and blanks it names
 * nothing: refused, rather than read as unset (which builds another study than the one meant). */
function namedStudies(env: Record<string, string | undefined>): string[] | null {
  const value = env.TPS_REPORT_STUDIES;
  if (!value) return null;
  const named = value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (!named.length)
    throw new SiteError(
      `TPS_REPORT_STUDIES is set to ${JSON.stringify(value)} but names no study folder; name them comma-separated, or unset it`
    );
  return named;
}

/** The study folders of the site: those TPS_REPORT_STUDIES names (comma-separated), else every folder under
 * data/studies holding a study.yaml, by name. */
export function siteStudyDirs(env: Record<string, string | undefined> = process.env, root = STUDIES_ROOT): string[] {
  const named = namedStudies(env);
  const dirs = named
    ? named
    : readdirSync(root, {withFileTypes: true})
        .filter((e) => e.isDirectory() && existsSync(join(root, e.name, "study.yaml")))
        .map((e) => join(root, e.name))
        .sort();
  for (const dir of dirs) {
    const why = notAStudy(dir);
    if (why) throw new SiteError(why);
  }
  if (!dirs.length) throw new SiteError(`${root}: no study folder (none holds a study.yaml)`);
  const seen = new Map<string, string>();
  for (const dir of dirs) {
    const id = siteStudyId(dir);
    const other = seen.get(id);
    if (other) throw new SiteError(`${dir}: its folder name '${id}' is also ${other}'s; each study needs its own path`);
    seen.set(id, dir);
  }
  return dirs;
}

/** What `npm run build` builds: with TPS_REPORT_STUDIES, the site of the studies it names; else one study at the root
 * (TPS_REPORT_STUDY, else the seed), as before. */
export function buildTarget(
  env: Record<string, string | undefined> = process.env
): {kind: "study"} | {kind: "site"; studies: string[]} {
  if (!namedStudies(env)) {
    const why = notAStudy(studyDir(env));
    if (why) throw new SiteError(`TPS_REPORT_STUDY: ${why}`);
    return {kind: "study"};
  }
  if (env.TPS_REPORT_STUDY?.trim())
    throw new SiteError(
      "TPS_REPORT_STUDY builds one study at the root and TPS_REPORT_STUDIES a site of many: set one of them, not both"
    );
  return {kind: "site", studies: siteStudyDirs(env)};
}

/** A study's path segment on the site: its folder's name, which must be an id (safe in paths and HTML). */
export function siteStudyId(dir: string): string {
  const id = basename(dir.replace(/\/+$/, ""));
  const problem = idProblem(id);
  if (problem) throw new SiteError(`${dir}: the folder name '${id}' cannot be a site path: ${problem}`);
  return id;
}
