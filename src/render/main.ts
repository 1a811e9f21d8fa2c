// The page renderer as its own process, so each build or dev refresh draws with the code as it is now: loads the study,
// draws every page into the page store, writes the downloads and then site.json. Exit 0, or one line and 1 (74 for a
// disk that refused a write). `npm run build` and `npm run dev` start it (src/build/draw.ts).
import {join} from "node:path";
import {parseArgs} from "node:util";
import {studyForLoader} from "../../loaders/live/for-loader.js";
import {checkWarning} from "../../loaders/pages/quality.js";
import {exitOnDiskError} from "../../loaders/files/write-stdout.js";
import {codeVersion} from "./code-version.js";
import {keepRawHtmlAsText} from "./dom.js";
import {writeDownloadsAside} from "./downloads-aside.js";
import {drawSite} from "./draw-site.js";
import {Memo, ReuseError} from "./memo.js";
import {PageStore, readSite, type DrawnSite} from "./store.js";
import {studyDir} from "../../loaders/study/study-dir.js";
import {runPageLayout} from "../../loaders/pages/run-pages.js";
import {listRunDirs} from "../../loaders/runs/read-runs.js";
import * as runSets from "../components/runSets.js";

// Charts and logs go into the pages as text, not parsed into the DOM and printed back.
keepRawHtmlAsText();

const {values} = parseArgs({
  options: {
    state: {type: "string"},
    mode: {type: "string", default: "stamp"},
    // Take what the last drawing into this state folder kept (an incremental build, dev).
    keep: {type: "boolean", default: false},
    output: {type: "string"},
    base: {type: "string"},
    "site-index": {type: "boolean", default: false},
    // Dev: a study that cannot be drawn is written into site.json, for the page to show.
    "show-error": {type: "boolean", default: false}
  }
});
const state = values.state!;
const store = new PageStore(state);

async function render(): Promise<void> {
  const dir = studyDir();
  // Links to runs depend on how many run sets there are: a page drawn for another count is drawn again.
  const sets = runPageLayout(listRunDirs(join(dir, "runs")), runSets).sets;
  const version = `${codeVersion()}\0${sets}`;
  let memo: Memo;
  try {
    memo = new Memo(join(state, "memo.json"), version, values.keep);
  } catch (error) {
    if (!(error instanceof ReuseError)) throw error;
    process.stderr.write(`render: nothing kept from the last build (${error.message}); building every page\n`);
    memo = new Memo(join(state, "memo.json"), version, false);
  }
  const records = values.keep ? {file: join(state, "runs.v8"), version} : undefined;
  const study = await studyForLoader(records);
  // The site still builds from a study with errors; the build's log says so on one line.
  const warning = checkWarning(study.report, dir);
  if (warning) process.stderr.write(`${warning}\n`);
  const downloads = writeDownloadsAside(study, join(state, "downloads"));
  // Settled below; until then a failure must not end the process before it is reported.
  downloads.catch(() => {});
  const site = await drawSite(study, dir, store, {
    mode: values.mode === "fill" ? "fill" : "stamp",
    output: values.output,
    base: values.base,
    siteIndex: values["site-index"],
    memo
  });
  await downloads;
  memo.save();
  // The files the last site names stay one more round: dev's preview may still read them until it reloads.
  const named = (pages: DrawnSite["pages"]) => pages.flatMap((p) => (p.text ? [p.digest, p.text] : [p.digest]));
  let last: string[] = [];
  try {
    const previous = readSite(state);
    if ("pages" in previous) last = named(previous.pages);
  } catch {
    // No site yet, or one that cannot be read: nothing of it is kept.
  }
  store.writeSite(site);
  store.prune([...named(site.pages), ...memo.digests(), ...last]);
}

try {
  await exitOnDiskError("render", render);
} catch (error) {
  const line = `render: ${(error as Error).message.split("\n")[0]}`;
  process.stderr.write(`${line}\n`);
  if (values["show-error"]) store.writeSite({error: (error as Error).message});
  process.exitCode = 1;
}
