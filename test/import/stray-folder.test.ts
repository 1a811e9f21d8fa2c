// A real output folder keeps its server logs in a folder of their own (danielkorat/guidellm-bench's `logs/`): a folder
// that holds no result is skipped with a note, as a stray file is, and never blocks the results beside it.
import {copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, expect, it} from "vitest";
import {importResults} from "../../loaders/import/index.js";

const tmp = mkdtempSync(join(tmpdir(), "tps-stray-folder-"));
afterAll(() => rmSync(tmp, {recursive: true, force: true}));

it("a folder of server logs beside a result is skipped with a note; the result is imported", () => {
  const out = join(tmp, "out");
  mkdirSync(join(out, "logs"), {recursive: true});
  copyFileSync("test/fixtures/import-corpus/vllm-json/er0080-bench_serve_v0.25.1.json", join(out, "result.json"));
  writeFileSync(
    join(out, "logs", "server.log"),
    "INFO 03-02 19:17:01 api_server.py:1 vLLM API server version 0.11.0\n"
  );
  const report = importResults([out], join(tmp, "study"));
  expect(report.study.runs.map((r) => r.result.source)).toEqual([join(out, "result.json")]);
  expect(report.notes).toContain(`${join(out, "logs")}: skipped: no result files found`);
});

it("a shell glob over an output folder (out/*) names the logs folder too: it is skipped the same way", () => {
  const out = join(tmp, "globbed");
  mkdirSync(join(out, "logs"), {recursive: true});
  copyFileSync("test/fixtures/import-corpus/vllm-json/er0080-bench_serve_v0.25.1.json", join(out, "result.json"));
  writeFileSync(
    join(out, "logs", "server.log"),
    "INFO 03-02 19:17:01 api_server.py:1 vLLM API server version 0.11.0\n"
  );
  const report = importResults([join(out, "logs"), join(out, "result.json")], join(tmp, "study-glob"));
  expect(report.study.runs.map((r) => r.result.source)).toEqual([join(out, "result.json")]);
  expect(report.notes).toContain(`${join(out, "logs")}: skipped: no result files found`);
});

it("a named folder with no result at all still fails, naming it", () => {
  const empty = join(tmp, "empty");
  mkdirSync(empty);
  writeFileSync(join(empty, "server.log"), "INFO starting\n");
  expect(() => importResults([empty], join(tmp, "study2"))).toThrow(/empty/);
});
