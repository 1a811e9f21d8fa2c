// The build's run pages are put into their shells in a worker thread (run-details-worker.ts) beside the main thread's
// work after Framework's build.
import {tsxWorker} from "./tsx-worker.js";
import type {RunPageLayout} from "../../loaders/pages/run-pages.js";
import type {KeptRunPages} from "./run-details-wrap.js";

const WORKER = new URL("./run-details-worker.ts", import.meta.url).href;

export interface Wrapped {
  written: number;
  kept: number;
  shells: Record<string, string>;
}

/** wrapRunDetails in a worker thread; with `removeStaging`, the staging folder is removed once the pages are written. */
export function wrapRunDetailsAside(
  staging: string,
  output: string,
  layout: RunPageLayout,
  kept: KeptRunPages | null,
  removeStaging: boolean
): Promise<Wrapped> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const worker = tsxWorker(WORKER, {staging, output, layout, kept, removeStaging});
    worker.on("message", (message: {wrapped?: Wrapped; error?: string}) => {
      settled = true;
      if (message.wrapped) resolve(message.wrapped);
      else reject(new Error(message.error));
    });
    worker.on("error", (error) => {
      settled = true;
      reject(error);
    });
    worker.on("exit", (code) => {
      if (!settled)
        reject(new Error(`the run page worker (src/render/run-details-worker.ts) exited with code ${code}`));
    });
  });
}
