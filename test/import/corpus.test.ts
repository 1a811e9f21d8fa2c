// Real result files committed to public repositories by people outside this project (test/fixtures/import-corpus/,
// unedited, each with a provenance sidecar: repository, path, commit, the setup its repository states, every printed
// value and the point each record belongs to). Imported per kind and all together: every record imported, every value
// exact, check without errors, and the points grouped as the sidecars say.
import {mkdtempSync, readdirSync, readFileSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {importResults, type ImportSource} from "../../loaders/import/index.js";
import {loadStudy} from "../../loaders/analysis/report.js";
import {parseBuffer} from "../../loaders/parse/index.js";
import {rawBytes} from "../../loaders/import/result.js";

const ROOT = "test/fixtures/import-corpus";

interface Sidecar {
  repo: string;
  path: string;
  commit: string;
  /** Settings the repository states beside the file (its launch script, its README): given as --set. */
  setup: Record<string, string>;
  /** The point each record belongs to, in record order. */
  points: string[];
  /** Each record's printed values under the canonical metric names. */
  printed: ({line: number} & Record<string, number>)[];
}

const kinds = readdirSync(ROOT).sort();
const filesOf = (kind: string) =>
  readdirSync(join(ROOT, kind))
    .filter((f) => f.endsWith(".provenance.json"))
    .sort()
    .map((f) => {
      const file = join(ROOT, kind, f.replace(/\.provenance\.json$/, ""));
      return {file, sidecar: JSON.parse(readFileSync(`${file}.provenance.json`, "utf8")) as Sidecar};
    });

const tmp = mkdtempSync(join(tmpdir(), "tps-import-corpus-"));
afterAll(() => rmSync(tmp, {recursive: true, force: true}));

async function importAndCheck(name: string, files: ReturnType<typeof filesOf>) {
  const sources: ImportSource[] = files.map(({file, sidecar}) => ({path: file, set: sidecar.setup}));
  const study = join(tmp, name);
  const report = importResults(sources, study);
  // Every record imported, once.
  const expected = files.flatMap(({file, sidecar}) => sidecar.printed.map((p) => `${file}:${p.line}`));
  const sourceOf = (source: string) => (/:\d+$/.test(source) ? source : `${source}:1`);
  expect(report.study.runs.map((r) => sourceOf(r.result.source)).sort()).toEqual(expected.sort());
  // Every printed value exact, read back from the copy in the run folder.
  const printed = new Map(
    files.flatMap(({file, sidecar}) =>
      sidecar.printed.map((p): [string, Sidecar["printed"][number]] => [`${file}:${p.line}`, p])
    )
  );
  for (const run of report.study.runs) {
    const copy = parseBuffer(rawBytes(run.result.files[0]), run.id);
    const {line, ...values} = printed.get(sourceOf(run.result.source))!;
    void line;
    const read = Object.fromEntries(Object.keys(values).map((k) => [k, copy.blocks[0].metrics[k]]));
    expect(read, run.result.source).toEqual(values);
  }
  // Points as the sidecars say: no point mixes two of theirs, none of theirs is split.
  const pointOf = new Map(
    files.flatMap(({file, sidecar}) => sidecar.points.map((p, i): [string, string] => [`${file}:${i + 1}`, p]))
  );
  const theirs = new Map<string, Set<string>>();
  const ours = new Map<string, Set<string>>();
  for (const run of report.study.runs) {
    const mine = `${run.candidate} @ ${run.scenario}`;
    const their = pointOf.get(sourceOf(run.result.source))!;
    theirs.set(mine, (theirs.get(mine) ?? new Set()).add(their));
    ours.set(their, (ours.get(their) ?? new Set()).add(mine));
  }
  expect([...theirs.values()].filter((s) => s.size > 1).map((s) => [...s])).toEqual([]);
  expect([...ours.values()].filter((s) => s.size > 1).map((s) => [...s])).toEqual([]);
  const {report: built} = await loadStudy(study);
  expect(built.findings.filter((f) => f.severity === "error").map((f) => `${f.code}: ${f.message}`)).toEqual([]);
  return report;
}

describe("the real corpus", () => {
  it("holds real files with a sidecar each", () => {
    const all = kinds.flatMap(filesOf);
    expect(all.length).toBeGreaterThan(0);
    for (const {sidecar} of all) {
      expect(sidecar.commit).toMatch(/^[0-9a-f]{40}$/);
      expect(sidecar.points).toHaveLength(sidecar.printed.length);
    }
  });

  for (const kind of kinds)
    it(`${kind}: every file imported, values exact, check clean, points as the sidecars say`, async () => {
      await importAndCheck(kind, filesOf(kind));
    });

  it("all kinds together", async () => {
    await importAndCheck("all", kinds.flatMap(filesOf));
  });
});
