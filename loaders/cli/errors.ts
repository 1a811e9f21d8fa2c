// How the CLI words a failure: one line, naming the file where there is one, never a stack trace.
import {existsSync, statSync} from "node:fs";
import {basename, dirname, join, resolve} from "node:path";
import {shellWord} from "../command/shell-quote.js";

/** The one line for an error thrown inside a command: a system error's path and words, else its first line. */
export function errorLine(error: unknown): string {
  if (!(error instanceof Error)) return String(error).split("\n")[0];
  const system = error as NodeJS.ErrnoException;
  if (typeof system.code === "string" && typeof system.syscall === "string") {
    // "ENOENT: no such file or directory, open '/x'" → "/x: no such file or directory"
    const words = system.message.replace(/^[A-Z]+: /, "").replace(/, [a-z]+( '.*')?$/, "");
    return system.path ? `${system.path}: ${words}` : `${words} (${system.syscall})`;
  }
  return error.message.split("\n").find((line) => line.trim()) ?? error.name;
}

const STUDY_IS = "a study is a folder with study.yaml (the plan) and runs/ (one folder per run)";

/** Why `dir` is not a study folder, or null when it has a study.yaml file. */
export function notAStudy(dir: string): string | null {
  if (!existsSync(dir)) return `${dir} does not exist`;
  if (!statSync(dir).isDirectory())
    return basename(dir) === "study.yaml"
      ? `${dir} is a study's plan; give its folder, ${dirname(dir)}`
      : `${dir} is a file, not a study: ${STUDY_IS}`;
  const plan = join(dir, "study.yaml");
  if (!existsSync(plan))
    return (
      `${dir} is not a study: ${STUDY_IS}; ` +
      `start one with 'tps-report import RESULTS… --into ${shellWord(dir, "bash")}' or 'tps-report new ${shellWord(dir, "bash")}'`
    );
  if (!statSync(plan).isFile()) return `${plan} is not a file`;
  return null;
}

/** Why `dir` cannot be a new study's folder: it names the plan inside one. */
export function planNotFolder(dir: string): string | null {
  if (basename(resolve(dir)) !== "study.yaml") return null;
  return `${dir}: give the study's folder, ${dirname(dir)}; study.yaml is written inside it`;
}
