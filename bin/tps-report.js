#!/usr/bin/env node
// Runs the TypeScript CLI through tsx so no compile step is needed after `npm ci`.
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
