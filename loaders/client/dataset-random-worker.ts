// Worker thread for the random dataset: runs the generator-free part of the re-encoding loop for the prompts it is
// sent (see `settle` in dataset-random.ts); the main thread finishes them in request order.
import {parentPort, workerData} from "node:worker_threads";
import {settle} from "./dataset-random.js";
import {tokenizerFromSource, type TokenizerSource} from "./tokenizer.js";

interface Job {
  index: number;
  tokens: number[];
  target: number;
}

const {id, source} = workerData as {id: string; source: TokenizerSource};
const tokenizer = await tokenizerFromSource(id, source);
parentPort!.on("message", (job: Job | null) => {
  if (job === null) {
    parentPort!.close();
    return;
  }
  parentPort!.postMessage({index: job.index, state: settle(tokenizer, job.tokens, job.target)});
});
parentPort!.postMessage({ready: true});
