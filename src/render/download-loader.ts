// The study-file loaders (src/data/*.ts): each hands on the file the page renderer made for this build or dev refresh
// (the downloads always, the other study files a page names), and only when there is none (a loader run on its own)
// makes it from the study.
import {readFileSync} from "node:fs";
import {join} from "node:path";
import type {StudyFile} from "../../loaders/export/study-files.js";
import {runLoader} from "../../loaders/files/write-stdout.js";
import {STATE_ENV} from "./store.js";

/** `make`: the file from the study when the renderer made none (by default the study loaded whole). */
export function runDownloadLoader(name: StudyFile, make?: () => Promise<string | Uint8Array>): Promise<void> {
  return runLoader(name, async () => {
    const state = process.env[STATE_ENV];
    if (state)
      try {
        return readFileSync(join(state, "downloads", name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      }
    if (make) return make();
    const [{studyFile}, {studyForLoader}] = await Promise.all([
      import("../../loaders/export/study-files.js"),
      import("../../loaders/live/for-loader.js")
    ]);
    return studyFile(name, await studyForLoader());
  });
}
