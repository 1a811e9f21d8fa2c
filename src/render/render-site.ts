// Run by observablehq.config.ts in its own process, so each build or dev reload renders with the code as it is now:
// prints every page's fragments, one page per line ([path, fragments] as JSON), as each is drawn.
import {studyDir} from "../../loaders/analysis/report.js";
import {studyForLoader} from "../../loaders/live/for-loader.js";
import {writeDownloads} from "../../loaders/export/downloads.js";
import {DOWNLOADS_ENV} from "../../loaders/export/downloads-env.js";
import {checkWarning} from "../../loaders/pages/quality.js";
import {siteFragments} from "./page-fragments.js";
import {exitOnDiskError} from "../../loaders/files/write-stdout.js";
import {codeVersion} from "./code-version.js";
import {PAGE_MEMO_ENV, pageMemo, SerializedFragments} from "./page-memo.js";
import {runDetailsLayout} from "./run-details-layout.js";

async function render(): Promise<void> {
  const dir = studyDir();
  const study = await studyForLoader();
  // The site still builds from a study with errors; the build's log says so on one line.
  const warning = checkWarning(study.report, dir);
  if (warning) process.stderr.write(`${warning}\n`);
  const kept = process.env[PAGE_MEMO_ENV];
  const memo = kept ? pageMemo(kept, codeVersion(), runDetailsLayout(dir).sets) : null;
  await siteFragments(
    study,
    dir,
    (path, fragments) =>
      process.stdout.write(
        fragments instanceof SerializedFragments
          ? `[${JSON.stringify(path)},${fragments.json}]\n`
          : `${JSON.stringify([path, fragments])}\n`
      ),
    memo
  );
  memo?.prune();
  // The download loaders read these instead of loading the study once each; Framework runs them after every page is
  // loaded, so they are made last and the pages come sooner.
  const downloads = process.env[DOWNLOADS_ENV];
  if (downloads) writeDownloads(study, downloads);
}

await exitOnDiskError("render-site", render);
