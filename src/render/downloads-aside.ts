// The page renderer hands the downloads and the study files its pages name to a worker thread as soon as the study is
// loaded, so they are made on the machine's other core while the pages are drawn.
import {tsxWorker} from "./tsx-worker.js";
import type {StudyFile, StudyFilesInput} from "../../loaders/export/study-files.js";
import type {PerRequest} from "../../loaders/requests/request-collector.js";

const WORKER = new URL("./downloads-worker.ts", import.meta.url).href;

/** Writes every download and each of `files` into `dir` in a worker thread; settles once they are written, with the
 * per-request figures the worker read (by run id), or with the worker's error. */
export function writeDownloadsAside(
  {plan, rows, report, runs}: StudyFilesInput,
  files: readonly StudyFile[],
  dir: string
): Promise<Map<string, PerRequest | null>> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const worker = tsxWorker(WORKER, {study: {plan, rows, report, runs}, files, dir});
    worker.on(
      "message",
      (message: {read?: [string, PerRequest | null][]; error?: Record<string, unknown> & {message: string}}) => {
        settled = true;
        if (message.error) reject(Object.assign(new Error(message.error.message), message.error));
        else resolve(new Map(message.read));
      }
    );
    worker.on("error", (error) => {
      settled = true;
      reject(error);
    });
    worker.on("exit", (code) => {
      if (!settled) reject(new Error(`the downloads worker (src/render/downloads-worker.ts) exited with code ${code}`));
    });
  });
}
