// The five downloads are made once per build, by the page renderer that has loaded the study anyway; the data loaders
// hand them on instead of loading the study once each (issue 26: five study loads were 6 of the seed's 29 s).
import {execFileSync} from "node:child_process";
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {loadStudy} from "../../loaders/analysis/report.js";
import {DOWNLOADS, download, writeDownloads} from "../../loaders/export/downloads.js";
import {studyFile} from "../../loaders/export/study-files.js";
import {perRequestOf} from "../../loaders/runs/per-request.js";
import {writeDownloadsAside} from "../../src/render/downloads-aside.js";
import {STATE_ENV} from "../../src/render/store.js";

const SEED = "data/studies/qwen3-32b-a100";
const LADDER = "data/studies/h200-ladder";
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
    await writeDownloadsAside(study, [], dir);
    for (const name of DOWNLOADS)
      expect(readFileSync(join(dir, name)), name).toEqual(Buffer.from(download(name, study)));
  }, 60_000);

  it("the worker thread makes the study files a page names too, and hands back the requests it read", async () => {
    const study = await loadStudy(LADDER);
    const dir = join(tmp, "aside-ladder");
    // The ladder's SLO has read every run's requests with the study: as a study without one, none are read yet.
    for (const record of study.runs) delete record.perRequest;
    const unread = study.runs.filter((record) => record.perRequest === undefined).map((record) => record.meta.id);
    const read = await writeDownloadsAside(study, ["requests.csv", "dictionary.json"], dir);
    for (const name of ["requests.csv", "dictionary.json"] as const)
      expect(readFileSync(join(dir, name)), name).toEqual(Buffer.from(studyFile(name, study)));
    expect([...read.keys()].sort()).toEqual(unread.sort());
    for (const record of study.runs)
      if (read.has(record.meta.id)) expect(read.get(record.meta.id)).toEqual(perRequestOf(record));
    expect([...read.values()].filter(Boolean).length).toBeGreaterThan(10);
  }, 60_000);

  it("a write error in the worker thread comes back with its code and file, for the one-line disk error", async () => {
    const study = await loadStudy(SEED);
    const file = join(tmp, "a-file");
    writeFileSync(file, "");
    const error = await writeDownloadsAside(study, [], join(file, "downloads")).catch((e: NodeJS.ErrnoException) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as NodeJS.ErrnoException).code).toBe("ENOTDIR");
    expect((error as NodeJS.ErrnoException).path).toBe(join(file, "downloads"));
  }, 60_000);

  it("a loader hands on the renderer's file and never loads the study", () => {
    const state = join(tmp, "state");
    writeDownloads({plan: {}, rows: [], report: {made: "by the renderer"}} as never, join(state, "downloads"));
    const out = execFileSync(process.execPath, ["--import", "tsx", "src/data/report.json.ts"], {
      env: {...process.env, [STATE_ENV]: state, TPS_REPORT_STUDY: join(tmp, "no-such-study")},
      encoding: "utf8"
    });
    expect(out).toBe('{"made":"by the renderer"}');
  });

  it("without the renderer's folder, a loader makes its file from the study", () => {
    const env = {...process.env};
    delete env[STATE_ENV];
    const out = execFileSync(process.execPath, ["--import", "tsx", "src/data/report.json.ts"], {env, encoding: "utf8"});
    expect(JSON.parse(out).steps).toHaveLength(4);
  });
});
