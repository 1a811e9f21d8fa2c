// The five download loaders (src/data/*.ts): each hands on the file the page renderer made for this build or dev
// refresh, and only when there is none (a loader run on its own) loads the study and makes it.
import {readFileSync} from "node:fs";
import {join} from "node:path";
import type {Download} from "../../loaders/export/downloads.js";
import {runLoader} from "../../loaders/files/write-stdout.js";
import {STATE_ENV} from "./store.js";

export function runDownloadLoader(name: Download): Promise<void> {
  return runLoader(name, async () => {
    const state = process.env[STATE_ENV];
    if (state)
      try {
        return readFileSync(join(state, "downloads", name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      }
    const [{download}, {studyForLoader}] = await Promise.all([
      import("../../loaders/export/downloads.js"),
      import("../../loaders/live/for-loader.js")
    ]);
    return download(name, await studyForLoader());
  });
}
