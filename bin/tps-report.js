#!/usr/bin/env node
// Runs the prebuilt bundle (npm run bundle → dist-cli/) when it is newer than every source file, so a command starts
// without compiling; otherwise runs the TypeScript CLI through tsx, so no compile step is needed after `npm ci`.
import {fileURLToPath, pathToFileURL} from "node:url";
import {bundleFresh} from "./bundle-fresh.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const bundle = `${root}dist-cli/tps-report.mjs`;

if (process.env.TPS_REPORT_FROM_SOURCE !== "1" && bundleFresh(root)) {
  await import(pathToFileURL(bundle).href);
} else {
  try {
    const {register} = await import("tsx/esm/api");
    register();
    const {main} = await import("../loaders/cli/main.ts");
    process.exitCode = await main(process.argv.slice(2));
  } catch (error) {
    // Only a broken install gets here (main catches the commands' errors): one line, and how to repair it.
    const line = String(error?.message ?? error).split("\n")[0];
    process.stderr.write(`tps-report: ${line} (run 'npm ci' in the tps-report folder)\n`);
    process.exitCode = 1;
  }
}
