// `npm run build:incremental`: `npm run build` that takes from the last build of the same output what has not changed
// (src/build/build.ts): the pages whose drawn fragments are the same, and the run folders read before. Its output
// equals a cold build's, file for file.
import {main} from "./build.js";

process.exit(await main(true));
