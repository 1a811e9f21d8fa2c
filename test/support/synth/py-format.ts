// Number formatting the way Python prints it: repr() of a float (json.dump) and "{:.2f}" / "{:<10}" in text blocks.

/** Python's repr of a float: shortest round-trip digits, ".0" on whole numbers, exponent outside [1e-4, 1e16). */
export function pyFloat(x: number): string {
  if (Number.isNaN(x)) return "NaN";
  if (x === Infinity) return "Infinity";
  if (x === -Infinity) return "-Infinity";
  const abs = Math.abs(x);
  if (abs === 0) return Object.is(x, -0) ? "-0.0" : "0.0";
  if (abs >= 1e-4 && abs < 1e16) {
    // JS prints these without an exponent too (it switches at 1e-6 and 1e21).
    const s = String(x);
    return s.includes(".") ? s : s + ".0";
  }
  const [mantissa, exponent] = x.toExponential().split("e");
  const exp = Number(exponent);
  const sign = exp < 0 ? "-" : "+";
  return `${mantissa}e${sign}${String(Math.abs(exp)).padStart(2, "0")}`;
}

/** Python "{:.2f}". */
export function fixed2(x: number): string {
  return x.toFixed(2);
}

/** One aligned line of a vLLM summary block: "{:<40} {:<10}". */
export function blockLine(label: string, value: string): string {
  return `${label.padEnd(40)} ${value.padEnd(10)}`;
}

/** Python "{s:{c}^{n}}": centered, the extra fill character on the right. */
export function centered(title: string, fill: string, width: number): string {
  const pad = Math.max(0, width - title.length);
  const left = Math.floor(pad / 2);
  return fill.repeat(left) + title + fill.repeat(pad - left);
}
