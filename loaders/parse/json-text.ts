// JSON reading that accepts Python's `json.dumps` output (bare Infinity, -Infinity, NaN) and reports line:column on errors.

export class JsonSyntaxError extends Error {
  constructor(
    message: string,
    /** 0-based offset into the text. */
    readonly offset: number
  ) {
    super(message);
  }
}

/** JSON well formed but past what any benchmark result holds: refused before a reader recurses into it. */
export class JsonLimitError extends JsonSyntaxError {}

/** Real results nest a few levels and hold a few hundred keys per object (an SGLang server_info the most). */
export const MAX_JSON_DEPTH = 64;
export const MAX_JSON_KEYS = 10_000;

/** How many times `char` occurs in `text`, counted by native searches and only up to `stop`. */
function countUpTo(text: string, char: string, stop: number): number {
  let count = 0;
  for (let i = text.indexOf(char); i !== -1 && count < stop; i = text.indexOf(char, i + 1)) count++;
  return count;
}

/** Throws JsonLimitError at the first container nested past MAX_JSON_DEPTH or key past MAX_JSON_KEYS in one object. */
export function checkJsonLimits(text: string): void {
  // Too few brackets to nest that deep and too few colons for that many keys: no limit can be passed (most results).
  const openers = countUpTo(text, "{", MAX_JSON_DEPTH + 1);
  if (
    openers + countUpTo(text, "[", MAX_JSON_DEPTH + 1 - openers) <= MAX_JSON_DEPTH &&
    (text.length <= MAX_JSON_KEYS || countUpTo(text, ":", MAX_JSON_KEYS + 1) <= MAX_JSON_KEYS)
  )
    return;
  // Per open container: its key count so far, or -1 for an array.
  const keys: number[] = [];
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      for (i++; i < n; i++) {
        const d = text.charCodeAt(i);
        if (d === 92) i++;
        else if (d === 34) break;
      }
    } else if (c === 123 || c === 91) {
      if (keys.length >= MAX_JSON_DEPTH) throw new JsonLimitError(`nested more than ${MAX_JSON_DEPTH} levels deep`, i);
      keys.push(c === 123 ? 0 : -1);
    } else if (c === 125 || c === 93) keys.pop();
    else if (c === 58 && keys.length && keys[keys.length - 1] >= 0 && ++keys[keys.length - 1] > MAX_JSON_KEYS)
      throw new JsonLimitError(`an object with more than ${MAX_JSON_KEYS} keys`, i);
  }
}

/** 1-based line and column of an offset. */
export function lineColumn(text: string, offset: number): {line: number; column: number} {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf("\n"); i !== -1 && i < offset; i = text.indexOf("\n", i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return {line, column: offset - lineStart + 1};
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/** Parses JSON; the fast native parser first, this file's tolerant one only when that fails. */
export function parseJson(text: string): unknown {
  checkJsonLimits(text);
  try {
    return JSON.parse(text);
  } catch {
    return parseTolerant(text);
  }
}

function describe(text: string, i: number): string {
  return i >= text.length ? "end of input" : JSON.stringify(text.slice(i, i + 12));
}

export function parseTolerant(text: string): unknown {
  let i = 0;
  const n = text.length;
  const fail = (what: string): never => {
    throw new JsonSyntaxError(`expected ${what}, found ${describe(text, i)}`, i);
  };
  const space = (): void => {
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 32 || c === 9 || c === 10 || c === 13) i++;
      else break;
    }
  };
  const literal = (word: string, value: unknown): unknown => {
    if (!text.startsWith(word, i)) fail("a JSON value");
    i += word.length;
    return value;
  };
  const string = (): string => {
    const start = i;
    let escaped = false;
    for (i++; i < n; i++) {
      const c = text.charCodeAt(i);
      if (c === 34) break;
      if (c === 92) {
        escaped = true;
        i++;
      } else if (c < 32) fail("a closing quote");
    }
    if (i >= n) {
      i = start;
      fail("a closing quote for the string");
    }
    i++;
    if (!escaped) return text.slice(start + 1, i - 1);
    try {
      return JSON.parse(text.slice(start, i)) as string;
    } catch {
      i = start;
      return fail("a valid string escape");
    }
  };
  const value = (): unknown => {
    space();
    const c = text[i];
    if (c === "{") {
      i++;
      const out: Record<string, unknown> = {};
      space();
      if (text[i] === "}") {
        i++;
        return out;
      }
      for (;;) {
        space();
        if (text[i] !== '"') fail("a quoted key");
        const key = string();
        space();
        if (text[i] !== ":") fail("':'");
        i++;
        out[key] = value();
        space();
        if (text[i] === ",") i++;
        else if (text[i] === "}") {
          i++;
          return out;
        } else fail("',' or '}'");
      }
    }
    if (c === "[") {
      i++;
      const out: unknown[] = [];
      space();
      if (text[i] === "]") {
        i++;
        return out;
      }
      for (;;) {
        out.push(value());
        space();
        if (text[i] === ",") i++;
        else if (text[i] === "]") {
          i++;
          return out;
        } else fail("',' or ']'");
      }
    }
    if (c === '"') return string();
    if (c === "t") return literal("true", true);
    if (c === "f") return literal("false", false);
    if (c === "n") return literal("null", null);
    if (c === "N") return literal("NaN", NaN);
    if (c === "I") return literal("Infinity", Infinity);
    if (c === "-" && text.startsWith("-Infinity", i)) return literal("-Infinity", -Infinity);
    NUMBER.lastIndex = i;
    const m = NUMBER.exec(text);
    if (!m) return fail("a JSON value");
    i += m[0].length;
    return Number(m[0]);
  };
  const result = value();
  space();
  if (i < n) fail("the end of the JSON text");
  return result;
}
