// Issue 29, cases 3 and 4: no value or path can add a line to study.yaml, an sbatch script, a k8s manifest or the line
// gather asks to paste. Newlines, `---`, `$(…)` and quotes go through every field that reaches them.
import {spawnSync} from "node:child_process";
import {existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterEach, beforeEach, describe, expect, it} from "vitest";
import {parse, parseAllDocuments} from "yaml";
import {resubmitCommand} from "../../loaders/cluster/gather.js";
import {k8sYaml} from "../../loaders/cluster/k8s.js";
import {slurmScript} from "../../loaders/cluster/slurm.js";
import type {TaskManifest} from "../../loaders/cluster/tasks.js";
import type {StudyPlan} from "../../loaders/study/plan.js";
import {shellWord} from "../../loaders/command/shell-quote.js";
import {importResults} from "../../loaders/import/index.js";
import {yamlComment, yamlScalar} from "../../loaders/study/yaml-text.js";
import {vllmResult} from "../support/vllm-result.js";

let tmp: string;
beforeEach(() => {
  tmp = mkdtempSync(join(tmpdir(), "tps-quoting-"));
});
afterEach(() => rmSync(tmp, {recursive: true, force: true}));

/** What a hostile value may hold: a new line that would be a key, a document break, a command and both quotes. */
const HOSTILE = [
  "a\nnotes: [{en: INJECTED}]",
  "b\r\nsource: {x: 1}",
  "c\n---\nkind: Pod",
  "d$(touch M)`touch M`",
  "e'\"#x",
  "f\u2028g\u0085h\u007f"
];

/** Runs `text` with bash in `cwd`; true when it created the file M (the payload ran). */
function ranPayload(text: string, cwd: string): boolean {
  spawnSync("bash", ["-c", text], {cwd, stdio: "ignore", timeout: 5000});
  return existsSync(join(cwd, "M"));
}

describe("one quoting function each for YAML and the shell", () => {
  it("yamlScalar reads back as the same string on one line; yamlComment stays one line", () => {
    for (const value of [...HOSTILE, "plain", "true", "1e3", "- x", "x: y", "", " lead", "#c", "null", "~"]) {
      const text = yamlScalar(value);
      expect(text).not.toMatch(/[\n\r\u2028\u2029\u0085]/);
      expect(parse(`k: ${text}\n`)).toEqual({k: value});
      expect(parse(`- {k: ${text}}\n`)).toEqual([{k: value}]);
      const comment = yamlComment(value);
      expect(comment).not.toMatch(/[\n\r\u2028\u2029\u0085]/);
      expect(parse(`# ${comment}\nk: 1\n`)).toEqual({k: 1});
    }
    expect(yamlScalar(64)).toBe("64");
    expect(yamlScalar("plain")).toBe("plain");
  });

  it("shellWord is one word that sh reads back as the same string; for bash it is one line too", () => {
    for (const value of [...HOSTILE, "plain", "", "a b", "x\ty", "\\"]) {
      const posix = spawnSync("sh", ["-c", `printf %s ${shellWord(value)}`], {cwd: tmp, encoding: "utf8"});
      expect(posix.stdout).toBe(value);
      const word = shellWord(value, "bash");
      expect(word).not.toMatch(/[\n\r]/);
      const bash = spawnSync("bash", ["-c", `printf %s ${word}`], {cwd: tmp, encoding: "utf8"});
      expect(bash.stdout).toBe(value);
      expect(existsSync(join(tmp, "M"))).toBe(false);
    }
    expect(shellWord("/srv/study-1")).toBe("/srv/study-1");
    expect(shellWord("it's")).toBe(`'it'\\''s'`);
    expect(shellWord("a\nb", "bash")).toBe("$'a\\nb'");
  });
});

describe("study.yaml written by import", () => {
  it("metadata values, the model and the source's folder cannot add a key", () => {
    const results = join(tmp, "res\nclaims: [{en: INJECTED}]");
    mkdirSync(results);
    const files = ["64", "128"].map((seqs, i) => {
      const result = vllmResult({
        model: "m\nserve: {host: evil}",
        numPrompts: 10,
        inputLen: 100,
        outputLen: 10,
        duration: 10 + i,
        metadata: {max_num_seqs: `${seqs}\nnotes: [{en: INJECTED}]`, shared: HOSTILE.join("|")}
      });
      const file = join(results, `r${i}.json`);
      writeFileSync(file, JSON.stringify(result));
      return file;
    });
    const study = join(tmp, "study");
    importResults(files, study);
    const text = readFileSync(join(study, "study.yaml"), "utf8");
    const plan = parse(text);
    expect(Object.keys(plan)).toEqual([
      "id",
      "title",
      "objective",
      "model",
      "hardware",
      "engines",
      "client",
      "scenarios",
      "steps",
      "baseline"
    ]);
    expect(plan.model.name).toBe("m\nserve: {host: evil}");
    expect(plan.steps[0].candidates.map((c: {label: string}) => c.label)).toEqual([
      "max_num_seqs=64\nnotes: [{en: INJECTED}]",
      "max_num_seqs=128\nnotes: [{en: INJECTED}]"
    ]);
    expect(text).not.toContain("\nnotes:");
    expect(text).not.toContain("\nclaims:");
    expect(text).toContain(`# Every candidate shares: shared=${yamlComment(HOSTILE.join("|"))}.`);
  });
});

describe("sbatch script and k8s manifest", () => {
  const tasks = [{index: 0, group: "s--a", runs: ["s--a--x"]}];

  it("a study path with a newline and $(…) stays inside its comment and its word; every #SBATCH line is kept", () => {
    for (const hostile of HOSTILE) {
      const dir = join(tmp, `st${hostile}`);
      const script = slurmScript({
        studyId: "st",
        studyDir: dir,
        tasksDir: join(tmp, "tasks"),
        tasks,
        gpuCount: 1,
        cli: "/opt/tps-report.js",
        runArgs: ["--timeout-s", hostile]
      });
      const benign = slurmScript({
        studyId: "st",
        studyDir: join(tmp, "st"),
        tasksDir: join(tmp, "tasks"),
        tasks,
        gpuCount: 1,
        cli: "/opt/tps-report.js",
        runArgs: ["--timeout-s", "x"]
      });
      expect(script.split("\n").length).toBe(benign.split("\n").length);
      expect(script.split("\n").filter((l) => l.startsWith("#SBATCH"))).toEqual(
        benign.split("\n").filter((l) => l.startsWith("#SBATCH"))
      );
      // The header (comments and directives) run by bash does nothing.
      const header = script.split("\n").slice(0, script.split("\n").indexOf("set -euo pipefail")).join("\n");
      expect(ranPayload(header, tmp)).toBe(false);
    }
  });

  it("--tasks-dir, --mount and run options with a newline and '---' cannot add a document or a comment line", () => {
    const options = {
      studyId: "st",
      tasks,
      image: "img",
      claim: "c",
      mount: "/results",
      studyPath: "/results/st",
      tasksPath: "/results/tasks",
      backoffLimitPerIndex: 1,
      gpuCount: 1,
      cli: "tps-report"
    };
    for (const hostile of HOSTILE) {
      const o = {
        ...options,
        tasksPath: `/results/${hostile}`,
        mount: `/r${hostile}`,
        runArgs: ["--timeout-s", hostile]
      };
      const text = k8sYaml(o);
      const docs = parseAllDocuments(text);
      expect(Array.isArray(docs) ? docs.length : 0).toBe(1);
      expect(text.split("\n").filter((l) => l.startsWith("#"))).toHaveLength(3);
      expect(text.split("\n").filter((l) => /^[a-z]/.test(l))).toEqual([
        "apiVersion: batch/v1",
        "kind: Job",
        "metadata:",
        "spec:"
      ]);
      // The pod's sh reads its --runs-dir and options back as they were given.
      const job = (docs as unknown as {toJS(): any}[])[0].toJS();
      const script: string = job.spec.template.spec.containers[0].command[2];
      const shown = spawnSync("sh", ["-c", script.replace(/^exec /m, "printf '%s\\0' "), "t", "s--a"], {
        cwd: tmp,
        encoding: "utf8",
        env: {...process.env, JOB_COMPLETION_INDEX: "0"}
      });
      const words = shown.stdout.split("\0");
      expect(words).toContain(hostile);
      expect(words).toContain(`/results/${hostile}/s--a`);
      expect(existsSync(join(tmp, "M"))).toBe(false);
    }
  });
});

describe("gather's resubmit line", () => {
  const task = {index: 1, group: "s--b", runs: ["s--b--x"]};
  /** The line pasted into bash, with the commands it names stubbed out. */
  const paste = (line: string) => ranPayload(`sbatch(){ :; }; tps-report(){ :; }; kubectl(){ :; }; ${line}`, tmp);

  it("quotes the study folder, the tasks folder and the script it names, whatever they hold", () => {
    for (const hostile of HOSTILE) {
      const plan = {id: "st", dir: join(tmp, `st${hostile}`)} as StudyPlan;
      const tasksDir = join(tmp, `tasks${hostile}`);
      const base: TaskManifest = {
        study: "st",
        study_dir: plan.dir,
        scheduler: "slurm",
        script: join(tasksDir, `job${hostile}.sbatch`),
        parallel: 2,
        only: [],
        tasks: [task]
      };
      const withScript = resubmitCommand(plan, tasksDir, base, [task]);
      expect(withScript).toBe(`sbatch --array=1%1 ${shellWord(base.script!, "bash")}`);
      const rebuilt = resubmitCommand(plan, tasksDir, {...base, script: null}, [task]);
      const k8s = resubmitCommand(plan, tasksDir, null, [task]);
      for (const line of [withScript, rebuilt, k8s]) {
        expect(line).not.toMatch(/[\n\r]/);
        expect(paste(line)).toBe(false);
      }
      expect(rebuilt).toContain(
        `tps-report run ${shellWord(plan.dir, "bash")} --emit slurm --tasks-dir ${shellWord(tasksDir, "bash")}`
      );
      expect(k8s).toContain(`tps-report run ${shellWord(plan.dir, "bash")} --emit k8s --only s--b`);
    }
  });
});
