// `npm run build`: one study at the root (TPS_REPORT_STUDY, else the seed) as before, Framework's cache and dist/
// removed first; with TPS_REPORT_STUDIES, the site of the studies it names, as `npm run build:site` builds it.
import {spawnSync} from "node:child_process";
import {rmSync} from "node:fs";
import {join, resolve} from "node:path";
import {buildTarget, SiteError} from "../loaders/pages/site.js";
import {buildSiteFromEnv} from "./build-site.js";

const root = resolve(import.meta.dirname, "..");

let target: ReturnType<typeof buildTarget>;
try {
  target = buildTarget();
} catch (error) {
  if (!(error instanceof SiteError)) throw error;
  process.stderr.write(`build: ${error.message}\n`);
  process.exit(1);
}
if (target.kind === "site") process.exit(await buildSiteFromEnv(target.studies, "build"));
// What `npm run clean && observable build` did: every loader runs again, dist/ starts empty.
rmSync(join(root, "src/.observablehq/cache"), {recursive: true, force: true});
rmSync(join(root, "dist"), {recursive: true, force: true});
const framework = join(root, "node_modules/@observablehq/framework/dist/bin/observable.js");
const build = spawnSync(process.execPath, [framework, "build"], {cwd: root, stdio: "inherit"});
process.exit(build.status ?? 1);
