// `npm run bundle`: dist-cli/ holds tps-report.mjs, the random-prompt worker, their shared chunks and the data files
// they read, so `node dist-cli/tps-report.mjs …` runs with plain Node ≥ 20, no node_modules, from any folder.
import {cpSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync} from "node:fs";
import {dirname, join, resolve} from "node:path";
import {build} from "esbuild";

const ROOT = resolve(import.meta.dirname, "..");
const OUT = join(ROOT, "dist-cli");
/** What the CLI reads at run time (see loaders/resources.ts), by its path in the checkout. */
const DATA = ["data/gpus/gpus.yaml", ...readdirSync(join(ROOT, "data/models")).map((f) => `data/models/${f}`)];

export async function bundle(out = OUT): Promise<void> {
  // Built beside the target and swapped in whole, so a half-written bundle is never what runs.
  const tmp = `${out}.tmp-${process.pid}`;
  rmSync(tmp, {recursive: true, force: true});
  await build({
    entryPoints: {
      "tps-report": join(ROOT, "loaders/cli/bundle-entry.ts"),
      "dataset-random-worker": join(ROOT, "loaders/client/dataset-random-worker.ts")
    },
    outdir: tmp,
    outExtension: {".js": ".mjs"},
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    define: {TPS_REPORT_BUNDLE: "true"},
    // Some dependencies are CommonJS and call require(); an ES module has none until it makes one.
    banner: {
      js: `import {createRequire as __tpsRequire} from "node:module"; const require = __tpsRequire(import.meta.url);`
    },
    // Flat: every file sits next to data/, which loaders/resources.ts finds from import.meta.url.
    chunkNames: "[name]-[hash]",
    legalComments: "none",
    logLevel: "warning"
  });
  for (const file of DATA) {
    mkdirSync(dirname(join(tmp, file)), {recursive: true});
    cpSync(join(ROOT, file), join(tmp, file));
  }
  writeFileSync(join(tmp, "package.json"), JSON.stringify({type: "module", private: true}) + "\n");
  rmSync(out, {recursive: true, force: true});
  renameSync(tmp, out);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) await bundle();
