// Case 4 of issue 15: every line --dry-run prints is safe to paste into a shell, whatever the plan's labels hold.
import {execFileSync} from "node:child_process";
import {existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {stringify} from "yaml";
import {writeInteractionStudy} from "../support/interaction-study.js";

const made: string[] = [];
afterAll(() => made.forEach((dir) => rmSync(dir, {recursive: true, force: true})));

describe("--dry-run output piped to sh", () => {
  it("runs only the planned commands: labels, names and paths with newlines stay inside comments", () => {
    const dir = mkdtempSync(join(tmpdir(), "tps-dry-"));
    made.push(dir);
    const study = join(dir, "study");
    const work = join(dir, "work");
    execFileSync("mkdir", ["-p", study, work]);
    const evil = (what: string) => `x\ntouch ${what}-pwned\r\u2028; touch ${what}-also #`;
    const plan = {
      id: "dry",
      title: "Dry run",
      goal: "Dry run",
      model: {name: "m"},
      hardware: {gpu: "none", name: "none", count: 1},
      engines: {e: {name: evil("engine"), version: "1"}},
      client: {argv: ["true"]},
      serve: {ready_path: `/health\ntouch path-pwned`, host: "127.0.0.1"},
      scenarios: {tiny: {name: evil("scenario"), dataset: "random", input_len: 1, output_len: 1, num_prompts: 1}},
      steps: [
        {
          id: "s",
          kind: "selection",
          title: evil("title"),
          scenarios: ["tiny"],
          candidates: [{id: "a", label: evil("label"), engine: "e", server: ["true", "it's fine"]}]
        }
      ],
      baseline: {step: "s", candidate: "a"}
    };
    writeFileSync(join(study, "study.yaml"), stringify(plan));
    const script = execFileSync(
      process.execPath,
      [join(process.cwd(), "bin/tps-report.js"), "run", study, "--dry-run"],
      {
        encoding: "utf8"
      }
    );
    // Every line is a comment, blank, or one of the two planned commands.
    for (const line of script.split("\n"))
      expect(line === "" || line.startsWith("#") || line.startsWith("true "), JSON.stringify(line)).toBe(true);
    const out = execFileSync("sh", ["-eu"], {input: script, cwd: work, encoding: "utf8"});
    expect(out).toBe("");
    expect(readdirSync(work)).toEqual([]);
    expect(existsSync(join(work, "label-pwned"))).toBe(false);
    expect(script).toContain("# [server 1/1] s--a — x\\x0atouch label-pwned\\x0d\\u2028; touch label-also #");
  });
});

// Issue 47, case 8: every field of the plain and the second-look dry run stays on its line, so the listing piped into
// bash (as `tps-report run STUDY --dry-run | bash` invites) runs only the planned commands.
describe("the dry run piped into bash, issue 47", () => {
  const evil = (what: string) => `x\ntouch ${what}-pwned\r\u2028; touch ${what}-also #`;
  const cli = (...args: string[]) =>
    execFileSync(process.execPath, [join(process.cwd(), "bin/tps-report.js"), "run", ...args], {encoding: "utf8"});

  /** A folder with a `vllm` that does nothing, so the planned commands run as harmlessly as `true`. */
  function fakeVllm(dir: string): string {
    const bin = join(dir, "bin");
    mkdirSync(bin);
    writeFileSync(join(bin, "vllm"), "#!/bin/sh\nexit 0\n", {mode: 0o755});
    return bin;
  }

  /** Every line is blank, a comment or a planned command, bash -n reads it, and bash runs it creating nothing. */
  function runsNothingElse(script: string, dir: string, program: string): void {
    for (const line of script.split("\n"))
      expect(line === "" || line.startsWith("#") || line.startsWith(`${program} `), JSON.stringify(line)).toBe(true);
    const work = join(dir, "work");
    mkdirSync(work);
    execFileSync("bash", ["-n"], {input: script});
    const path = `${fakeVllm(dir)}:${process.env.PATH}`;
    execFileSync("bash", ["-eu"], {input: script, cwd: work, env: {...process.env, PATH: path}});
    expect(readdirSync(work)).toEqual([]);
  }

  it("plain dry run: arguments and paths with line breaks are one word on one line", () => {
    const dir = mkdtempSync(join(tmpdir(), "tps-dry-"));
    made.push(dir);
    // The study's own folder name carries a line break: it is in every run's --result-dir.
    const study = join(dir, "stu\ntouch dir-pwned\ndy");
    mkdirSync(study);
    const plan = {
      id: "dry",
      title: "Dry run",
      goal: "Dry run",
      model: {name: evil("model")},
      hardware: {gpu: "none", name: "none", count: 1},
      engines: {e: {name: "e", version: "1"}},
      client: {argv: ["true", "--model", "{model}"]},
      scenarios: {
        tiny: {name: "t", dataset: "sharegpt", dataset_path: evil("dataset"), num_prompts: 1, bench_args: [evil("arg")]}
      },
      steps: [
        {
          id: "s",
          kind: "selection",
          title: "s",
          scenarios: ["tiny"],
          candidates: [{id: "a", label: evil("label"), engine: "e", server: ["true", evil("server"), "it's"]}]
        }
      ],
      baseline: {step: "s", candidate: "a"}
    };
    writeFileSync(join(study, "study.yaml"), stringify(plan));
    const script = cli(study, "--dry-run");
    runsNothingElse(script, dir, "true");
    // A control character is a $'…' escape: the word reads back exactly in bash.
    expect(script).toContain(`true $'x\\ntouch server-pwned\\r\u2028; touch server-also #' 'it'\\''s'`);
  });

  it("second-look dry run: a derived set around a label with a line break", () => {
    const dir = mkdtempSync(join(tmpdir(), "tps-dry-"));
    made.push(dir);
    const study = join(dir, "study");
    writeInteractionStudy(study, true);
    const file = join(study, "study.yaml");
    writeFileSync(
      file,
      readFileSync(file, "utf8").replace("label: A + B (8192 tokens)", `label: ${JSON.stringify(evil("label"))}`)
    );
    const script = cli(study, "--second-look", "--dry-run");
    expect(script).toContain(
      "# Second look at x\\x0atouch label-pwned\\x0d\\u2028; touch label-also #: 3 configurations"
    );
    runsNothingElse(script, dir, "vllm");
  });

  it("second-look dry run: a frozen set whose labels, reasons and arguments hold line breaks", () => {
    const dir = mkdtempSync(join(tmpdir(), "tps-dry-"));
    made.push(dir);
    const study = join(dir, "study");
    writeInteractionStudy(study, true);
    const look = {
      step: "second-look",
      scenarios: ["short"],
      repeats: 1,
      winner: {step: "tokens", candidate: "b"},
      margin: 5,
      reasons: {x: evil("reason")},
      candidates: [
        {
          id: "x",
          label: evil("look-label"),
          engine: "vllm",
          model: "org/model",
          quantization: "bf16",
          server: ["vllm", "serve", "org/model", "--max-num-seqs", evil("look-arg")]
        }
      ]
    };
    writeFileSync(join(study, "second-look.json"), JSON.stringify(look, null, 2));
    const script = cli(study, "--second-look", "--dry-run");
    expect(script).toContain(
      "#   x — x\\x0atouch look-label-pwned\\x0d\\u2028; touch look-label-also #: x\\x0atouch reason"
    );
    runsNothingElse(script, dir, "vllm");
  });
});
