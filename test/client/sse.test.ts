import {describe, expect, it} from "vitest";
import {SseDecoder} from "../../loaders/client/sse.js";

function feed(text: string, cut: number[]): string[] {
  const bytes = Buffer.from(text, "utf8");
  const decoder = new SseDecoder();
  const out: string[] = [];
  let from = 0;
  for (const at of [...cut, bytes.length]) {
    out.push(...decoder.push(bytes.subarray(from, at)));
    from = at;
  }
  return [...out, ...decoder.flush()];
}

describe("SSE decoder", () => {
  const stream =
    'data: {"a":"héllo"}\n\n: ping\n\ndata: {"b":1}\r\n\r\nevent: x\ndata: line1\ndata: line2\n\ndata: [DONE]\n\n';
  const expected = ['{"a":"héllo"}', '{"b":1}', "line1\nline2", "[DONE]"];

  it("returns every data payload, skipping comments, joining multi-line data, accepting CRLF", () => {
    expect(feed(stream, [])).toEqual(expected);
  });

  it("gives the same payloads however the bytes are split, even inside a UTF-8 character", () => {
    const length = Buffer.byteLength(stream);
    for (let at = 1; at < length; at++) expect(feed(stream, [at])).toEqual(expected);
    expect(
      feed(
        stream,
        Array.from({length: length - 1}, (_, i) => i + 1)
      )
    ).toEqual(expected);
  });

  it("holds an unterminated event until the end of the stream", () => {
    const decoder = new SseDecoder();
    expect(decoder.push(Buffer.from('data: {"x":1}'))).toEqual([]);
    expect(decoder.buffered).toBeGreaterThan(0);
    expect(decoder.flush()).toEqual(['{"x":1}']);
  });

  it("reads byte ranges of a larger buffer and stops when told to", () => {
    const decoder = new SseDecoder();
    const bytes = Buffer.from('xxdata: {"a":"é"}\n\ndata: 2\n\ndata: 3\n\nyy', "utf8");
    const seen: string[] = [];
    const end = bytes.length - 2;
    expect(decoder.each(bytes, 2, end, (p) => void seen.push(p))).toBe(true);
    expect(seen).toEqual(['{"a":"é"}', "2", "3"]);
    const stopped: string[] = [];
    expect(new SseDecoder().each(bytes, 2, end, (p) => (stopped.push(p), p === "2"))).toBe(false);
    expect(stopped).toEqual(['{"a":"é"}', "2"]);
  });
});
