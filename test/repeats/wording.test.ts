// Issue 28, defects 7 and 12: text written for single runs, the small things (--version, a contradicted gain claim's
// detail, a study with no runs).
import {mkdirSync, mkdtempSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {homePage} from "../../loaders/pages/home.js";
import {loadStudy} from "../../loaders/analysis/report.js";
import {main} from "../../loaders/cli/main.js";
import {main as exportMain} from "../../loaders/cli/export.js";
import type {Report} from "../../loaders/analysis/report.js";
import type {RunRow} from "../../loaders/runs/rows.js";
import {originText} from "../../src/components/headlineSummary.js";
import {studyCaveat} from "../../src/components/notesList.js";
import {verdictText} from "../../src/components/verdict.js";
import {stepPages} from "../../loaders/pages/step.js";
import {REPEAT_TPS, writeRepeatsFixture} from "../support/repeats-fixture.js";
import packageJson from "../../package.json" with {type: "json"};

let root: string;
let report: Report;
let rows: RunRow[];
let seed: {report: Report; rows: RunRow[]};

const CLAIMS = `claims:
  - {id: ranking, kind: ranking, step: max-batch-tokens, order: [t8192, t2048, t16384]}
  - {id: winner, kind: winner, step: max-batch-tokens, candidate: t8192}
  - {id: gain, kind: step-gain, step: max-batch-tokens, percent: 12.5}
`;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "tps-wording-"));
  const dir = join(root, "study");
  // Step 1's best on the deciding scenario is the baseline itself.
  writeRepeatsFixture(dir, (yaml) => yaml + CLAIMS, {
    ...REPEAT_TPS,
    "max-batch-tokens--t2048--chat": [3600, 6000, 5900]
  });
  ({report, rows} = await loadStudy(dir, process.cwd()));
  seed = await loadStudy("data/studies/qwen3-32b-a100");
});
afterAll(() => rmSync(root, {recursive: true, force: true}));

describe("defect 7: text written for single runs", () => {
  it("/notes: the report's own caveat follows the repeats", () => {
    expect(studyCaveat(seed.report, "en")).toBe(
      "The report adds one caveat of its own: every figure here comes from a single run of each configuration on each scenario. Run-to-run variation is not measured, so small differences between candidates should be read with care."
    );
    // The generalization's recommendation rests on 2 repeats (one failed), every other point on 3.
    const en = studyCaveat(report, "en");
    expect(en).not.toMatch(/single run/);
    expect(en).toBe(
      "The report adds one caveat of its own: every figure here is the mean of 2–3 repeats of each configuration on each scenario, with its 95% interval; a difference counts only when its interval excludes zero, and 2–3 repeats give wide intervals."
    );
    expect(studyCaveat(report, "tr")).toMatch(/2–3 tekrar/);
  });

  it("the home page does not say the baseline 'took the lead' when no step beat it", () => {
    const home = homePage(report, rows);
    expect(home.recommended.candidate).toBe("t2048");
    const en = originText(home, "en");
    expect(en).not.toMatch(/took the lead/);
    expect(en).toBe(
      "Nobody picked this by hand. Each optimization step tried its candidates, and a candidate replaced the best configuration so far only when it was faster beyond noise (its gain's 95% interval above zero). None was, so the configuration above is the baseline the study started from."
    );
    expect(originText(homePage(seed.report, seed.rows), "en")).toBe(
      "Nobody picked this by hand. Each optimization step tried its candidates, and a candidate replaced the best configuration so far only when it was faster. What remained after the last step, Max tokens per batch (TensorRT-LLM), is the configuration above; it took the lead in Engine selection."
    );
    expect(originText(home, "tr")).toMatch(/temel yapılandırma/);
  });

  it("a step whose best is the best configuration so far says so, not that it does not beat itself", () => {
    const page = [...stepPages(report, rows)][0];
    expect(page.step.verdict.kind).toBe("no-improvement");
    const en = verdictText(page.step, page, "en");
    expect(en).not.toMatch(/does not beat/);
    expect(en).toBe(
      "No improvement: 2048 tokens (5166.67 tok/s), the best configuration so far, is also this step's best; no candidate beats it."
    );
    expect(verdictText(page.step, page, "tr")).toMatch(
      /^İyileşme yok: şimdiye kadarki en iyi yapılandırma 2048 tokens/
    );
  });
});

describe("defect 12: small things", () => {
  it("tps-report --version prints the package's version", async () => {
    const out: string[] = [];
    const write = process.stdout.write.bind(process.stdout);
    process.stdout.write = ((chunk: string) => (out.push(String(chunk)), true)) as typeof process.stdout.write;
    try {
      expect(await main(["--version"])).toBe(0);
    } finally {
      process.stdout.write = write;
    }
    expect(out.join("")).toBe(`tps-report ${packageJson.version}\n`);
  });

  it("export without --study says which study it exports", async () => {
    const err: string[] = [];
    const out: string[] = [];
    const [stdout, stderr] = [process.stdout.write.bind(process.stdout), process.stderr.write.bind(process.stderr)];
    const study = process.env.TPS_REPORT_STUDY;
    delete process.env.TPS_REPORT_STUDY;
    process.stdout.write = ((chunk: string) => (out.push(String(chunk)), true)) as typeof process.stdout.write;
    process.stderr.write = ((chunk: string) => (err.push(String(chunk)), true)) as typeof process.stderr.write;
    try {
      expect(await exportMain(["--format", "csv"])).toBe(0);
    } finally {
      process.stdout.write = stdout;
      process.stderr.write = stderr;
      if (study != null) process.env.TPS_REPORT_STUDY = study;
    }
    expect(err.join("")).toBe(
      "tps-report export: no --study given; exporting data/studies/qwen3-32b-a100 (TPS_REPORT_STUDY or --study DIR picks another)\n"
    );
    // The header and the seed's 17 runs.
    expect(out.join("").trimEnd().split("\n").length).toBe(1 + 17);
  });

  it("a contradicted gain claim says why in its detail", () => {
    const gain = report.claims.find((c) => c.id === "gain")!;
    expect(gain.status).toBe("contradicted");
    expect(gain.detail).toBe("no candidate beat the best configuration so far (2048 tokens), so the step has no gain");
  });

  it("a study with no runs: every claim about the runs is unverifiable", async () => {
    const dir = join(root, "empty");
    writeRepeatsFixture(dir, (yaml) => yaml + CLAIMS, {});
    mkdirSync(join(dir, "runs"), {recursive: true});
    const empty = await loadStudy(dir, process.cwd());
    expect(empty.report.claims.map((c) => [c.id, c.status])).toEqual([
      ["ranking", "unverifiable"],
      ["winner", "unverifiable"],
      ["gain", "unverifiable"]
    ]);
  });
});
