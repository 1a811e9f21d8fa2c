// Unit changes done on the printed digits, so `123456.7890` ms becomes exactly `123.4567890` s.

/** Moves the decimal point of a plain decimal numeral `shift` places (negative = left). */
export function shiftDecimal(numeral: string, shift: number): number {
  const m = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(numeral.replace(/,/g, ""));
  if (!m) return Number(numeral) * 10 ** shift;
  const [, sign, int, frac = ""] = m;
  let digits = int + frac;
  let point = int.length + shift;
  if (point < 0) {
    digits = "0".repeat(-point) + digits;
    point = 0;
  }
  if (point > digits.length) digits = digits + "0".repeat(point - digits.length);
  const n = Number(`${sign}${digits.slice(0, point) || "0"}.${digits.slice(point) || "0"}`);
  return n === 0 ? 0 : n;
}

/** Seconds → milliseconds for numbers that came from JSON: the shortest numeral that reads back as the value, shifted. */
export function scaleNumber(value: number, shift: number): number {
  const m = /^(-?[\d.]+)(?:e([+-]?\d+))?$/.exec(String(value));
  if (!m) return value * 10 ** shift;
  return shiftDecimal(m[1], shift + Number(m[2] ?? 0));
}
