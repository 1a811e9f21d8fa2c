// A command line as the argv a POSIX shell ran it with, for lines a result file states (AIPerf's cli_command).

/** Characters a bare word may hold whose meaning no shell changes (shell-quote.ts writes the same ones bare). */
const BARE = /[A-Za-z0-9_@%+=:,./-]/;

/**
 * The words of a line of bare words and single-quoted parts (with `'\''` for a quote): exactly what the shell passed
 * on. Null for any other syntax (double quotes, `$`, globs, operators …), whose meaning depends on the shell and its
 * state: a command read wrong is worse than none.
 */
export function shellSplit(line: string): string[] | null {
  const words: string[] = [];
  let word: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === " " || c === "\t") {
      if (word !== null) words.push(word);
      word = null;
    } else if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) return null;
      word = (word ?? "") + line.slice(i + 1, end);
      i = end;
    } else if (c === "\\" && line[i + 1] === "'") {
      word = (word ?? "") + "'";
      i++;
    } else if (BARE.test(c)) word = (word ?? "") + c;
    else return null;
  }
  if (word !== null) words.push(word);
  return words;
}
