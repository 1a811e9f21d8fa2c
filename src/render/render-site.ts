// Run by observablehq.config.ts in its own process, so each build or dev reload renders with the code as it is now:
// prints every page's fragments, one page per line ([path, fragments] as JSON), as each is drawn.
import {studyDir} from "../../loaders/analysis/report.js";
import {studyForLoader} from "../../loaders/live/for-loader.js";
import {writeDownloadsAside} from "./downloads-aside.js";
import {DOWNLOADS_ENV, LOADER_CACHE_ENV} from "../../loaders/export/downloads-env.js";
import {checkWarning} from "../../loaders/pages/quality.js";
import {siteFragments} from "./page-fragments.js";
import {exitOnDiskError} from "../../loaders/files/write-stdout.js";
import {codeVersion} from "./code-version.js";
import {PAGE_MEMO_ENV, pageMemo, studyKeeping} from "./page-memo.js";
import {pageLine} from "./page-line.js";
import {REUSE_ENV} from "./page-reuse.js";
import {runDetailsLayout} from "./run-details-layout.js";
import {keepRawHtmlAsText} from "./dom.js";

// Charts and logs go into the pages as text, not parsed into the DOM and printed back.
keepRawHtmlAsText();

// TPS_REPORT_BUILD_TIMES=1: the renderer's own steps on stderr, in seconds since it started (BENCHMARKS.md).
const time = (what: string) =>
  process.env.TPS_REPORT_BUILD_TIMES &&
  process.stderr.write(`render time: ${what} at ${(performance.now() / 1000).toFixed(2)} s\n`);

async function render(): Promise<void> {
  time("started");
  const dir = studyDir();
  const kept = process.env[PAGE_MEMO_ENV];
  const version = kept ? codeVersion() : "";
  const writes: (() => void)[] = [];
  const study = await studyForLoader(
    kept ? {...studyKeeping(kept, version), defer: (write) => writes.push(write)} : undefined
  );
  time("study loaded");
  // The site still builds from a study with errors; the build's log says so on one line.
  const warning = checkWarning(study.report, dir);
  if (warning) process.stderr.write(`${warning}\n`);
  // The downloads are made beside the pages; the data loaders wait for them (downloads-env.ts).
  const downloadsDir = process.env[DOWNLOADS_ENV];
  const downloads = downloadsDir
    ? writeDownloadsAside(study, downloadsDir, process.env[LOADER_CACHE_ENV])
    : Promise.resolve();
  // Settled below; until then a failure must not end the process before the renderer reports it.
  downloads.catch(() => {});
  // A build reads what the memo holds only for the pages it builds again; `npm run dev` hands every page over whole,
  // as its renderers overlap and one may prune what another's preview has yet to read.
  const memo = kept ? pageMemo(kept, version, runDetailsLayout(dir).sets, !!process.env[REUSE_ENV]) : null;
  await siteFragments(study, dir, (path, fragments) => process.stdout.write(`${pageLine(path, fragments)}\n`), memo);
  time("pages drawn");
  for (const write of writes) write();
  memo?.prune();
  await downloads;
  time("downloads written");
}

await exitOnDiskError("render-site", render);
