// How the CLI words a failure: one line, naming the file where there is one, never a stack trace.
import {basename, dirname, resolve} from "node:path";

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

/** Why `dir` cannot be a new study's folder: it names the plan inside one. */
export function planNotFolder(dir: string): string | null {
  if (basename(resolve(dir)) !== "study.yaml") return null;
  return `${dir}: give the study's folder, ${dirname(dir)}; study.yaml is written inside it`;
}
