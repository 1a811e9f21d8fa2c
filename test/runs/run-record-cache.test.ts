// An incremental build reads only the run folders that changed: the study it loads must equal a fresh load's, whatever
// changed in between (a log edited in place, a run added or removed, the code, a cache cut short).
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  utimesSync,
  writeFileSync
} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {loadStudy} from "../../loaders/analysis/report.js";
import type {RunRecordCache} from "../../loaders/runs/run-record-cache.js";
import {siteFragments} from "../../src/render/page-fragments.js";
import {keepRawHtmlAsText} from "../../src/render/dom.js";

const tmp = mkdtempSync(join(tmpdir(), "tps-run-records-"));
afterAll(() => rmSync(tmp, {recursive: true, force: true}));

const study = join(tmp, "study");
cpSync("data/studies/qwen3-32b-a100", study, {recursive: true});
const cache = {file: join(tmp, "records"), version: "v1"};
const fresh = async () => JSON.stringify(await loadStudy(study));
const cached = async (c: RunRecordCache = cache) => JSON.stringify(await loadStudy(study, process.cwd(), c));
const RUN = join(study, "runs", "engine-selection--vllm--sharegpt");

describe("run records kept between loads", () => {
  it("give the study a fresh load gives, when nothing changed", async () => {
    const first = await cached();
    expect(first).toBe(await fresh());
    expect(readFileSync(cache.file).length).toBeGreaterThan(0);
    expect(await cached()).toBe(first);
  });

  it("read a log edited in place again (same name, new size and time)", async () => {
    const log = join(RUN, "bench.log");
    const text = readFileSync(log, "utf8");
    const before = JSON.parse(await cached()).rows.find((r: {run: string}) => r.run.endsWith("vllm--sharegpt"));
    writeFileSync(log, text.replace(/^(Output token throughput \(tok\/s\):\s+)([\d.]+)/m, "$1123.45"));
    const after = JSON.parse(await cached()).rows.find((r: {run: string}) => r.run.endsWith("vllm--sharegpt"));
    expect(before.output_throughput).not.toBe(123.45);
    expect(after.output_throughput).toBe(123.45);
    expect(await cached()).toBe(await fresh());
    writeFileSync(log, text);
  });

  it("read a log changed to the same size again, by its time", async () => {
    const log = join(RUN, "bench.log");
    const text = readFileSync(log, "utf8");
    await cached();
    const same = text.replace(
      /^(Output token throughput \(tok\/s\):\s+)(\d)/m,
      (_all, head, d) => `${head}${(+d + 1) % 10}`
    );
    expect(same.length).toBe(text.length);
    writeFileSync(log, same);
    utimesSync(log, new Date(), new Date(Date.now() + 5000));
    expect(await cached()).toBe(await fresh());
    writeFileSync(log, text);
  });

  it("follow a run taken out, put back, and a file added to a run", async () => {
    const away = join(tmp, "away");
    renameSync(RUN, away);
    expect(await cached()).toBe(await fresh());
    renameSync(away, RUN);
    expect(await cached()).toBe(await fresh());
    appendFileSync(join(RUN, "server.log"), "INFO started\n");
    expect(await cached()).toBe(await fresh());
    rmSync(join(RUN, "server.log"));
  });

  it("are kept in a folder that is not there yet (Framework's cache in a fresh clone, where dev keeps them)", async () => {
    const fresh = {file: join(tmp, "fresh", "cache", ".dev-memo.runs"), version: "v1"};
    expect(await cached(fresh)).toBe(await cached());
    expect(readFileSync(fresh.file).length).toBeGreaterThan(0);
  });

  it("are not used by another version of the code, nor when the file is cut short", async () => {
    await cached();
    const other = {...cache, version: "v2"};
    expect(await cached(other)).toBe(await fresh());
    writeFileSync(cache.file, readFileSync(cache.file).subarray(0, 100));
    expect(await cached()).toBe(await fresh());
  });

  it("are written when the renderer says, after its pages, and then equal a fresh load's", async () => {
    const later = {file: join(tmp, "later"), version: "v1"};
    const writes: (() => void)[] = [];
    const loaded = await loadStudy(study, process.cwd(), {...later, defer: (write) => writes.push(write)});
    expect(writes).toHaveLength(1);
    expect(existsSync(later.file)).toBe(false);
    // Every page is drawn from the study before the write, as in the renderer: the records kept are still those read.
    keepRawHtmlAsText();
    await siteFragments(loaded, study, () => {});
    writes[0]();
    expect(await cached(later)).toBe(await fresh());
    // Nothing changed since: nothing to write.
    const none: (() => void)[] = [];
    await cached({...later, defer: (write) => none.push(write)});
    expect(none).toHaveLength(0);
  });
});
