// The real import corpus as import takes it: every file with a provenance sidecar, with the setup the sidecar records.
import {readdirSync, readFileSync} from "node:fs";
import {join} from "node:path";

export const IMPORT_CORPUS = "test/fixtures/import-corpus";

/** Each corpus file under `dir` (all kinds by default), by path, with its sidecar's setup as `--set` values. */
export function corpusSources(dir = IMPORT_CORPUS): {path: string; set: Record<string, string>}[] {
  return readdirSync(dir, {recursive: true, encoding: "utf8"})
    .filter((f) => f.endsWith(".provenance.json"))
    .sort()
    .map((f) => ({
      path: join(dir, f.replace(/\.provenance\.json$/, "")),
      set: (JSON.parse(readFileSync(join(dir, f), "utf8")) as {setup: Record<string, string>}).setup
    }));
}
