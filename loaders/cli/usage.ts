// A command line the CLI cannot take: one error class, and one reading and wording of a flag's whole number.
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
