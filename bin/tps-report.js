#!/usr/bin/env node
// Runs the TypeScript CLI through tsx so no compile step is needed after `npm ci`.
import {register} from "tsx/esm/api";
register();
const {main} = await import("../loaders/cli/main.ts");
process.exitCode = await main(process.argv.slice(2));
