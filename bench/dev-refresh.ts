// `npm run dev` on a study while a run is added to it, as live mode adds one: seconds from the run folder appearing to
// the preview serving its step's page with it, and whether that page equals what a fresh preview serves.
import {spawn} from "node:child_process";
import {closeSync, existsSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync} from "node:fs";
import {join} from "node:path";
import {freePort} from "../loaders/live/port.js";
import {listRunDirs} from "../loaders/runs/read-runs.js";
import {parseRunId} from "../loaders/study/ids.js";

export interface DevRefresh {
  run: string;
  /** Seconds until a fresh preview served the step's page (the run held out). */
  first_seconds: number;
  /** Seconds from the run folder's rename into runs/ until the step's page changed; null if it never did. */
  refresh_seconds: number | null;
  /** Pages the refresh's renderer drew (the rest it took from its memo), of all it handed over. */
  drawn: number | null;
  pages: number | null;
  /** The refreshed page equals the one a second preview, started on the whole study with no memo, serves. */
  identical: boolean | null;
  log: string;
}

interface Preview {
  url: string;
  stop(): Promise<void>;
}

async function startPreview(tree: string, study: string, log: string): Promise<Preview> {
  const port = await freePort();
  const out = openSync(log, "a");
  const child = spawn("npm", ["run", "dev", "--", "--port", String(port), "--no-open"], {
    cwd: tree,
    env: {...process.env, OBSERVABLE_TELEMETRY_DISABLE: "true", TPS_REPORT_STUDY: study},
    stdio: ["ignore", out, out],
    detached: true
  });
  closeSync(out);
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      if (child.pid === undefined || child.exitCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      process.kill(-child.pid, "SIGTERM");
      await exited;
    }
  };
}

/** The page store's files and when the newest was written, once no drawing has added one for two seconds. */
async function settledMemo(dir: string, seconds: number): Promise<{mtimes: number[]}> {
  const deadline = performance.now() + seconds * 1000;
  let last = "";
  let since = performance.now();
  for (;;) {
    const names = existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith(".json")) : [];
    const mtimes = names.map((name) => statSync(join(dir, name), {throwIfNoEntry: false})?.mtimeMs ?? 0);
    const now = `${names.length}:${Math.max(0, ...mtimes)}`;
    if (now !== last) [last, since] = [now, performance.now()];
    else if (performance.now() - since >= 2000 || performance.now() > deadline) return {mtimes};
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The page's text once it is served with status 200 and `accept` takes it; null if not within `seconds`. */
async function pageWhen(url: string, seconds: number, accept: (text: string) => boolean): Promise<string | null> {
  const deadline = performance.now() + seconds * 1000;
  while (performance.now() < deadline) {
    try {
      const response = await fetch(url);
      const text = await response.text();
      if (response.status === 200 && accept(text)) return text;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return null;
}

export async function measureDevRefresh(
  tree: string,
  study: string,
  work: string,
  timeout: number
): Promise<DevRefresh> {
  const run = listRunDirs(join(study, "runs")).at(-1)!;
  const page = `/steps/${parseRunId(run)!.step}`;
  const log = join(work, "dev-refresh.log");
  const cache = join(tree, "src/.observablehq/cache");
  // The page store of dev's drawn site (src/render/store.ts): a page drawn again is a new file.
  const memo = join(cache, ".site", "dev", "pages");
  const held = join(work, "held-dev-run");
  rmSync(log, {force: true});
  rmSync(held, {recursive: true, force: true});
  rmSync(cache, {recursive: true, force: true});
  const result: DevRefresh = {
    run,
    first_seconds: NaN,
    refresh_seconds: null,
    drawn: null,
    pages: null,
    identical: null,
    log
  };
  renameSync(join(study, "runs", run), held);
  let refreshed: string | null = null;
  const preview = await startPreview(tree, study, log).catch((error) => {
    renameSync(held, join(study, "runs", run));
    throw error;
  });
  try {
    let started = performance.now();
    const before = await pageWhen(preview.url + page, timeout, () => true);
    result.first_seconds = (performance.now() - started) / 1000;
    if (before === null) return result;
    // The first renderer draws on after the page is served: the run is added once it has finished.
    await settledMemo(memo, timeout);
    started = performance.now();
    renameSync(held, join(study, "runs", run));
    refreshed = await pageWhen(preview.url + page, timeout, (text) => text !== before);
    if (refreshed !== null) {
      result.refresh_seconds = (performance.now() - started) / 1000;
      await settledMemo(memo, timeout);
      // The renderer says how many pages it drew and how many it had (src/render/draw-site.ts).
      const counts = [...readFileSync(log, "utf8").matchAll(/render: (\d+) pages, (\d+) drawn/g)].at(-1);
      result.drawn = counts ? Number(counts[2]) : null;
      result.pages = counts ? Number(counts[1]) : null;
    }
  } finally {
    await preview.stop();
    try {
      renameSync(held, join(study, "runs", run));
    } catch {
      // Already back in runs/.
    }
  }
  if (refreshed === null) return result;
  rmSync(cache, {recursive: true, force: true});
  const fresh = await startPreview(tree, study, log);
  try {
    result.identical = (await pageWhen(fresh.url + page, timeout, () => true)) === refreshed;
  } finally {
    await fresh.stop();
  }
  return result;
}
