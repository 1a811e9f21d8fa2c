// Apart from the drawing (src/render/run-details.ts): the build script reads the layout before Framework starts, and
// the drawing's chart libraries take a second to load.
import {join} from "node:path";
import {runPageLayout, type RunPageLayout} from "../../loaders/pages/run-pages.js";
import {listRunDirs} from "../../loaders/runs/read-runs.js";
import * as runSets from "../components/runSets.js";

/** How the study's runs are laid out: run pages are written only when there are sets. */
export function runDetailsLayout(dir: string): RunPageLayout {
  return runPageLayout(listRunDirs(join(dir, "runs")), runSets);
}
