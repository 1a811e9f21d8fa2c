// The page renderer as its own process, so each build or dev refresh draws with the code as it is now. `--part all`
// (dev, and a study without run sets) loads the study, draws every page into the page store, writes the downloads and
// then site.json; in a study of run sets the build runs `--part site` (every page but the runs' own, and the first of
// those) and `--part runs` (the runs' own pages, from the plan and each run's folder alone) side by side. Exit 0, or
// one line and 1 (74 for a disk that refused a write). npm run build and npm run dev start it (src/build/).
import {join} from "node:path";
import {parseArgs} from "node:util";
import {readPlan} from "../../loaders/analysis/report.js";
import {namingBase} from "../../loaders/files/naming-base.js";
import {exitOnDiskError} from "../../loaders/files/write-stdout.js";
import {studyForLoader} from "../../loaders/live/for-loader.js";
import {runPageLayout} from "../../loaders/pages/run-pages.js";
import {checkWarning} from "../../loaders/pages/quality.js";
import {listRunDirs} from "../../loaders/runs/read-runs.js";
import {notAStudy} from "../../loaders/runs/study-folder.js";
import {studyDir} from "../../loaders/study/study-dir.js";
import * as runSets from "../components/runSets.js";
import {codeVersion} from "./code-version.js";
import {keepRawHtmlAsText} from "./dom.js";
import {writeDownloadsAside} from "./downloads-aside.js";
import {studyFilesUsed} from "./study-files-used.js";
import {drawRunPages, drawSite} from "./draw-site.js";
import {Memo, ReuseError} from "./memo.js";
import {namedFiles, PageStore, RUN_PAGES_FILE} from "./store.js";

// Charts and logs go into the pages as text, not parsed into the DOM and printed back.
keepRawHtmlAsText();

const {values} = parseArgs({
  options: {
    state: {type: "string"},
    part: {type: "string", default: "all"},
    mode: {type: "string", default: "stamp"},
    // Take what the last drawing into this state folder kept (an incremental build, dev).
    keep: {type: "boolean", default: false},
    output: {type: "string"},
    base: {type: "string"},
    "site-index": {type: "boolean", default: false},
    // Dev: a study that cannot be drawn is written into site.json, for the pages to show.
    "show-error": {type: "boolean", default: false}
  }
});
const state = values.state!;
// TPS_REPORT_BUILD_TIMES=1: the renderer's own steps on stderr, in seconds since it started (BENCHMARKS.md).
const time = (what: string) =>
  process.env.TPS_REPORT_BUILD_TIMES &&
  process.stderr.write(`render time (${values.part}): ${what} at ${(performance.now() / 1000).toFixed(2)} s\n`);
const part = values.part as "all" | "site" | "runs";
const store = new PageStore(state);

function memoOf(name: string, version: string): Memo {
  try {
    return new Memo(join(state, name), version, values.keep);
  } catch (error) {
    if (!(error instanceof ReuseError)) throw error;
    process.stderr.write(`render: nothing kept from the last build (${error.message}); building every page\n`);
    return new Memo(join(state, name), version, false);
  }
}

async function render(): Promise<void> {
  const dir = studyDir();
  const why = notAStudy(dir);
  if (why) throw new Error(`TPS_REPORT_STUDY: ${why}`);
  const layout = runPageLayout(listRunDirs(join(dir, "runs")), runSets);
  // Links to runs depend on how many run sets there are: a page drawn for another count is drawn again.
  const version = `${codeVersion()}\0${layout.sets}`;
  time("started");
  // The records are written after the pages, not on the way to the first (BENCHMARKS.md).
  const writes: (() => void)[] = [];
  const records = values.keep
    ? {file: join(state, "runs.v8"), version, defer: (write: () => void) => writes.push(write)}
    : undefined;
  if (part === "runs") {
    const plan = readPlan(dir, namingBase(dir), records);
    const memo = memoOf("memo-runs.json", version);
    const pages = await drawRunPages(dir, plan, layout, store, memo);
    memo.save();
    store.write(RUN_PAGES_FILE, {pages});
    return;
  }
  const memo = memoOf("memo.json", version);
  const study = await studyForLoader(records);
  time("study loaded");
  // The site still builds from a study with errors; the build's log says so on one line.
  const warning = checkWarning(study.report, dir);
  if (warning) process.stderr.write(`${warning}\n`);
  const downloads = writeDownloadsAside(
    study,
    studyFilesUsed(join(import.meta.dirname, "..")),
    join(state, "downloads")
  );
  // Settled below; until then a failure must not end the process before it is reported.
  downloads.catch(() => {});
  const site = await drawSite(study, dir, store, {
    mode: values.mode === "fill" ? "fill" : "stamp",
    output: values.output,
    base: values.base,
    siteIndex: values["site-index"],
    memo,
    layout,
    parts: {runs: part === "site" ? "first" : "all"}
  });
  time("pages drawn");
  // The per-request figures the worker read are kept with the records, which are written after them.
  const read = await downloads;
  for (const record of study.runs) if (read.has(record.meta.id)) record.perRequest = read.get(record.meta.id);
  for (const write of writes) write();
  memo.save();
  time("downloads written");
  // The files the last site names stay one more round: dev's preview may still read them until it reloads.
  const last = part === "all" ? namedFiles(state) : [];
  store.writeSite(site);
  if (part === "all") store.prune([...namedFiles(state), ...last]);
}

try {
  await exitOnDiskError("render", render);
} catch (error) {
  process.stderr.write(`render: ${(error as Error).message.split("\n")[0]}\n`);
  if (values["show-error"]) store.writeSite({error: (error as Error).message});
  process.exitCode = 1;
}
