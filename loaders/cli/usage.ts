// A command line the CLI cannot take: one error class, one reading and wording of a flag's whole number, and
// parseArgs' errors in the CLI's words.
export class UsageError extends Error {}

/** `value` as a whole number from `min` to `max`; the message names the bound where the flag has one. */
export function wholeNumber(
  flag: string,
  value: string | undefined,
  min: number,
  max = Number.MAX_SAFE_INTEGER
): number {
  if (value === undefined || !/^\d+$/.test(value) || Number(value) < min || Number(value) > max)
    throw new UsageError(
      `${flag} needs a whole number from ${min}${max < Number.MAX_SAFE_INTEGER ? ` to ${max}` : ""}`
    );
  return Number(value);
}

/** A parseArgs error in the CLI's words, one line: Node's own spans up to three and speaks of positionals. */
export function argsError(error: unknown, argv: readonly string[] = []): string {
  const {code, message} = error as NodeJS.ErrnoException;
  const flag = /'(-[^' ]+)/.exec(message)?.[1];
  if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION" && flag) return `unknown option ${flag}`;
  if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE" && flag) {
    if (/argument missing/.test(message)) return `${flag} needs a value`;
    if (/ambiguous/.test(message))
      return `${flag}'s value starts with a dash: write it as ${flag}=${argv[argv.indexOf(flag) + 1] ?? "VALUE"}`;
  }
  return message.split("\n")[0];
}
