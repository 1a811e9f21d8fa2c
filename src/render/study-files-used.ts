// The study files the site's pages name (a notebook's FileAttachment("data/requests.csv"), a page loader's link):
// the renderer makes each of them beside the downloads, so no loader process loads the study again and every
// build's copy is dated alike (src/build/build.ts).
import {readdirSync, readFileSync} from "node:fs";
import {join} from "node:path";
import {STUDY_FILES, type StudyFile} from "../../loaders/export/study-files.js";

const NAMED = new RegExp(`data/(${STUDY_FILES.map((f) => f.replace(/\./g, "\\.")).join("|")})(?![\\w.])`, "g");

/** Every study file a page under `root` names, in STUDY_FILES' order. */
export function studyFilesUsed(root: string): StudyFile[] {
  const named = new Set<string>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, {withFileTypes: true})) {
      if (/^[._]/.test(entry.name) || entry.name === "node_modules") continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.md(\.\w+)?$/.test(entry.name))
        for (const match of readFileSync(path, "utf8").matchAll(NAMED)) named.add(match[1]);
    }
  };
  walk(root);
  return STUDY_FILES.filter((file) => named.has(file));
}
