// Issue 44: the three published pages in test/fixtures/writeups become studies: every result block a run whose
// bench.log is the block as printed and whose every printed value is read exactly, every error block a failed run,
// every statement of the comparison and summary tables a claim check audits; check ends without an error.
import {mkdtempSync, readdirSync, readFileSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {loadStudy, type StudyData} from "../../loaders/analysis/report.js";
import {importWriteup} from "../../loaders/import/writeup/index.js";

const PAGES = "test/fixtures/writeups";

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "tps-writeup-pages-"));
});
afterAll(() => rmSync(root, {recursive: true, force: true}));

/** The page's result blocks as printed: each banner to its closing rule, with the `# …` lines above it. */
function printedBlocks(text: string): {text: string; first: number}[] {
  const lines = text.split("\n");
  const blocks: {text: string; first: number}[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!/Serving Benchmark Result/.test(lines[i])) continue;
    const indent = /^\s*/.exec(lines[i])![0].length;
    let first = i;
    while (first > 0 && /^\s*#/.test(lines[first - 1])) first--;
    let last = i + 1;
    while (!/^\s*={10,}\s*$/.test(lines[last])) last++;
    blocks.push({
      text: lines
        .slice(first, last + 1)
        .map((l) => `${l.slice(indent)}\n`)
        .join(""),
      first: first + 1
    });
  }
  return blocks;
}

/** Every `Label: number` line of a block, as printed. */
function printedValues(block: string): {label: string; value: number}[] {
  return block
    .split("\n")
    .map((l) => /^([^:#=-][^:]*):\s+(-?[\d.]+)\s*$/.exec(l.trim()))
    .filter((m): m is RegExpExecArray => m != null)
    .map((m) => ({label: m[1], value: Number(m[2])}));
}

let imports = 0;
async function page(name: string): Promise<{dir: string; text: string; data: StudyData}> {
  const dir = join(root, `${name}-${++imports}`);
  const file = join(PAGES, `${name}.md`);
  importWriteup(file, dir, new Date("2026-03-01T00:00:00Z"));
  return {dir, text: readFileSync(file, "utf8"), data: await loadStudy(dir)};
}

const EXPECTED: Record<string, {blocks: number; errors: number; claims: [number, number, number]}> = {
  "qwen3-32b--a100": {blocks: 15, errors: 2, claims: [33, 1, 0]},
  "qwen3-8b--h100-latency": {blocks: 25, errors: 0, claims: [4, 3, 17]},
  "qwen3.5-35b-a3b--h200": {blocks: 15, errors: 0, claims: [46, 0, 0]}
};

describe.each(Object.keys(EXPECTED))("the published page %s", (name) => {
  let imported: Awaited<ReturnType<typeof page>>;
  beforeAll(async () => {
    imported = await page(name);
  });

  it("makes every result block a run whose bench.log is the block as printed", () => {
    const blocks = printedBlocks(imported.text);
    expect(blocks).toHaveLength(EXPECTED[name].blocks);
    const runs = readdirSync(join(imported.dir, "runs")).map((r) => ({
      log: readFileSync(join(imported.dir, "runs", r, "bench.log"), "utf8"),
      first: JSON.parse(readFileSync(join(imported.dir, "runs", r, "run.json"), "utf8")).origin.lines[0]
    }));
    for (const block of blocks) {
      const run = runs.filter((r) => r.first === block.first);
      expect(
        run.map((r) => r.log),
        `line ${block.first}`
      ).toEqual([block.text]);
    }
    expect(imported.data.rows.filter((r) => r.status === "ok")).toHaveLength(EXPECTED[name].blocks);
  });

  it("reads every printed value exactly (seconds kept as milliseconds; impossible values set aside as text)", () => {
    for (const row of imported.data.rows.filter((r) => r.status === "ok")) {
      const run = imported.data.runs.find((r) => r.meta.id === row.run)!;
      const log = readFileSync(join(imported.dir, "runs", row.run, "bench.log"), "utf8");
      const metrics = Object.values(run.block!.metrics);
      const extra = Object.values(run.block!.extra);
      for (const {label, value} of printedValues(log)) {
        const kept =
          metrics.includes(value) ||
          (/\(s\)$/.test(label) && metrics.includes(Math.round(value * 1000))) ||
          extra.includes(String(value)) ||
          extra.includes(String(Math.round(value)));
        expect(kept, `${row.run}: ${label}: ${value}`).toBe(true);
      }
    }
  });

  it("makes every error block a failed run with its message", () => {
    const errors = [...imported.text.matchAll(/#\s*((?:\w+Error): [^\n`]*)/g)].map((m) => m[1].trim());
    const failed = imported.data.rows.filter((r) => r.status === "failed");
    expect(failed).toHaveLength(EXPECTED[name].errors);
    expect(failed.map((r) => r.error).sort()).toEqual(errors.sort());
  });

  it("audits every claim, and check finds no error", () => {
    const {report} = imported.data;
    expect(report.findings.filter((f) => f.severity === "error")).toEqual([]);
    const count = (s: string) => report.claims.filter((c) => c.status === s).length;
    expect([count("confirmed"), count("contradicted"), count("unverifiable")]).toEqual(EXPECTED[name].claims);
    // Each row of the comparison and summary tables is a claim, by the line it is on.
    const plan = imported.data.plan.claims;
    const lines = imported.text.split("\n");
    const tableRows = lines
      .map((l, i) => ({l, n: i + 1}))
      .filter(({l}) => /^\|/.test(l) && !/^\|\s*-/.test(l) && !/Benchmark Case|Optimization Option/.test(l));
    for (const {n} of tableRows)
      expect(
        plan.some((c) => c.at === n),
        `table row at line ${n}`
      ).toBe(true);
    for (const c of report.claims.filter((c) => c.status === "unverifiable")) expect(c.detail, c.id).toBeTruthy();
  });
});

describe("what the audit says", () => {
  it("a latency page's gains: contradicted as throughput, with the latency arithmetic that gives the figure", async () => {
    const {data} = await page("qwen3-8b--h100-latency");
    const gains = data.report.claims.filter((c) => c.kind === "step-gain" && c.status === "contradicted");
    expect(gains.map((c) => [c.published, c.recomputed])).toEqual([
      ["+4.3%", "+5.8%"],
      ["+25.8%", "+25.2%"],
      ["+66.2%", "+48.9%"]
    ]);
    expect(gains[0].detail).toContain("1.68 s → 1.61 s");
    expect(gains[2].detail).toBeNull();
    // The blocks print no end-to-end latency: the conclusion's latencies cannot be checked, and the audit says why.
    const speedup = data.report.claims.find((c) => c.kind === "headline-speedup" && c.published === "2.7×")!;
    expect(speedup.status).toBe("unverifiable");
    expect(speedup.detail).toContain("gives 1.658 s against 0.621 s, 2.7×");
    // The recommended command spells --model for SGLang's --model-path: the selection's winner all the same.
    const recommended = data.report.claims.find((c) => c.kind === "recommended")!;
    expect(recommended.status).toBe("confirmed");
    expect(data.report.findings.filter((f) => /recommended/.test(f.code))).toEqual([]);
  });

  it("a newer page: the skipped step with half its requests is partial and never displaces the best so far", async () => {
    const {data} = await page("qwen3.5-35b-a3b--h200");
    const spec = data.rows.find((r) => r.run.startsWith("speculative-decoding"))!;
    expect(spec.partial).toBe(
      "the result accounts for 516 of the 1000 requests its workload sends (516 completed); the other 484 are in none of its figures"
    );
    const step = data.report.steps.find((s) => s.id === "speculative-decoding-quantization")!;
    expect(step.verdict.kind).toBe("no-improvement");
    // What the page does not state stays open in the plan (check lists it) and reads "not recorded" on the pages.
    expect(data.plan.goal.en).toMatch(/^TODO/);
    expect(data.report.study.goal).toEqual({en: "", tr: ""});
    expect(data.report.study.client).toEqual({name: "GPUStack benchmark-runner", command: "not recorded"});
    expect(data.rows.every((r) => r.bench_command === "")).toBe(true);
    expect(data.report.findings.find((f) => f.code === "bench-command-not-recorded")?.message).toBe(
      "the benchmark command of 15 runs is not recorded: GPUStack benchmark-runner measured them and no file states its command (their workload is in the scenarios)"
    );
    const rate = data.report.claims.find((c) => c.kind === "success-rate")!;
    expect([rate.status, rate.recomputed]).toEqual(["confirmed", "51.6%"]);
    // The runner's peaks above all the tokens a run generated cannot be true: set aside with a warning, in no mean.
    const impossible = data.report.findings.filter((f) => /max_output_tokens_per_s cannot be true/.test(f.message));
    const setAside = data.rows.filter((r) => r.status === "ok" && r.max_output_tokens_per_s == null);
    expect(impossible.map((f) => f.run).sort()).toEqual(setAside.map((r) => r.run).sort());
    expect(setAside.length).toBe(12);
    for (const r of data.rows.filter((x) => x.max_output_tokens_per_s != null))
      expect(r.max_output_tokens_per_s!).toBeLessThanOrEqual(r.total_output_tokens as number);
  });
});
