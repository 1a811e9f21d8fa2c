// Incremental server-sent-events decoder: bytes in as they arrive, complete `data:` payloads out.
import {StringDecoder} from "node:string_decoder";

export class SseDecoder {
  private readonly utf8 = new StringDecoder("utf8");
  private pending = "";

  /** Feeds one network chunk; returns the data payloads of every event it completed, in order. */
  push(chunk: Buffer): string[] {
    const text = this.pending ? this.pending + this.utf8.write(chunk) : this.utf8.write(chunk);
    const payloads: string[] = [];
    let from = 0;
    for (;;) {
      const end = findEventEnd(text, from);
      if (end < 0) break;
      const payload = dataOf(text.slice(from, end));
      if (payload !== null) payloads.push(payload);
      from = end + separatorLength(text, end);
    }
    this.pending = from === 0 ? text : text.slice(from);
    return payloads;
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
