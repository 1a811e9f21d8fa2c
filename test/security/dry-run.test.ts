// Case 4 of issue 15: every line --dry-run prints is safe to paste into a shell, whatever the plan's labels hold.
import {execFileSync} from "node:child_process";
import {existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {stringify} from "yaml";

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
