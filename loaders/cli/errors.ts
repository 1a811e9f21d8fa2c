// How the CLI words a failure: one line, naming the file where there is one, never a stack trace.

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
