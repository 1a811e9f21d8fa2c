// Commands compared by what they run, not how they are spelled: flag order, `--a=b` vs `--a b`, `_` vs `-` in flag
// names, and flags that only say where output goes are not differences. (Minimal version written for issue 12; issue
// 14 writes the full one.)

/** Flags that name where results and logs go, or where to connect, not what is measured. */
const OUTPUT_FLAGS = new Set([
  "--save-result",
  "--save-detailed",
  "--append-result",
  "--result-dir",
  "--result-filename",
  "--output-file",
  "--output-details",
  "--metadata",
  "--label",
  "--disable-tqdm",
  "--host",
  "--port",
  "--base-url"
]);

export interface ArgvMeaning {
  /** Arguments before the first flag (program, subcommand, positional model), in order. */
  command: string[];
  /** Each flag with its values, sorted; values that start with `-` but are numbers count as values. */
  options: string[];
}

const isFlag = (arg: string) => arg.startsWith("-") && !/^-\d/.test(arg) && arg !== "-";

function flagName(flag: string): string {
  return flag.startsWith("--") ? `--${flag.slice(2).replaceAll("_", "-")}` : flag;
}

export function argvMeaning(argv: readonly string[]): ArgvMeaning {
  const first = argv.findIndex(isFlag);
  const command = first < 0 ? [...argv] : argv.slice(0, first);
  const options: string[] = [];
  for (let i = command.length; i < argv.length; i++) {
    const arg = argv[i];
    if (!isFlag(arg)) {
      options.push(`\0${arg}`);
      continue;
    }
    const eq = arg.indexOf("=");
    const name = flagName(eq > 0 ? arg.slice(0, eq) : arg);
    const values: string[] = eq > 0 ? [arg.slice(eq + 1)] : [];
    while (eq < 0 && i + 1 < argv.length && !isFlag(argv[i + 1])) values.push(argv[++i]);
    // --metadata takes several KEY=VALUE values; the flags that name output are dropped with their values.
    if (OUTPUT_FLAGS.has(name)) continue;
    options.push([name, ...values].join("\0"));
  }
  return {command, options: options.sort()};
}

/** True when two commands run the same thing with the same settings. */
export function sameMeaning(a: readonly string[], b: readonly string[]): boolean {
  const x = argvMeaning(a);
  const y = argvMeaning(b);
  return (
    x.command.length === y.command.length &&
    x.command.every((arg, i) => arg === y.command[i]) &&
    x.options.length === y.options.length &&
    x.options.every((opt, i) => opt === y.options[i])
  );
}
