// `npm run build:incremental`: `observable build` with Framework's cache kept. Framework re-runs a data loader only when
// the loader's own file changes, so when the study changed since the last build the loaders' cached downloads are
// dropped first; the pages are drawn again from the study on every build (src/render/).
import {createHash} from "node:crypto";
import {existsSync, lstatSync, readdirSync, readFileSync, rmSync} from "node:fs";
import {join, resolve} from "node:path";
import {studyDir} from "../loaders/analysis/report.js";
import {writeFileAtomic} from "../loaders/files/write-atomic.js";
import {buildReport} from "./build.js";

const root = resolve(import.meta.dirname, "..");
const cache = join(root, "src/.observablehq/cache");
const stamp = join(cache, ".study-fingerprint");

/** Names, sizes and modification times of every file of the study: what the loaders read. */
function fingerprint(dir: string): string {
  const hash = createHash("sha256").update(resolve(dir));
  const walk = (path: string): void => {
    for (const name of readdirSync(path).sort()) {
      const child = join(path, name);
      const stat = lstatSync(child);
      if (stat.isDirectory()) walk(child);
      else hash.update(`${child}\0${stat.size}\0${stat.mtimeMs}\n`);
    }
  };
  walk(dir);
  return hash.digest("hex");
}

const now = fingerprint(studyDir());
const last = existsSync(stamp) ? readFileSync(stamp, "utf8") : null;
if (last !== now) rmSync(join(cache, "data"), {recursive: true, force: true});
const status = await buildReport(process.argv.slice(2));
if (status === 0) writeFileAtomic(stamp, now);
process.exit(status);
