// The page renderer hands the downloads to a worker thread as soon as the study is loaded, so they are made on the
// machine's other core while the pages are drawn.
import {tsxWorker} from "./tsx-worker.js";
import type {DownloadsInput} from "../../loaders/export/downloads.js";

const WORKER = new URL("./downloads-worker.ts", import.meta.url).href;

/** Writes every download into `dir` in a worker thread; settles once they are written, or with the worker's error. */
export function writeDownloadsAside({plan, rows, report}: DownloadsInput, dir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const worker = tsxWorker(WORKER, {study: {plan, rows, report}, dir});
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
