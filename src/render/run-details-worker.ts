// Puts the drawn run pages into their set page's shell in a worker thread of the build (run-details-aside.ts), while
// the main thread puts the drawn blocks into Framework's pages: at 1000× the seed each took seconds, one after the other.
import {rmSync} from "node:fs";
import {parentPort, workerData} from "node:worker_threads";
import type {RunPageLayout} from "../../loaders/pages/run-pages.js";
import {wrapRunDetails, type KeptRunPages} from "./run-details-wrap.js";

const {staging, output, layout, kept, removeStaging} = workerData as {
  staging: string;
  output: string;
  layout: RunPageLayout;
  kept: KeptRunPages | null;
  removeStaging: boolean;
};
try {
  const wrapped = wrapRunDetails(staging, output, layout, kept);
  // A cold build's drawn bodies are not kept: 34,000 files at 1000×, removed here rather than after the build.
  if (removeStaging) rmSync(staging, {recursive: true, force: true});
  parentPort!.postMessage({wrapped});
} catch (error) {
  parentPort!.postMessage({error: (error as Error).message});
}
