// `npm run build:site`: every study under data/studies (or those TPS_REPORT_STUDIES names) built into one site
// (src/build/site-build.ts).
import {siteMain} from "../src/build/site-build.js";

process.exit(await siteMain());
