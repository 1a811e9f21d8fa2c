// Pins the dates of Framework's loader outputs: Framework embeds each output's modification time in the pages (and
// in its file hashes), so a build from outputs dated alike is byte-identical whenever it runs.
import {execFileSync} from "node:child_process";
import {readdirSync, statSync, utimesSync} from "node:fs";
import {join} from "node:path";

/** Sets every file under dir not yet dated `epoch` (seconds) to it, but for hidden ones and the top-level names in
 * `skip`; the number of files it dated. A missing dir has none. */
export function pinFileDates(dir: string, epoch: number, skip: readonly string[] = []): number {
  const files = filesDatedOtherwise(dir, epoch, skip);
  for (const file of files) utimesSync(file, epoch, epoch);
  return files.length;
}

/** The files under dir dated otherwise than `epoch` (seconds), but for hidden ones and the top-level names in `skip`. */
export function filesDatedOtherwise(dir: string, epoch: number, skip: readonly string[] = []): string[] {
  let entries;
  try {
    entries = readdirSync(dir, {withFileTypes: true});
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  return entries.flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.name.startsWith(".") || skip.includes(entry.name)) return [];
    if (entry.isDirectory()) return filesDatedOtherwise(path, epoch);
    return entry.isFile() && statSync(path).mtimeMs !== epoch * 1000 ? [path] : [];
  });
}

/** Why the build cannot be dated: said in one line. */
export class SourceDateError extends Error {}

/** SOURCE_DATE_EPOCH, else the date of the last commit that touched data/, loaders/ or src/; an error line if neither. */
export function sourceDateEpoch(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): number {
  const given = env.SOURCE_DATE_EPOCH;
  if (given != null && given !== "") {
    if (!/^\d+$/.test(given.trim()))
      throw new SourceDateError(`SOURCE_DATE_EPOCH '${given}' is not a whole number of seconds`);
    return Number(given.trim());
  }
  let text: string;
  try {
    text = execFileSync("git", ["log", "-1", "--format=%ct", "--", "data", "loaders", "src"], {cwd, encoding: "utf8"});
  } catch {
    throw new SourceDateError(
      "no SOURCE_DATE_EPOCH, and git could not date the last commit of data/, loaders/ and src/"
    );
  }
  if (!/^\d+$/.test(text.trim()))
    throw new SourceDateError(
      "no SOURCE_DATE_EPOCH, and git found no commit of data/, loaders/ and src/ to date the build by"
    );
  return Number(text.trim());
}
