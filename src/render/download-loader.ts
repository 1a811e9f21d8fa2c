// The five download loaders (src/data/*.ts): each hands on the file the page renderer made for this build, and only
// when it made none (a loader run on its own) imports the study's exports and loads the study.
import {renderedDownload} from "../../loaders/export/downloads-env.js";
import type {Download} from "../../loaders/export/downloads.js";
import {runLoader} from "../../loaders/files/write-stdout.js";

export function runDownloadLoader(name: Download): Promise<void> {
  return runLoader(name, async () => {
    const made = renderedDownload(name);
    if (made) return made;
    const [{download}, {studyForLoader}] = await Promise.all([
      import("../../loaders/export/downloads.js"),
      import("../../loaders/live/for-loader.js")
    ]);
    return download(name, await studyForLoader());
  });
}
