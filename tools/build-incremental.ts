// `npm run build:incremental`: a build that takes from the last build of the same output what has not changed
// (tools/build-reuse.ts): the pages whose drawn fragments are the same, the drawn pages kept by the renderer, the run
// pages whose run folder is the same. Its output equals a cold build's, file for file. Framework re-runs a data loader
// only when the loader's own file changes, so its cached downloads are dropped first: the renderer links this build's
// in (downloads-env.ts), or the loaders hand them on.
import {rmSync} from "node:fs";
import {join, resolve} from "node:path";
import {buildReport} from "./build.js";

const cache = join(resolve(import.meta.dirname, ".."), "src/.observablehq/cache");
rmSync(join(cache, "data"), {recursive: true, force: true});
process.exit(await buildReport(process.argv.slice(2), true));
