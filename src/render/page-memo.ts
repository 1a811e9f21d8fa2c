// An incremental build's renderer draws a page only when what the page is drawn from changed since a build kept its
// fragments: at 1000× the seed a new run changes one step's page, and drawing all 406 step pages took 37 s.
import {createHash} from "node:crypto";
import {mkdirSync, readdirSync, readFileSync, rmSync, statSync} from "node:fs";
import {join} from "node:path";
import {writeFileAtomic} from "../../loaders/files/write-atomic.js";
import type {PageFragments} from "./fragment.js";
import {planBesideRecords} from "../../loaders/runs/run-record-cache.js";

/** Set by an incremental build (tools/build-incremental.ts): the folder of the renderer's memo. */
export const PAGE_MEMO_ENV = "TPS_REPORT_PAGE_MEMO";

/** Where the study's run records (and, beside them, its parsed plan) are kept for the memo's next build: beside the
 * memo, not in it, as the memo's prune removes what it did not write. */
export function studyKeeping(memoDir: string, version: string): {file: string; version: string} {
  return {file: `${memoDir.replace(/\/+$/, "")}.runs`, version};
}

/** Where the parsed plan is kept: the file loadStudy keeps it in for the same memo (loaders/analysis/report.ts). */
export function planKeeping(memoDir: string, version: string): {file: string; version: string} {
  return planBesideRecords(studyKeeping(memoDir, version));
}

/** A page's fragments already serialized, as the memo keeps them, and their key there. `json` is null for a page the
 * memo held when it was opened `lazy`: whoever needs the fragments reads them from the memo's file (page-line.ts). */
export class SerializedFragments {
  constructor(
    readonly json: string | null,
    readonly key: string
  ) {}
}

export interface PageMemo {
  /** The page's fragments from the memo, or drawn by `make` and kept. */
  page(path: string, input: unknown, make: () => Promise<PageFragments>): Promise<SerializedFragments>;
  /** Removes what this build did not use and no later renderer wrote. */
  prune(): void;
}

/** A memo in `dir`, keyed by the code's version, the page, the run-set count its links read and its input as JSON.
 * `lazy` (a build, where nothing prunes the memo before the build ends): a page the memo holds is not read. */
export function pageMemo(dir: string, version: string, sets: number, lazy = false): PageMemo {
  mkdirSync(dir, {recursive: true});
  // Renderers overlap in `npm run dev`; file times are coarser than the clock, hence the margin.
  const started = Date.now() - 1000;
  const used = new Set<string>();
  // A page's two languages share their input: at 1000× the seed its JSON was made and hashed twice, 2 s of 46.
  const digests = new WeakMap<object, string>();
  const digestOf = (input: unknown): string => {
    const known = typeof input === "object" && input !== null ? digests.get(input) : undefined;
    if (known) return known;
    const digest = createHash("sha256").update(JSON.stringify(input)).digest("hex");
    if (typeof input === "object" && input !== null) digests.set(input, digest);
    return digest;
  };
  return {
    async page(path, input, make) {
      const key = createHash("sha256")
        .update(`${version}\0${path}\0${sets}\0${digestOf(input)}`)
        .digest("hex");
      const name = `${key}.json`;
      used.add(name);
      const file = join(dir, name);
      try {
        if (lazy) {
          if (statSync(file).isFile()) return new SerializedFragments(null, key);
        } else return new SerializedFragments(readFileSync(file, "utf8"), key);
      } catch (error) {
        // Not kept, or pruned by a renderer that started earlier: drawn again.
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      }
      const json = JSON.stringify(await make());
      writeFileAtomic(file, json);
      return new SerializedFragments(json, key);
    },
    prune() {
      for (const name of readdirSync(dir)) {
        if (used.has(name)) continue;
        const file = join(dir, name);
        const written = statSync(file, {throwIfNoEntry: false})?.mtimeMs;
        // A temporary file is another renderer's write in progress, unless a killed one left it long ago.
        const before = name.endsWith(".json") ? started : started - 3_600_000;
        if (written !== undefined && written < before) rmSync(file, {force: true});
      }
    }
  };
}
