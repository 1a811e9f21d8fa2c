// Streams a --save-result JSON file (one object, an array of objects, or JSON Lines from --append-result):
// scalar fields are kept, per-request arrays are folded into distributions as they are read, never held as JSON.
import {ByteWindow} from "./byte-window.js";
import {RequestCollector, type Numbers, type PerRequest, type RequestDistributions} from "./request-collector.js";

export interface ResultRecord {
  /** 1-based line where the record starts (JSON Lines: its own line). */
  line: number;
  /** Top-level fields other than the per-request arrays, as JSON.parse would give them. */
  fields: Record<string, unknown>;
  /** Lengths of the per-request arrays, by key. */
  arrays: Record<string, number>;
  /** Distributions of the per-request arrays (null when the record has none: saved without --save-detailed). */
  requests: RequestDistributions | null;
  /** Each request's figures (null when the record has no per-request arrays). */
  perRequest: PerRequest | null;
  /** Where each per-request array lies in the file: byte offsets [start, end) and its first and last line. */
  spans: ArraySpan[];
}

export interface ArraySpan {
  key: string;
  length: number;
  start: number;
  end: number;
  lines: [number, number];
}

export class ResultJsonError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    message: string
  ) {
    super(`${file}:${line}: ${message}`);
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const NEWLINE = 0x0a;
const MINUS = 0x2d;
const PLUS = 0x2b;
const DOT = 0x2e;
const ZERO = 0x30;
const NINE = 0x39;

const POW10 = Array.from({length: 23}, (_, i) => Number(`1e${i}`));

/** Per-request number arrays of vLLM, SGLang and TensorRT-LLM result files. */
const NUMBER_ARRAYS = new Set(["input_lens", "output_lens", "ttfts", "latencies", "start_times", "queue_times"]);

/** Reads every record of a result file; memory stays within the window plus one run's per-request numbers. */
export function readResultJson(file: string, windowBytes = 1 << 20): ResultRecord[] {
  const reader = new ResultReader(file, windowBytes);
  try {
    return reader.records();
  } finally {
    reader.close();
  }
}

class ResultReader {
  private readonly w: ByteWindow;
  private line = 1;

  constructor(
    private readonly file: string,
    windowBytes: number
  ) {
    this.w = new ByteWindow(file, windowBytes);
  }

  close(): void {
    this.w.close();
  }

  private fail(message: string): never {
    throw new ResultJsonError(this.file, this.line, message);
  }

  records(): ResultRecord[] {
    const out: ResultRecord[] = [];
    this.skipSpace();
    if (this.peek() === 0xef) this.w.pos += 3; // UTF-8 byte order mark
    this.skipSpace();
    if (this.peek() === OPEN_BRACKET) {
      this.w.pos++;
      this.skipSpace();
      if (this.peek() === CLOSE_BRACKET) this.w.pos++;
      else
        for (;;) {
          out.push(this.record());
          this.skipSpace();
          const c = this.next();
          if (c === CLOSE_BRACKET) break;
          if (c !== COMMA) this.fail(`expected ',' or ']' between result records, found ${this.describe(c)}`);
          this.skipSpace();
        }
      this.skipSpace();
    }
    while (this.peek() !== -1) {
      out.push(this.record());
      this.skipSpace();
    }
    if (out.length === 0) this.fail("no JSON result record");
    return out;
  }

  private record(): ResultRecord {
    const line = this.line;
    if (this.next() !== OPEN_BRACE) this.fail("a result record must be a JSON object");
    const fields: Record<string, unknown> = {};
    const arrays: Record<string, number> = {};
    const spans: ArraySpan[] = [];
    const collector = new RequestCollector();
    this.skipSpace();
    if (this.peek() === CLOSE_BRACE) this.w.pos++;
    else
      for (;;) {
        this.skipSpace();
        if (this.peek() !== QUOTE) this.fail(`expected a key, found ${this.describe(this.peek())}`);
        const key = this.string();
        this.skipSpace();
        if (this.next() !== COLON) this.fail(`expected ':' after "${key}"`);
        this.skipSpace();
        const perRequest = NUMBER_ARRAYS.has(key) || key === "itls" || key === "errors" || key === "generated_texts";
        if (perRequest && this.peek() === OPEN_BRACKET) {
          const start = this.w.dropped + this.w.pos;
          const line = this.line;
          if (key === "itls") arrays[key] = this.nestedNumbers(collector);
          else if (NUMBER_ARRAYS.has(key)) arrays[key] = this.numbers(collector.list(key));
          else arrays[key] = this.strings(key === "errors" ? collector : null);
          spans.push({key, length: arrays[key], start, end: this.w.dropped + this.w.pos, lines: [line, this.line]});
        } else fields[key] = this.value();
        this.skipSpace();
        const c = this.next();
        if (c === CLOSE_BRACE) break;
        if (c !== COMMA) this.fail(`expected ',' or '}' after "${key}", found ${this.describe(c)}`);
      }
    return {line, fields, arrays, requests: collector.distributions(), perRequest: collector.perRequest(), spans};
  }

  private peek(): number {
    const w = this.w;
    if (w.pos >= w.end && !w.fill()) return -1;
    return w.buf[w.pos];
  }

  private next(): number {
    const c = this.peek();
    if (c !== -1) this.w.pos++;
    return c;
  }

  private describe(c: number): string {
    return c === -1 ? "the end of the file" : `'${String.fromCharCode(c)}'`;
  }

  private skipSpace(): void {
    const w = this.w;
    for (;;) {
      while (w.pos < w.end) {
        const c = w.buf[w.pos];
        if (c === NEWLINE) this.line++;
        else if (c !== 0x20 && c !== 0x09 && c !== 0x0d) return;
        w.pos++;
      }
      if (!w.fill()) return;
    }
  }

  /** A JSON string token; the window keeps it whole (pos stays on the opening quote until the end is found). */
  private string(): string {
    const w = this.w;
    let i = w.pos + 1;
    let escaped = false;
    for (;;) {
      if (i >= w.end) {
        const offset = i - w.pos;
        if (!w.fill(w.pos)) this.fail("unterminated string");
        i = w.pos + offset;
        continue;
      }
      const c = w.buf[i];
      if (c === BACKSLASH) {
        escaped = true;
        i += 2;
      } else if (c === QUOTE) break;
      else i++;
    }
    const start = w.pos;
    w.pos = i + 1;
    return escaped
      ? (JSON.parse(w.buf.toString("utf8", start, i + 1)) as string)
      : w.buf.toString("utf8", start + 1, i);
  }

  /** Skips a string without decoding it. */
  private skipString(): void {
    const w = this.w;
    w.pos++;
    let i = w.pos;
    for (;;) {
      if (i >= w.end) {
        // `over` is 1 when an escape's second byte lies past the window.
        const over = i - w.end;
        w.pos = w.end;
        if (!w.fill(w.pos)) this.fail("unterminated string");
        i = w.pos + over;
        continue;
      }
      const c = w.buf[i];
      if (c === BACKSLASH) i += 2;
      else if (c === QUOTE) break;
      else i++;
    }
    w.pos = i + 1;
  }

  /** A number token. In per-request arrays digits beyond 2^53 are rounded once (an ulp or two off JSON.parse); `exact` fields are not. */
  private number(exact = false): number {
    const w = this.w;
    if (w.end - w.pos < 64) w.ensure(64);
    const buf = w.buf;
    const end = w.end;
    let i = w.pos;
    let c = buf[i];
    let negative = false;
    if (c === MINUS) {
      negative = true;
      c = buf[++i];
    }
    if (c === 0x49 || c === 0x4e) return this.special(negative);
    let mantissa = 0;
    let scale = 0;
    const start = i;
    while (i < end && (c = buf[i]) >= ZERO && c <= NINE) {
      mantissa = mantissa * 10 + (c - ZERO);
      i++;
    }
    let digits = i - start;
    if (digits === 0) this.fail(`expected a number, found ${this.describe(i < end ? c : -1)}`);
    if (i < end && buf[i] === DOT) {
      i++;
      const fracStart = i;
      while (i < end && (c = buf[i]) >= ZERO && c <= NINE) {
        mantissa = mantissa * 10 + (c - ZERO);
        i++;
      }
      if (i === fracStart) this.fail("expected digits after '.'");
      scale = -(i - fracStart);
      digits += i - fracStart;
    }
    if (i < end && (buf[i] | 0x20) === 0x65) {
      i++;
      let expNegative = false;
      if (buf[i] === MINUS || buf[i] === PLUS) expNegative = buf[i++] === MINUS;
      let exp = 0;
      const expStart = i;
      while (i < end && (c = buf[i]) >= ZERO && c <= NINE) {
        exp = exp * 10 + (c - ZERO);
        i++;
      }
      if (i === expStart) this.fail("expected digits in the exponent");
      scale += expNegative ? -exp : exp;
    }
    if (i >= end && !w.eof) this.fail("number longer than 64 characters");
    w.pos = i;
    // Tokens with more digits than a double holds, or big exponents, go through the exact native conversion.
    if (exact || digits > 19 || scale < -22 || scale > 22)
      return Number(buf.toString("latin1", start - (negative ? 1 : 0), i));
    const value = scale < 0 ? mantissa / POW10[-scale] : mantissa * POW10[scale];
    return negative ? -value : value;
  }

  /** NaN, Infinity, -Infinity: Python's json.dump writes them bare. */
  private special(negative: boolean): number {
    const w = this.w;
    const i = w.pos + (negative ? 1 : 0);
    if (w.buf.toString("latin1", i, i + 8) === "Infinity") {
      w.pos = i + 8;
      return negative ? -Infinity : Infinity;
    }
    if (!negative && w.buf.toString("latin1", i, i + 3) === "NaN") {
      w.pos = i + 3;
      return NaN;
    }
    this.fail("expected a number");
  }

  /** A flat array of numbers, appended to `list`; returns its length. */
  private numbers(list: Numbers): number {
    const w = this.w;
    w.pos++;
    this.skipSpace();
    if (this.peek() === CLOSE_BRACKET) {
      w.pos++;
      return 0;
    }
    let count = 0;
    for (;;) {
      const value = this.number();
      if (list.length === list.data.length) list.grow();
      list.data[list.length++] = value;
      count++;
      let c = w.pos < w.end ? w.buf[w.pos] : this.peek();
      if (c === 0x20 || c === NEWLINE || c === 0x09 || c === 0x0d) {
        this.skipSpace();
        c = this.peek();
      }
      w.pos++;
      if (c === CLOSE_BRACKET) return count;
      if (c !== COMMA) this.fail(`expected ',' or ']' in a list of numbers, found ${this.describe(c)}`);
      if (w.pos < w.end && w.buf[w.pos] === 0x20) w.pos++;
      else this.skipSpace();
    }
  }

  /** itls: a list of per-request lists of numbers; returns the number of requests. */
  private nestedNumbers(collector: RequestCollector): number {
    const w = this.w;
    w.pos++;
    this.skipSpace();
    if (this.peek() === CLOSE_BRACKET) {
      w.pos++;
      return 0;
    }
    let count = 0;
    const itls = collector.itlList();
    for (;;) {
      if (this.peek() !== OPEN_BRACKET)
        this.fail(`itls: expected a list per request, found ${this.describe(this.peek())}`);
      const from = itls.length;
      this.numbers(itls);
      collector.endRequestItls(from);
      count++;
      this.skipSpace();
      const c = this.next();
      if (c === CLOSE_BRACKET) return count;
      if (c !== COMMA) this.fail(`itls: expected ',' or ']', found ${this.describe(c)}`);
      this.skipSpace();
    }
  }

  /** A list of strings (errors, generated_texts), skipped without decoding; errors mark failed requests. */
  private strings(collector: RequestCollector | null): number {
    const w = this.w;
    w.pos++;
    this.skipSpace();
    if (this.peek() === CLOSE_BRACKET) {
      w.pos++;
      return 0;
    }
    let count = 0;
    for (;;) {
      const c0 = this.peek();
      if (c0 === QUOTE) {
        if (collector) collector.error(count, this.string());
        else this.skipString();
      } else if (c0 === 0x6e) this.value();
      else this.fail(`expected a string, found ${this.describe(c0)}`);
      count++;
      this.skipSpace();
      const c = this.next();
      if (c === CLOSE_BRACKET) return count;
      if (c !== COMMA) this.fail(`expected ',' or ']' in a list of strings, found ${this.describe(c)}`);
      this.skipSpace();
    }
  }

  /** Any other JSON value, built as JSON.parse would. */
  private value(): unknown {
    const c = this.peek();
    if (c === QUOTE) return this.string();
    if (c === OPEN_BRACE) {
      this.w.pos++;
      const out: Record<string, unknown> = {};
      this.skipSpace();
      if (this.peek() === CLOSE_BRACE) {
        this.w.pos++;
        return out;
      }
      for (;;) {
        this.skipSpace();
        const key = this.string();
        this.skipSpace();
        if (this.next() !== COLON) this.fail(`expected ':' after "${key}"`);
        this.skipSpace();
        out[key] = this.value();
        this.skipSpace();
        const d = this.next();
        if (d === CLOSE_BRACE) return out;
        if (d !== COMMA) this.fail(`expected ',' or '}', found ${this.describe(d)}`);
      }
    }
    if (c === OPEN_BRACKET) {
      this.w.pos++;
      const out: unknown[] = [];
      this.skipSpace();
      if (this.peek() === CLOSE_BRACKET) {
        this.w.pos++;
        return out;
      }
      for (;;) {
        this.skipSpace();
        out.push(this.value());
        this.skipSpace();
        const d = this.next();
        if (d === CLOSE_BRACKET) return out;
        if (d !== COMMA) this.fail(`expected ',' or ']', found ${this.describe(d)}`);
      }
    }
    if (c === MINUS || (c >= ZERO && c <= NINE) || c === 0x49 || c === 0x4e) return this.number(true);
    if (this.word("true")) return true;
    if (this.word("false")) return false;
    if (this.word("null")) return null;
    this.fail(`unexpected ${this.describe(c)}`);
  }

  private word(text: string): boolean {
    const w = this.w;
    w.ensure(text.length);
    if (w.buf.toString("latin1", w.pos, w.pos + text.length) !== text) return false;
    w.pos += text.length;
    return true;
  }
}
