// Every CLI failure is one readable line ending in a newline: no stack traces, no bare ENOENT, and a folder that is
// not a study says what a study needs and how to start one.
import {spawnSync} from "node:child_process";
import {cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";

const root = mkdtempSync(join(tmpdir(), "tps-cli-errors-"));
afterAll(() => rmSync(root, {recursive: true, force: true}));

function cli(...args: string[]): {status: number | null; stdout: string; stderr: string} {
  const run = spawnSync(process.execPath, ["bin/tps-report.js", ...args], {
    encoding: "utf8",
    env: {...process.env, TPS_REPORT_DEBUG: ""}
  });
  return {status: run.status, stdout: run.stdout, stderr: run.stderr};
}

/** The stderr of a failed command: exactly one line, ending in a newline. */
function oneLine(stderr: string): string {
  expect(stderr.endsWith("\n"), JSON.stringify(stderr)).toBe(true);
  expect(stderr.slice(0, -1), JSON.stringify(stderr)).not.toContain("\n");
  return stderr.slice(0, -1);
}

function folder(name: string, files: Record<string, string> = {}): string {
  const dir = join(root, name);
  mkdirSync(dir, {recursive: true});
  for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
  return dir;
}

describe("a folder that is not a study", () => {
  const empty = folder("empty");
  for (const [args, status] of [
    [["check", empty], 2],
    [["export", "--format", "csv", "--study", empty], 2],
    [["run", empty, "--dry-run"], 2],
    [["gather", empty, join(root, "tasks")], 2]
  ] as const) {
    it(`${args[0]} says what a study needs and how to start one`, () => {
      const run = cli(...args);
      expect(run.status).toBe(status);
      expect(run.stdout).toBe("");
      const line = oneLine(run.stderr);
      expect(line).toBe(
        `tps-report ${args[0]}: ${empty} is not a study: a study is a folder with study.yaml (the plan) and runs/ ` +
          `(one folder per run); start one with 'tps-report import RESULTS… --into ${empty}' or 'tps-report new ${empty}'`
      );
    });
  }

  // It advised 'tps-report new …/study.yaml', which writes …/study.yaml/study.yaml.
  it("a study's plan given for its folder: every command names the folder to give", () => {
    writeFileSync(join(root, "plan-only.yaml"), "");
    mkdirSync(join(root, "given"), {recursive: true});
    writeFileSync(join(root, "given", "study.yaml"), "");
    const given = join(root, "given", "study.yaml");
    for (const args of [
      ["check", given],
      ["export", "--format", "csv", "--study", given],
      ["run", given, "--dry-run"],
      ["tune", given, "--dry-run"],
      ["compare", given, given],
      ["history", given, given],
      ["gather", given, join(root, "tasks")],
      ["run", given, "--emit", "k8s", "--image", "x"]
    ]) {
      const run = cli(...args);
      expect(run.status, args.join(" ")).toBe(2);
      expect(oneLine(run.stderr)).toBe(
        `tps-report ${args[0]}: ${given} is a study's plan; give its folder, ${join(root, "given")}`
      );
    }
    const file = join(root, "plan-only.yaml");
    expect(oneLine(cli("check", file).stderr)).toBe(
      `tps-report check: ${file} is a file, not a study: a study is a folder with study.yaml (the plan) and runs/ ` +
        `(one folder per run)`
    );
  });

  // Each wrote …/study.yaml/study.yaml, a study named "study-yaml".
  it("a new study's folder given as its plan's path: the folder to give, nothing written", () => {
    const source = "test/fixtures/corpus/vllm-pr18566.txt";
    for (const [args, target] of [
      [["new", join(root, "made", "study.yaml"), "--model", "Qwen/Qwen3-8B"], join(root, "made")],
      [["import", source, "--into", join(root, "imported", "study.yaml")], join(root, "imported")],
      [
        ["import", "test/fixtures/writeups/qwen3-32b--a100.md", "--into", join(root, "w", "study.yaml")],
        join(root, "w")
      ]
    ] as const) {
      const run = cli(...args);
      expect(run.status, args.join(" ")).toBe(2);
      expect(run.stderr.split("\n")[0]).toBe(
        `tps-report ${args[0]}: ${join(target, "study.yaml")}: give the study's folder, ${target}; study.yaml is written inside it`
      );
      expect(existsSync(target), target).toBe(false);
    }
  });

  // It said "…/study.yaml/tasks.json: not a directory".
  it("gather given a file for its tasks folder names it", () => {
    const study = join(root, "gather-study");
    cpSync("data/studies/qwen3-32b-a100", study, {recursive: true});
    const file = join(study, "study.yaml");
    const run = cli("gather", study, file);
    // As for a tasks folder that does not exist.
    expect(run.status).toBe(1);
    expect(oneLine(run.stderr)).toBe(`tps-report gather: ${file} is a file; give the tasks folder`);
  });

  it("a folder that does not exist is named as missing", () => {
    const missing = join(root, "nowhere");
    const line = oneLine(cli("check", missing).stderr);
    expect(line).toBe(`tps-report check: ${missing} does not exist`);
  });
});

// Node's parseArgs spoke in its own words: "Unknown option '--bogus'. To specify a positional argument starting with
// a '-', place it …", and a value starting with a dash took three lines; the other commands said "unknown option
// --bogus".
describe("a command line a command cannot take", () => {
  const study = "data/studies/qwen3-32b-a100";
  it.each([
    ["check", study],
    ["compare", study, study],
    ["history", study, study],
    ["export", "--format", "csv"],
    ["import", "x", "--into", "y"],
    ["new", "x", "--model", "m"],
    ["run", study],
    ["tune", study],
    ["gather", study, "t"],
    ["headroom"],
    ["parse"],
    ["bench"]
  ])("%s names an unknown option in one wording", (...args) => {
    const run = cli(...args, "--bogus");
    expect(run.status).toBe(2);
    expect(run.stderr.split("\n")[0]).toBe(`tps-report ${args[0]}: unknown option --bogus`);
  });

  it("an option without its value, and a value that starts with a dash, each in one line", () => {
    expect(cli("new", "x", "--model").stderr.split("\n")[0]).toBe("tps-report new: --model needs a value");
    const dash = cli("history", study, study, "--threshold", "-5%");
    expect(dash.status).toBe(2);
    expect(dash.stderr.split("\n")[0]).toBe(
      "tps-report history: --threshold's value starts with a dash: write it as --threshold=-5%"
    );
    expect(dash.stderr.split("\n")[1]).toMatch(/^usage: tps-report history /);
  });
});

describe("errors thrown inside a command", () => {
  it("a plan that does not parse: its file and line, without a stack trace", () => {
    const dir = folder("broken", {"study.yaml": "study: [unclosed\n"});
    const run = cli("export", "--format", "csv", "--study", dir);
    expect(run.status).toBe(1);
    expect(oneLine(run.stderr)).toMatch(new RegExp(`^tps-report export: ${dir}/study\\.yaml:2: .+\\]$`));
  });

  it("a study.yaml that is not a file is named", () => {
    const dir = folder("dir-plan");
    mkdirSync(join(dir, "study.yaml"));
    const run = cli("check", dir);
    expect(run.status).toBe(2);
    expect(oneLine(run.stderr)).toBe(`tps-report check: ${join(dir, "study.yaml")} is not a file`);
  });

  // It passed: the title read "Caf\uFFFD …" on every page, and check found nothing wrong.
  it("a plan saved in another encoding than UTF-8: the line and column of its first such byte", () => {
    const dir = join(root, "latin1-plan");
    cpSync("data/studies/qwen3-32b-a100", dir, {recursive: true});
    const plan = readFileSync(join(dir, "study.yaml"));
    const at = plan.indexOf("  en: ") + "  en: ".length;
    // "Café " as Latin-1 writes it: é is the one byte 0xE9.
    writeFileSync(
      join(dir, "study.yaml"),
      Buffer.concat([plan.subarray(0, at), Buffer.from("Caf\xe9 ", "latin1"), plan.subarray(at)])
    );
    const line = plan.subarray(0, at).toString("utf8").split("\n").length;
    const run = cli("export", "--format", "csv", "--study", dir);
    expect(run.status).toBe(1);
    expect(oneLine(run.stderr)).toBe(
      `tps-report export: ${dir}/study.yaml:${line}: byte 0xE9 at column 10 is not UTF-8: save the file as UTF-8`
    );
  });

  it("a system error names its path in words, without the error code's prefix", () => {
    const dir = folder("unreadable-out", {"study.yaml": ""});
    const run = cli(
      "export",
      "--format",
      "csv",
      "--study",
      "data/studies/qwen3-32b-a100",
      "--out",
      join(dir, "x", "y.csv")
    );
    expect(run.status).toBe(1);
    expect(oneLine(run.stderr)).toBe(
      `tps-report export: ${join(dir, "x", "y.csv")}: its folder ${join(dir, "x")} does not exist`
    );
  });

  // It named the temporary file beside it: "/out.12326.tmp: illegal operation on a directory".
  it("an --out that is a folder is named, and nothing is left beside it", () => {
    const dir = folder("out-folder");
    const run = cli("export", "--format", "csv", "--study", "data/studies/qwen3-32b-a100", "--out", dir);
    expect(run.status).toBe(1);
    expect(oneLine(run.stderr)).toBe(`tps-report export: ${dir} is a folder; name a file to write`);
    expect(readdirSync(root).filter((name) => name.startsWith("out-folder"))).toEqual(["out-folder"]);
  });
});
