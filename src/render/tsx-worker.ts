// Worker threads do not inherit a TypeScript loader (node --import tsx): a worker on a .ts file registers tsx first.
import {Worker} from "node:worker_threads";

/** A worker thread running the TypeScript module at `url`, with `workerData`. */
export function tsxWorker(url: string, workerData: unknown): Worker {
  const boot = `import("tsx/esm/api").then(({register}) => { register(); return import(${JSON.stringify(url)}); })`;
  return new Worker(boot, {eval: true, workerData});
}
