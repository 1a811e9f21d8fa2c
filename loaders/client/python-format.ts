// Python's str.format and float repr as `vllm bench serve` uses them, so printed blocks and JSON match byte for byte.

/** `format(value, ".Nf")`: fixed decimals with round-half-even on the exact binary value, as CPython does. */
export function fixed(value: number, decimals: number): string {
  if (Number.isNaN(value)) return "nan";
  if (!Number.isFinite(value)) return value > 0 ? "inf" : "-inf";
  let text = value.toFixed(decimals);
  // toFixed rounds exact ties away from zero; CPython rounds them to even.
  const exact = Math.abs(value).toFixed(Math.min(100, decimals + 60));
  const tail = exact.slice(exact.indexOf(".") + 1 + decimals);
  if (/^50*$/.test(tail)) {
    const scaled = Math.abs(value) * 10 ** decimals;
    const down = Math.floor(scaled);
    if (down % 2 === 0) text = (Math.sign(value) * (down / 10 ** decimals)).toFixed(decimals);
  }
  if (Object.is(value, -0) || (value < 0 && /^-0\.?0*$/.test(text))) return text.startsWith("-") ? text : `-${text}`;
  return text;
}

/** `"{:<40} {:<10}".format(label, value)`: the label padded to 40, a space, the value padded to 10. */
export function line(label: string, value: string): string {
  return `${label.padEnd(40)} ${value.padEnd(10)}`;
}

/** `"{s:{c}^{n}}".format(s=title, n=50, c=fill)`: centred, the odd fill character on the right. */
export function centred(title: string, width: number, fill: string): string {
  if (title.length >= width) return title;
  const total = width - title.length;
  const left = Math.floor(total / 2);
  return fill.repeat(left) + title + fill.repeat(total - left);
}

/** CPython `repr(float)`: shortest round-trip digits, exponent form below 1e-4 or from 1e16. */
export function floatRepr(value: number): string {
  if (Number.isNaN(value)) return "NaN";
  if (!Number.isFinite(value)) return value > 0 ? "Infinity" : "-Infinity";
  if (value === 0) return Object.is(value, -0) ? "-0.0" : "0.0";
  const [mantissa, exponentText] = value.toExponential().split("e");
  const exponent = Number(exponentText);
  const negative = mantissa.startsWith("-");
  const digits = mantissa.replace("-", "").replace(".", "");
  let text: string;
  if (exponent < -4 || exponent >= 16) {
    const rest = digits.slice(1);
    text = `${digits[0]}${rest ? `.${rest}` : ""}e${exponent < 0 ? "-" : "+"}${String(Math.abs(exponent)).padStart(2, "0")}`;
  } else if (exponent < 0) {
    text = `0.${"0".repeat(-exponent - 1)}${digits}`;
  } else if (digits.length <= exponent + 1) {
    text = `${digits}${"0".repeat(exponent + 1 - digits.length)}.0`;
  } else {
    text = `${digits.slice(0, exponent + 1)}.${digits.slice(exponent + 1)}`;
  }
  return negative ? `-${text}` : text;
}

/** Percentile as vLLM spells it in labels and keys: 99 → "99", 99.9 → "99.9", 50.0 → "50". */
export function percentileWord(p: number): string {
  return Number.isInteger(p) ? String(p) : floatRepr(p);
}
