// The page renderer (render-site.ts) in its own process. tools/build.ts starts it as Framework starts, so the study
// loads while Framework and its config load; the config then reads its pages and, beside them, its exit status.
import {spawn, type ChildProcess} from "node:child_process";
import {closeSync, existsSync, openSync, readFileSync} from "node:fs";
import {writeFileAtomic} from "../../loaders/files/write-atomic.js";
import {entryArgs, rendererBundle} from "./renderer-bundle.js";
import {DOWNLOADS_WORKER_ENV} from "./downloads-aside.js";

/** Set by tools/build.ts when it started the renderer, which writes into the splice file (fragment-splice.ts). */
export const RENDERER_STARTED_ENV = "TPS_REPORT_RENDERER_STARTED";

// A larger young generation: the renderer makes short-lived DOM and chart objects by the million (at 1000× the seed it
// took 70.7 s alone with it, 77.6 s without).
export const RENDERER_NODE_OPTIONS = ["--max-semi-space-size=128"];

const RENDERER = "src/render/render-site.ts";
const DOWNLOADS_WORKER = "src/render/downloads-worker.ts";

const exitFile = (pagesFile: string) => `${pagesFile}.exit`;

/** The renderer's exit status once it has exited, else null. */
export function rendererExit(pagesFile: string): () => number | null {
  const file = exitFile(pagesFile);
  return () => (existsSync(file) ? Number(readFileSync(file, "utf8")) : null);
}

/** Starts the renderer with its pages going to `pagesFile`: `done` is its exit status, once written; `stop` ends it. */
export function startRenderer(
  root: string,
  pagesFile: string,
  env: NodeJS.ProcessEnv
): {done: Promise<number>; stop(): void} {
  const out = openSync(pagesFile, "w");
  let stopped = false;
  let child: ChildProcess | null = null;
  // Without a bundled worker, the renderer's worker registers tsx itself (downloads-aside.ts).
  const entry = Promise.all([entryArgs(root, RENDERER), rendererBundle(root, DOWNLOADS_WORKER).catch(() => null)]).then(
    ([args, worker]) => {
      if (worker) env = {...env, [DOWNLOADS_WORKER_ENV]: worker};
      return args;
    }
  );
  const done = entry.then(
    (args) =>
      new Promise<number>((resolve) => {
        const finish = (code: number) => {
          writeFileAtomic(exitFile(pagesFile), String(code));
          resolve(code);
        };
        if (stopped) {
          closeSync(out);
          return finish(128);
        }
        child = spawn(process.execPath, [...RENDERER_NODE_OPTIONS, ...args], {
          cwd: root,
          env,
          stdio: ["ignore", out, "inherit"]
        });
        closeSync(out);
        child.on("error", () => finish(-1));
        child.on("exit", (code, signal) => finish(code ?? (signal ? 128 : 0)));
      })
  );
  return {
    done,
    stop: () => {
      stopped = true;
      if (child && child.exitCode === null) child.kill();
    }
  };
}
