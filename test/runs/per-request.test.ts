// A run's requests are read from its result file once: a study's per-request table, its dictionary and its SLO columns
// all take them from the run's record, and an incremental build takes them from the record cache (at 1000× the seed,
// reading the detailed result files again was most of a build's time: BENCHMARKS.md).
import {cpSync, mkdtempSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it, vi} from "vitest";

const reads = vi.hoisted(() => ({count: 0}));
vi.mock("../../loaders/requests/stream-result-json.js", async (original) => {
  const real = await original<typeof import("../../loaders/requests/stream-result-json.js")>();
  return {
    ...real,
    readResultJson: (...args: Parameters<typeof real.readResultJson>) => {
      reads.count++;
      return real.readResultJson(...args);
    }
  };
});

const {loadStudy} = await import("../../loaders/analysis/report.js");
const {requestRows} = await import("../../loaders/export/requests.js");
const {studyFile} = await import("../../loaders/export/study-files.js");
const {perRequestOf} = await import("../../loaders/runs/per-request.js");
const real = await vi.importActual<typeof import("../../loaders/requests/stream-result-json.js")>(
  "../../loaders/requests/stream-result-json.js"
);

const tmp = mkdtempSync(join(tmpdir(), "tps-per-request-"));
afterAll(() => rmSync(tmp, {recursive: true, force: true}));
const study = join(tmp, "study");
cpSync("data/studies/h200-ladder", study, {recursive: true});
// As the renderer keeps them: the records are written once the pages and the study files are made.
const writes: (() => void)[] = [];
const cache = {file: join(tmp, "records"), version: "v1", defer: (write: () => void) => writes.push(write)};
const written = () => writes.splice(0).forEach((write) => write());

describe("a run's requests", () => {
  it("are read once per result file, whatever then uses them", async () => {
    reads.count = 0;
    const loaded = await loadStudy(study, process.cwd(), cache);
    const detailed = loaded.runs.filter((r) => r.logs.some((log) => log.endsWith("result.json")));
    expect(detailed.length).toBeGreaterThan(20);
    expect(reads.count).toBe(detailed.length);
    const rows = requestRows(loaded);
    studyFile("dictionary.json", loaded);
    studyFile("requests.csv", loaded);
    expect(rows.length).toBeGreaterThan(1000);
    expect(reads.count).toBe(detailed.length);
    written();
  });

  it("are the result file's own, kept with the record", async () => {
    const loaded = await loadStudy(study, process.cwd(), cache);
    for (const record of loaded.runs) {
      const file = record.logs.find((log) => log.endsWith("result.json"));
      if (!file) continue;
      const found = real.readResultJson(file).find((r) => r.perRequest)?.perRequest ?? null;
      expect(perRequestOf(record), record.meta.id).toEqual(found);
    }
  });

  it("come from the record cache when the run folder is unchanged", async () => {
    requestRows(await loadStudy(study, process.cwd(), cache));
    written();
    reads.count = 0;
    const again = await loadStudy(study, process.cwd(), cache);
    expect(requestRows(again).length).toBeGreaterThan(1000);
    expect(reads.count).toBe(0);
  });
});
