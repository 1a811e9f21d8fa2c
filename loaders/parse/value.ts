// Reads one printed value: a number (with optional unit/annotation after it), a known non-numeric word, or garbage.

export type Value =
  | {kind: "number"; value: number; raw: string; rest: string}
  | {kind: "word"; raw: string; rest: string}
  | {kind: "invalid"; raw: string};

const NUMBER = /^[+-]?(?:\d{1,3}(?:,\d{3})+|\d+)?(?:\.\d+)?(?:[eE][+-]?\d+)?%?$/;
// Values the tools print where a number is not available; they are kept as text, not reported as errors.
const WORDS = new Set([
  "inf",
  "+inf",
  "-inf",
  "infinity",
  "+infinity",
  "-infinity",
  "nan",
  "none",
  "null",
  "not set",
  "trace",
  "n/a",
  "na",
  "-"
]);

/** Plain decimals, most printed values: NUMBER matches them and Number reads them as they are. */
const PLAIN_DECIMAL = /^\d+(?:\.\d+)?$/;

export function parseNumberToken(token: string): number | null {
  if (PLAIN_DECIMAL.test(token)) {
    const n = Number(token);
    return Number.isFinite(n) ? n : null;
  }
  if (!NUMBER.test(token) || !/\d/.test(token)) return null;
  const n = Number(token.replace(/,/g, "").replace(/%$/, ""));
  if (!Number.isFinite(n)) return null;
  return n === 0 ? 0 : n; // -0.00 is printed for tiny negatives; store plain 0
}

export function parseValue(raw: string): Value {
  const text = raw.trim();
  if (PLAIN_DECIMAL.test(text)) {
    const n = Number(text);
    if (Number.isFinite(n)) return {kind: "number", value: n, raw: text, rest: ""};
  }
  if (WORDS.has(text.toLowerCase())) return {kind: "word", raw: text, rest: ""};
  const m = /^(\S+)(?:\s+(.*))?$/.exec(text);
  if (!m) return {kind: "invalid", raw: text};
  const n = parseNumberToken(m[1]);
  if (n !== null) return {kind: "number", value: n, raw: m[1], rest: (m[2] ?? "").trim()};
  // `inf   <== note`: a word followed by an annotation
  if (WORDS.has(m[1].toLowerCase())) return {kind: "word", raw: m[1], rest: (m[2] ?? "").trim()};
  return {kind: "invalid", raw: text};
}
