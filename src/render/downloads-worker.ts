// The downloads and the study files the pages name, made in a worker thread of the page renderer (downloads-aside.ts)
// while it draws the pages; the per-request figures it had to read go back, for the record cache.
import {join} from "node:path";
import {parentPort, workerData} from "node:worker_threads";
import {DOWNLOADS, writeDownloads} from "../../loaders/export/downloads.js";
import {studyFile, type StudyFile, type StudyFilesInput} from "../../loaders/export/study-files.js";
import {writeFileAtomic} from "../../loaders/files/write-atomic.js";

const {study, files, dir} = workerData as {study: StudyFilesInput; files: StudyFile[]; dir: string};
try {
  const unread = study.runs.filter((record) => record.perRequest === undefined);
  writeDownloads(study, dir);
  for (const name of files)
    if (!(DOWNLOADS as readonly string[]).includes(name)) writeFileAtomic(join(dir, name), studyFile(name, study));
  const read = unread.flatMap((record) =>
    record.perRequest === undefined ? [] : [[record.meta.id, record.perRequest]]
  );
  parentPort!.postMessage({done: true, read});
} catch (error) {
  // An error crosses threads as its message only: its code and file go along, for the renderer's one-line disk error.
  const e = error as NodeJS.ErrnoException;
  parentPort!.postMessage({
    error: {message: e.message, code: e.code, errno: e.errno, syscall: e.syscall, path: e.path}
  });
}
