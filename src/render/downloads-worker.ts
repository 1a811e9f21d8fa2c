// The downloads, made in a worker thread of the page renderer (downloads-aside.ts) while it draws the pages.
import {parentPort, workerData} from "node:worker_threads";
import {writeDownloads, type DownloadsInput} from "../../loaders/export/downloads.js";

const {study, dir} = workerData as {study: DownloadsInput; dir: string};
try {
  writeDownloads(study, dir);
  parentPort!.postMessage({done: true});
} catch (error) {
  // An error crosses threads as its message only: its code and file go along, for the renderer's one-line disk error.
  const e = error as NodeJS.ErrnoException;
  parentPort!.postMessage({
    error: {message: e.message, code: e.code, errno: e.errno, syscall: e.syscall, path: e.path}
  });
}
