// The five downloads are made once per build, by the page renderer that has loaded the study anyway; the data loaders
// hand them on instead of loading the study once each (issue 26: five study loads were 6 of the seed's 29 s).
import {execFileSync, spawn} from "node:child_process";
import {existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {loadStudy} from "../../loaders/analysis/report.js";
import {DOWNLOADS, download, writeDownloads} from "../../loaders/export/downloads.js";
import {DOWNLOADS_ENV, DOWNLOADS_PENDING, markDownloadsPending} from "../../loaders/export/downloads-env.js";
import {writeDownloadsAside} from "../../src/render/downloads-aside.js";

const SEED = "data/studies/qwen3-32b-a100";
const tmp = mkdtempSync(join(tmpdir(), "tps-downloads-"));
afterAll(() => rmSync(tmp, {recursive: true, force: true}));

describe("downloads made once per build", () => {
  it("are written whole into the renderer's folder, each the bytes a loader would make", async () => {
    const study = await loadStudy(SEED);
    writeFileSync(join(tmp, "stale.csv"), "an earlier study's file");
    writeDownloads(study, tmp);
    for (const name of DOWNLOADS)
      expect(readFileSync(join(tmp, name)), name).toEqual(Buffer.from(download(name, study)));
    expect(readFileSync(join(tmp, "runs.csv"), "utf8").trim().split("\r\n")).toHaveLength(18);
    expect(() => readFileSync(join(tmp, "stale.csv"))).toThrow(/ENOENT/);
  });

  it("are made the same in the renderer's worker thread, beside the pages", async () => {
    const study = await loadStudy(SEED);
    const dir = join(tmp, "aside");
    markDownloadsPending(dir);
    await writeDownloadsAside(study, dir);
    for (const name of DOWNLOADS)
      expect(readFileSync(join(dir, name)), name).toEqual(Buffer.from(download(name, study)));
    expect(existsSync(join(dir, DOWNLOADS_PENDING))).toBe(false);
  }, 60_000);

  it("a write error in the worker thread comes back with its code and file, for the one-line disk error", async () => {
    const study = await loadStudy(SEED);
    const file = join(tmp, "a-file");
    writeFileSync(file, "");
    const error = await writeDownloadsAside(study, join(file, "downloads")).catch((e: NodeJS.ErrnoException) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as NodeJS.ErrnoException).code).toBe("ENOTDIR");
    expect((error as NodeJS.ErrnoException).path).toBe(join(file, "downloads"));
  }, 60_000);

  it("a loader hands on the renderer's file and never loads the study", () => {
    const dir = join(tmp, "renderer");
    writeDownloads({plan: {}, rows: [], report: {made: "by the renderer"}} as never, dir);
    const out = execFileSync(process.execPath, ["--import", "tsx", "src/data/report.json.ts"], {
      env: {...process.env, [DOWNLOADS_ENV]: dir, TPS_REPORT_STUDY: join(tmp, "no-such-study")},
      encoding: "utf8"
    });
    expect(out).toBe('{"made":"by the renderer"}');
  });

  it("a loader waits while the renderer's folder is marked pending, then hands on its file", async () => {
    // The renderer writes the downloads after the pages (an incremental build's pages come first).
    const dir = join(tmp, "pending");
    markDownloadsPending(dir);
    const loader = spawn(process.execPath, ["--import", "tsx", "src/data/report.json.ts"], {
      env: {...process.env, [DOWNLOADS_ENV]: dir, TPS_REPORT_STUDY: join(tmp, "no-such-study")}
    });
    let out = "";
    loader.stdout.on("data", (chunk) => (out += chunk));
    const exited = new Promise<number | null>((resolve) => loader.on("close", resolve));
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(loader.exitCode).toBe(null);
    writeDownloads({plan: {}, rows: [], report: {made: "after the pages"}} as never, dir);
    expect(existsSync(join(dir, DOWNLOADS_PENDING))).toBe(false);
    expect(await exited).toBe(0);
    expect(out).toBe('{"made":"after the pages"}');
  }, 60_000);

  it("without the renderer's folder, a loader makes its file from the study", () => {
    const env = {...process.env};
    delete env[DOWNLOADS_ENV];
    const out = execFileSync(process.execPath, ["--import", "tsx", "src/data/report.json.ts"], {env, encoding: "utf8"});
    expect(JSON.parse(out).steps).toHaveLength(4);
  });
});
