// Entry of the prebuilt bundle (dist-cli/tps-report.mjs): the same CLI, already compiled, with no node_modules.
import {main} from "./main.js";

process.exitCode = await main(process.argv.slice(2));
