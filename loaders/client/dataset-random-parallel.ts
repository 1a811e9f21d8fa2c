// The random dataset with its expensive part (decoding and re-encoding long prompts) spread over worker threads.
// The result is the same as randomDataset's: workers never touch the generator (see `settle`).
import {existsSync} from "node:fs";
import {createRequire} from "node:module";
import {cpus} from "node:os";
import {pathToFileURL} from "node:url";
import {Worker} from "node:worker_threads";
import {
  completeRandomPlan,
  randomPlan,
  type RandomDataset,
  type RandomDatasetOptions,
  type Settling
} from "./dataset-random.js";
import type {BenchTokenizer} from "./tokenizer.js";
import {IN_BUNDLE, resourcePath} from "../resources.js";

/** Prompt tokens below which one thread is faster than starting workers (each loads the tokenizer first, BENCHMARKS.md). */
const PARALLEL_FROM_TOKENS = 400_000;

// Workers start from a two-line ES module that registers tsx (as bin/tps-report.js does) and then imports the
// TypeScript worker; tsx's ESM API sits next to the CommonJS file that require.resolve finds.
// The bundle ships the worker as its own plain-JavaScript entry next to it.
function workerBootstrap(): URL {
  if (IN_BUNDLE) return pathToFileURL(resourcePath("dataset-random-worker.mjs"));
  const api = createRequire(import.meta.url)
    .resolve("tsx/esm/api")
    .replace(/\.cjs$/, ".mjs");
  if (!existsSync(api)) throw new Error(`tsx ESM API not found at ${api}`);
  const entry = new URL("./dataset-random-worker.ts", import.meta.url).href;
  const code = `import {register} from ${JSON.stringify(pathToFileURL(api).href)}; register(); await import(${JSON.stringify(entry)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(code)}`);
}

async function settleInWorkers(
  tokenizer: BenchTokenizer,
  sequences: number[][],
  targets: number[],
  workers: number
): Promise<Settling[]> {
  const source = tokenizer.source!;
  const results = new Array<Settling>(sequences.length);
  let next = 0;
  let finished = 0;
  const pool: Worker[] = [];
  const bootstrap = workerBootstrap();
  try {
    await new Promise<void>((resolve, reject) => {
      const feed = (worker: Worker): void => {
        if (next < sequences.length) {
          const index = next++;
          worker.postMessage({index, tokens: sequences[index], target: targets[index]});
        } else worker.postMessage(null);
      };
      for (let w = 0; w < workers; w++) {
        const worker = new Worker(bootstrap, {workerData: {id: tokenizer.id, source}});
        pool.push(worker);
        worker.on("message", (message: {ready?: true; index?: number; state?: Settling}) => {
          if (message.index !== undefined && message.state) {
            results[message.index] = message.state;
            if (++finished === sequences.length) resolve();
          }
          feed(worker);
        });
        worker.on("error", reject);
        worker.on("exit", (code) => {
          if (code !== 0) reject(new Error(`dataset worker exited with ${code}`));
        });
      }
    });
  } finally {
    await Promise.all(pool.map((worker) => worker.terminate()));
  }
  return results;
}

/** randomDataset, in worker threads when the prompts are long enough to be worth it; falls back to one thread. */
export async function randomDatasetParallel(
  tokenizer: BenchTokenizer,
  options: RandomDatasetOptions,
  log: (line: string) => void = () => {},
  workers = Math.min(8, cpus().length),
  minTokens = PARALLEL_FROM_TOKENS
): Promise<RandomDataset> {
  const plan = randomPlan(tokenizer, options);
  const total = plan.targets.reduce((a, b) => a + b, 0);
  const count = Math.min(workers, plan.sequences.length);
  if (!tokenizer.source || count < 2 || total < minTokens) return completeRandomPlan(tokenizer, plan);
  let settled: Settling[];
  try {
    settled = await settleInWorkers(tokenizer, plan.sequences, plan.targets, count);
  } catch (error) {
    log(`WARNING: building prompts in worker threads failed (${(error as Error).message}); using one thread.`);
    return completeRandomPlan(tokenizer, plan);
  }
  return completeRandomPlan(tokenizer, plan, settled);
}
