// `npm run build:reproducible` with TPS_REPORT_STUDIES: a site of two tiny studies (a comparison and a trend between
// them) built twice, minutes apart, gives byte-identical files (test/site/pin-dates.test.ts: the dates it pins).
import {createHash} from "node:crypto";
import {readdirSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {join, relative} from "node:path";
import {stripVTControlCharacters} from "node:util";
import {beforeAll, describe, expect, it} from "vitest";
import {writeRepeatStudy} from "../support/repeat-study.js";
import {npmRun} from "../support/npm-run.js";
import {withLock} from "./build.js";

const ROOT = "test/.tmp/reproducible-site";
const OUTPUTS = [join(ROOT, "dist-1"), join(ROOT, "dist-2")];
// 2026-01-01T00:00:00Z.
const EPOCH = 1767225600;

/** Every file under dir, by path relative to it, with its sha256. */
function digests(dir: string): Map<string, string> {
  const files = readdirSync(dir, {recursive: true, withFileTypes: true}).filter((e) => e.isFile());
  return new Map(
    files
      .map((e) => join(e.parentPath, e.name))
      .sort()
      .map((path) => [relative(dir, path), createHash("sha256").update(readFileSync(path)).digest("hex")])
  );
}

let logs: string[] = [];
beforeAll(async () => {
  rmSync(ROOT, {recursive: true, force: true});
  const studies = ["before", "after"].map((name, i) => {
    const dir = join(ROOT, "studies", name);
    writeRepeatStudy(
      dir,
      {base: i ? [900, 910] : [1000, 1010], tuned: [1200, 1210]},
      undefined,
      i ? "comparisons:\n  - {base: before}\n" : ""
    );
    for (const run of readdirSync(join(dir, "runs"))) {
      const file = join(dir, "runs", run, "run.json");
      const meta = JSON.parse(readFileSync(file, "utf8"));
      meta.started_at = `2026-01-0${i + 1}T02:00:00Z`;
      writeFileSync(file, JSON.stringify(meta, null, 2) + "\n");
    }
    return dir;
  });
  const env = {
    TPS_REPORT_STUDIES: studies.join(","),
    TPS_REPORT_SITE: join(ROOT, "site.yaml"),
    TPS_REPORT_BASE: "/tps-report/",
    SOURCE_DATE_EPOCH: String(EPOCH)
  };
  logs = await withLock(async () => {
    const out: string[] = [];
    for (const output of OUTPUTS) {
      const {code, log} = await npmRun("build:reproducible", {...env, TPS_REPORT_OUTPUT: output});
      if (code !== 0) throw new Error(`npm run build:reproducible failed (exit ${code}): ${log.slice(-2000)}`);
      out.push(log);
    }
    return out;
  });
}, 900_000);

describe("npm run build:reproducible of a site of two studies", () => {
  it("builds the studies, their comparison and their trend", () => {
    for (const log of logs) expect(log).toContain("build:reproducible: 2 studies, 1 comparison, 1 trend in ");
    const files = [...digests(OUTPUTS[0]).keys()];
    for (const page of [
      "index.html",
      "compare/before--after.html",
      "tr/compare/before--after.html",
      "trend/org-model-1x-nvidia-h200.html",
      "studies/before/index.html",
      "studies/after/tr/index.html"
    ])
      expect(files, page).toContain(page);
  });

  it("has Framework build each study once: no loader of the user's printed an output to date after it", () => {
    for (const log of logs) expect(stripVTControlCharacters(log).match(/^built \d+ pages in src$/gm)).toHaveLength(2);
  });

  it("twice gives byte-identical files", () => {
    const [first, second] = OUTPUTS.map(digests);
    expect([...second.keys()]).toEqual([...first.keys()]);
    const differ = [...first].filter(([path, sha]) => second.get(path) !== sha).map(([path]) => path);
    expect(differ).toEqual([]);
  });
});
