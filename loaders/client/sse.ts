// Incremental server-sent-events decoder: bytes in as they arrive, complete `data:` payloads out.
import {StringDecoder} from "node:string_decoder";

export class SseDecoder {
  private readonly utf8 = new StringDecoder("utf8");
  private pending = "";
  // The StringDecoder may hold the first bytes of a character split across reads.
  private decoderMayHold = false;

  /** Feeds one network chunk; returns the data payloads of every event it completed, in order. */
  push(chunk: Buffer): string[] {
    const payloads: string[] = [];
    this.each(chunk, 0, chunk.length, (payload) => {
      payloads.push(payload);
    });
    return payloads;
  }

  /**
   * Feeds bytes[start, end) and calls `fn` with each completed payload, without building arrays; `fn` returning
   * true stops (the rest of this input is dropped). Returns false when stopped.
   */
  each(bytes: Buffer, start: number, end: number, fn: (payload: string) => boolean | void): boolean {
    let decoded: string;
    if (end > start && !this.decoderMayHold && bytes[end - 1] < 0x80) decoded = bytes.toString("utf8", start, end);
    else {
      decoded = this.utf8.write(bytes.subarray(start, end));
      this.decoderMayHold = end > start && bytes[end - 1] >= 0x80;
    }
    const text = this.pending ? this.pending + decoded : decoded;
    let from = 0;
    for (;;) {
      const stop = findEventEnd(text, from);
      if (stop < 0) break;
      // Fast path: a single `data: ` line, which is what every OpenAI-compatible server sends.
      let payload: string | null;
      if (text.startsWith("data: ", from) && text.indexOf("\n", from) === stop) {
        payload = text.slice(from + 6, text.charCodeAt(stop - 1) === 0x0d ? stop - 1 : stop);
      } else payload = dataOf(text.slice(from, stop));
      from = stop + separatorLength(text, stop);
      if (payload !== null && fn(payload) === true) {
        this.pending = "";
        return false;
      }
    }
    this.pending = from === 0 ? text : text.slice(from);
    return true;
  }

  /** At end of stream: the last event if the server did not close it with a blank line. */
  flush(): string[] {
    const rest = (this.pending + this.utf8.end()).trim();
    this.pending = "";
    if (!rest) return [];
    const payload = dataOf(rest);
    return payload === null ? [] : [payload];
  }

  /** Bytes held back waiting for the end of an event. */
  get buffered(): number {
    return this.pending.length;
  }
}

// Events end at a blank line: "\n\n", "\r\n\r\n" or "\r\r".
function findEventEnd(text: string, from: number): number {
  const lf = text.indexOf("\n\n", from);
  const crlf = text.indexOf("\r\n\r\n", from);
  if (lf < 0) return crlf;
  if (crlf < 0) return lf;
  return Math.min(lf, crlf);
}

function separatorLength(text: string, at: number): number {
  return text.startsWith("\r\n\r\n", at) ? 4 : 2;
}

function dataOf(event: string): string | null {
  // Fast path: one `data: ` line, which is what every OpenAI-compatible server sends.
  if (event.startsWith("data: ") && event.indexOf("\n") < 0) return event.slice(6).trimEnd();
  let data: string[] | null = null;
  for (const rawLine of event.split("\n")) {
    const line = rawLine.endsWith("\r") ? rawLine.slice(0, -1) : rawLine;
    if (!line || line.startsWith(":")) continue;
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    if (field !== "data") continue;
    let value = colon < 0 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    (data ??= []).push(value);
  }
  return data === null ? null : data.join("\n");
}
