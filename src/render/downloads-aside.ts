// The page renderer hands the downloads to a worker thread as soon as the study is loaded: at 1000× the seed they took
// 5 s after the pages, while the build waited on them, and the second core was idle.
import {Worker} from "node:worker_threads";
import {tsxWorker} from "./tsx-worker.js";
import type {DownloadsInput} from "../../loaders/export/downloads.js";

const WORKER = new URL("./downloads-worker.ts", import.meta.url).href;

/** Set by the build that started the renderer (renderer-start.ts): the worker bundled, which needs no loader. */
export const DOWNLOADS_WORKER_ENV = "TPS_REPORT_DOWNLOADS_WORKER";

/** Writes every download into `dir` in a worker thread; settles once they are written, or with the worker's error. */
export function writeDownloadsAside(
  {plan, rows, report}: DownloadsInput,
  dir: string,
  loaderCache?: string
): Promise<void> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const bundle = process.env[DOWNLOADS_WORKER_ENV];
    const workerData = {study: {plan, rows, report}, dir, loaderCache};
    const worker = bundle ? new Worker(bundle, {workerData}) : tsxWorker(WORKER, workerData);
    worker.on("message", (message: {done?: true; error?: Record<string, unknown> & {message: string}}) => {
      settled = true;
      if (message.error) reject(Object.assign(new Error(message.error.message), message.error));
      else resolve();
    });
    worker.on("error", (error) => {
      settled = true;
      reject(error);
    });
    worker.on("exit", (code) => {
      if (!settled) reject(new Error(`the downloads worker (src/render/downloads-worker.ts) exited with code ${code}`));
    });
  });
}
