// Issue 25's acceptance on a synthetic study where two knobs interact: A is best alone, B is best on A, but A′+B
// beats A+B. The greedy path picks A+B; the coverage names A′ as a close runner-up never run with B; the second look
// runs A′+B (and ½×, 2× of each tuned number) and says the greedy choice did not survive, with the interval. The same
// study without the interaction survives.
import {spawnSync} from "node:child_process";
import {existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join, resolve} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {coverage} from "../../loaders/analysis/coverage.js";
import {derive} from "../../loaders/analysis/derive.js";
import {loadStudy} from "../../loaders/analysis/report.js";
import {planSecondLook, secondLookData} from "../../loaders/analysis/second-look.js";
import {writeFileAtomic} from "../../loaders/files/write-atomic.js";
import {SECOND_LOOK_FILE} from "../../loaders/study/second-look-file.js";
import {coverageParagraph, secondLookParagraph} from "../../src/components/coverageText.js";
import {stepHref} from "../../src/components/links.js";
import {writeInteractionStudy, writeSecondLookRuns} from "../support/interaction-study.js";

const ROOT = resolve(import.meta.dirname, "../..");
let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "tps-second-look-"));
});
afterAll(() => rmSync(root, {recursive: true, force: true}));

/** Freezes the second-look set as `run --second-look` does before it starts anything. */
async function freeze(dir: string): Promise<void> {
  const {plan, rows} = await loadStudy(dir, root);
  const derived = derive(plan, rows);
  writeFileAtomic(
    join(dir, SECOND_LOOK_FILE),
    JSON.stringify(secondLookData(plan, planSecondLook(plan, derived, coverage(plan, derived))), null, 2) + "\n"
  );
}

function cli(...args: string[]): {status: number | null; stdout: string; stderr: string} {
  const r = spawnSync(process.execPath, ["bin/tps-report.js", ...args], {cwd: ROOT, encoding: "utf8"});
  return {status: r.status, stdout: r.stdout, stderr: r.stderr};
}

const SET = ["a-prime-with-b", "b-max-num-seqs-512", "b-max-num-batched-tokens-16384"];

describe("two knobs that interact: A′+B beats A+B", () => {
  it("the greedy path picks A+B, and the coverage flags A′ as close and never run with B", async () => {
    const dir = join(root, "greedy");
    writeInteractionStudy(dir, true);
    const {report} = await loadStudy(dir, root);
    expect(report.steps.map((s) => [s.id, s.verdict.kind, s.verdict.winner?.candidate])).toEqual([
      ["seqs", "improved", "a"],
      ["tokens", "improved", "b"]
    ]);
    expect(report.recommended.candidate).toBe("b");
    const c = report.coverage;
    // A 1100 against A′ 1080: +1.85 %, under the 5 % margin; B 1200 against 4096 tokens' 1150: +4.35 %.
    expect(c.close.map((d) => [d.step, d.runner_up.candidate, +d.gap_percent.toFixed(2), d.within_noise])).toEqual([
      ["seqs", "a-prime", 1.85, false],
      ["tokens", "b-small", 4.35, false]
    ]);
    expect(
      c.steps[1].untried.map((u) => [u.runner_up.candidate, u.setting.map((s) => `${s.dim} ${s.value}`).join()])
    ).toEqual([
      ["base", "--max-num-batched-tokens 8192"],
      ["base", "--max-num-batched-tokens 4096"],
      ["a-prime", "--max-num-batched-tokens 8192"],
      ["a-prime", "--max-num-batched-tokens 4096"]
    ]);
    // max-num-seqs {default, 256, 128} × max-num-batched-tokens {default, 8192, 4096}: 5 measured of 9.
    expect([c.space, c.measured, c.untried]).toEqual([9, 5, 4]);
    const en = coverageParagraph(report.coverage, report, "en");
    expect(en).toContain("5 of the 9 combinations");
    expect(en).toContain("4 combinations of earlier runners-up with a later step's settings were never run");
    expect(en).toContain("2 decisions were within noise or closer than 5 %");
  });

  it("--second-look --dry-run lists the runs and their count and starts nothing", () => {
    const dir = join(root, "dry");
    writeInteractionStudy(dir, true);
    const before = readdirSync(join(dir, "runs")).sort();
    const r = cli("run", dir, "--second-look", "--dry-run");
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(
      "# Second look at A + B (8192 tokens): 3 configurations, 9 runs (3 repeats each); dry run: nothing was started."
    );
    for (const id of SET)
      for (const k of ["", "--r2", "--r3"]) expect(r.stdout).toContain(`] second-look--${id}--short${k}\n`);
    expect(r.stdout).toContain("vllm serve org/model --max-num-seqs 128 --max-num-batched-tokens 8192");
    expect(r.stdout).toContain("A + 4096 tokens"); // the ½× token budget: already measured, left out
    expect(readdirSync(join(dir, "runs")).sort()).toEqual(before);
    expect(existsSync(join(dir, SECOND_LOOK_FILE))).toBe(false);
  });

  it("the second look finds A′+B and says the greedy choice did not survive, with the interval", async () => {
    const dir = join(root, "interacts");
    writeInteractionStudy(dir, true);
    await freeze(dir);
    const written = writeSecondLookRuns(dir, true);
    expect(written).toHaveLength(9);
    const {report, plan} = await loadStudy(dir, root);
    expect(plan.second_look!.candidates.map((c) => c.id)).toEqual(SET);
    // Greedy figures unchanged by the second look's runs.
    expect(report.recommended.candidate).toBe("b");
    const look = report.second_look!;
    expect(look.state).toBe("does-not-survive");
    expect([look.runs_planned, look.runs_recorded]).toEqual([9, 9]);
    const rec = look.recommendation!;
    expect(rec.candidate).toBe("a-prime-with-b");
    expect(rec.label).toBe("A′ (128 sequences) + --max-num-batched-tokens 8192");
    expect(rec.value).toBeCloseTo(1300, 6);
    // 1300 over 1200: +8.33 %; each side's repeats 0.995, 1, 1.005 × the mean.
    expect(rec.gain_percent).toBeCloseTo(8.3333, 3);
    expect(rec.gain_interval!.low).toBeGreaterThan(0);
    expect(rec.gain_interval!.high).toBeGreaterThan(rec.gain_percent!);
    expect(rec.server_command).toBe("vllm serve org/model --max-num-seqs 128 --max-num-batched-tokens 8192");
    const en = secondLookParagraph(look, report, "en");
    expect(en).toContain("The greedy choice A + B (8192 tokens) did not survive the second look");
    expect(en).toContain("A′ (128 sequences) + --max-num-batched-tokens 8192");
    expect(en).toContain("+8.3% [");
    expect(en).toContain("vllm serve org/model --max-num-seqs 128 --max-num-batched-tokens 8192");
    expect(secondLookParagraph(look, report, "tr")).toContain("ikinci bakışta geçerliliğini korumadı");
  });

  it("without the interaction the greedy choice survives", async () => {
    const dir = join(root, "no-interaction");
    writeInteractionStudy(dir, false);
    await freeze(dir);
    writeSecondLookRuns(dir, false);
    const {report} = await loadStudy(dir, root);
    const look = report.second_look!;
    expect(look.state).toBe("survives");
    expect(look.recommendation).toBeNull();
    expect(secondLookParagraph(look, report, "en")).toContain(
      "The greedy choice A + B (8192 tokens) survives the second look"
    );
  });

  it("before its runs are recorded the second look is pending, and check accepts its run folders", async () => {
    const dir = join(root, "pending");
    writeInteractionStudy(dir, true);
    await freeze(dir);
    expect((await loadStudy(dir, root)).report.second_look!.state).toBe("pending");
    writeSecondLookRuns(dir, true);
    const r = cli("check", dir);
    expect(r.stdout + r.stderr).not.toMatch(/second-look--.*(not planned|unknown|not named)/);
  });

  it("a second-look run's step links to the summary's second look (it has no step page of its own)", () => {
    expect(stepHref("second-look", {lang: "en", root: "./"})).toBe("./summary#second-look");
    expect(stepHref("tokens", {lang: "en", root: "./"})).toBe("./steps/tokens");
    // Nor has the interference step: its verdict is a finding on the quality page.
    expect(stepHref("interference", {lang: "tr", root: "../"})).toBe("../tr/quality");
  });
});

describe("tps-report run --second-look: arguments", () => {
  it("is a flag of run, and runs its own set (no --only)", async () => {
    const {parseRunArgs} = await import("../../loaders/cli/run.js");
    expect(parseRunArgs(["s", "--second-look", "--dry-run"])).toEqual({
      study: "s",
      only: [],
      dryRun: true,
      resume: false,
      force: false,
      secondLook: true
    });
    expect(() => parseRunArgs(["s", "--second-look", "--only", "x"])).toThrow("--second-look runs its own set");
  });
});

describe("coverage of a study whose steps varied nothing", () => {
  it("says so instead of a space of one", async () => {
    const dir = join(root, "one");
    const {writeRepeatStudy} = await import("../support/repeat-study.js");
    writeRepeatStudy(dir, {base: [1000]}, undefined, "", (yaml) => yaml.replace(/\n {6}- \{id: tuned.*\n/, "\n"));
    const {report} = await loadStudy(dir, root);
    expect([report.coverage.space, report.coverage.measured, report.coverage.dims]).toEqual([1, 1, []]);
    expect(coverageParagraph(report.coverage, report, "en")).toBe(
      "The steps varied no setting: the recommendation rests on the one configuration measured."
    );
  });
});

describe("bad input around the second look", () => {
  it("refuses a study whose greedy steps are not finished, in one line naming the plan", () => {
    const dir = join(root, "unfinished");
    writeInteractionStudy(dir, true);
    rmSync(join(dir, "runs", "tokens--b-small--short--r3"), {recursive: true});
    const r = cli("run", dir, "--second-look", "--dry-run");
    expect(r.status).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe(
      `tps-report run: ${join(dir, "study.yaml")}: the greedy steps are not finished (1 planned run missing, the first tokens--b-small--short--r3); run them first (tps-report run ${dir} --resume)\n`
    );
  });

  it("a malformed second-look.json is an error naming the file and line", () => {
    const dir = join(root, "malformed");
    writeInteractionStudy(dir, true);
    writeFileSync(join(dir, SECOND_LOOK_FILE), '{\n  "step": "second-look",\n  "scenarios": ["nope"]\n}\n');
    const r = cli("run", dir, "--second-look", "--dry-run");
    expect(r.status).toBe(1);
    expect(r.stderr.startsWith(`tps-report run: ${join(dir, SECOND_LOOK_FILE)}:1: repeats: `)).toBe(true);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
  });
});
