// A write-up of test/fixtures/writeups imported into a folder of its own before a file's tests, and removed after them.
import {mkdtempSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll} from "vitest";
import {loadStudy, type StudyData} from "../../loaders/analysis/report.js";
import {importWriteup} from "../../loaders/import/writeup/index.js";

/** Registers the import with the calling file's hooks; the returned function gives the loaded study inside its tests. */
export function importedWriteup(page: string): () => StudyData {
  let root = "";
  let data: StudyData | null = null;
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), `tps-${page}-`));
    importWriteup(`test/fixtures/writeups/${page}.md`, root, new Date("2026-03-01T00:00:00Z"));
    data = await loadStudy(root);
  });
  afterAll(() => rmSync(root, {recursive: true, force: true}));
  return () => {
    if (!data) throw new Error(`${page}: read the study inside a test, after the file's beforeAll`);
    return data;
  };
}
