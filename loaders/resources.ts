// Where the files the CLI reads at run time live: the checkout's root when running from source, the bundle's own
// folder when running from dist-cli/ (npm run bundle copies them there), whatever the working directory.
import {dirname, join} from "node:path";
import {fileURLToPath} from "node:url";

// Set by the bundle build (scripts/bundle.ts); never defined in the checkout.
declare const TPS_REPORT_BUNDLE: boolean | undefined;

/** True in dist-cli/tps-report.mjs, false when running the TypeScript sources. */
export const IN_BUNDLE = typeof TPS_REPORT_BUNDLE !== "undefined" && TPS_REPORT_BUNDLE;

/** The checkout's root, or the bundle's folder: everything in the bundle is one file next to its data/. */
export const RESOURCE_ROOT = IN_BUNDLE
  ? dirname(fileURLToPath(import.meta.url))
  : fileURLToPath(new URL("..", import.meta.url));

/** A file shipped with tps-report, by its path in the checkout (`data/gpus/gpus.yaml`). */
export function resourcePath(relative: string): string {
  return join(RESOURCE_ROOT, relative);
}

/** The command that runs tps-report itself with this Node: the bundle, or the checkout's bin/tps-report.js. */
export function selfCommand(): string[] {
  return [process.execPath, resourcePath(IN_BUNDLE ? "tps-report.mjs" : "bin/tps-report.js")];
}
