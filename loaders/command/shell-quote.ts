// Words for every shell line the product prints or writes (scripts, their comments, lines to paste): each argument
// stays one word, so no value can add a command; for bash (sbatch scripts, lines to paste) it stays on one line too.
const SAFE = /^[A-Za-z0-9_@%+=:,./-]+$/;
/** Characters a single-quoted word would carry onto another line or to the terminal. */
const CONTROL = /[\u0000-\u001f\u007f]/;

const escaped = (c: string): string =>
  c === "\n" ? "\\n" : c === "\r" ? "\\r" : c === "\t" ? "\\t" : `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`;

/**
 * One argument as a shell word: bare when safe, else single-quoted (POSIX sh reads it back exactly, line breaks
 * included); for bash, control characters are written as $'…' escapes so the word never spans lines.
 */
export function shellWord(arg: string, shell: "posix" | "bash" = "posix"): string {
  if (arg !== "" && SAFE.test(arg)) return arg;
  if (shell === "posix" || !CONTROL.test(arg)) return `'${arg.replaceAll("'", `'\\''`)}'`;
  return `$'${arg.replace(/[\\'\u0000-\u001f\u007f]/g, (c) => (c === "\\" || c === "'" ? `\\${c}` : escaped(c)))}'`;
}

export function shellLine(argv: string[], shell: "posix" | "bash" = "posix"): string {
  return argv.map((arg) => shellWord(arg, shell)).join(" ");
}
