import net from "node:net";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {ConnectionPool} from "../../loaders/client/http-stream.js";

// A loopback server that answers every request with the next scripted raw response, written in pieces.
let server: net.Server;
let port: number;
const script: Array<{pieces: string[]; close?: boolean}> = [];
const seen: string[] = [];

beforeAll(async () => {
  server = net.createServer((socket) => {
    let pending = "";
    socket.on("data", async (bytes) => {
      pending += bytes.toString("latin1");
      const end = pending.indexOf("\r\n\r\n");
      if (end < 0) return;
      const length = Number(/content-length: (\d+)/i.exec(pending)?.[1] ?? 0);
      if (pending.length < end + 4 + length) return;
      seen.push(pending.slice(0, end + 4 + length));
      pending = "";
      const next = script.shift()!;
      for (const piece of next.pieces) {
        socket.write(Buffer.from(piece, "latin1"));
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      if (next.close) socket.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  port = (server.address() as net.AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

interface Outcome {
  status: number;
  headers: Record<string, string>;
  body: string;
  error: string | null;
  afterResponse: boolean;
}

function exchange(pool: ConnectionPool, pieces: string[], close = false): Promise<Outcome> {
  script.push({pieces, close});
  return new Promise((resolve) => {
    const out: Outcome = {status: 0, headers: {}, body: "", error: null, afterResponse: false};
    const parts: Buffer[] = [];
    pool.send("POST /x HTTP/1.1\r\nHost: h\r\nContent-Length: 2\r\n\r\nhi", {
      onResponse: (status, _reason, headers) => {
        out.status = status;
        out.headers = headers;
      },
      onData: (bytes, start, end) => parts.push(Buffer.from(bytes.subarray(start, end))),
      onEnd: () => resolve({...out, body: Buffer.concat(parts).toString("utf8")}),
      onError: (message, afterResponse) =>
        resolve({...out, body: Buffer.concat(parts).toString("utf8"), error: message, afterResponse})
    });
  });
}

// Splits text into pieces at every `step` bytes, so framing is cut at every possible place across runs.
const split = (text: string, step: number): string[] =>
  Array.from({length: Math.ceil(text.length / step)}, (_, i) => text.slice(i * step, i * step + step));

describe("raw HTTP/1.1 streaming client", () => {
  const chunked = (body: string[]): string =>
    "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n" +
    body.map((b, i) => `${Buffer.byteLength(b, "latin1").toString(16)}${i % 2 ? ";ext=1" : ""}\r\n${b}\r\n`).join("") +
    "0\r\n\r\n";

  it("decodes chunked bodies however the bytes are split, and reuses the connection", async () => {
    const pool = new ConnectionPool(new URL(`http://127.0.0.1:${port}`));
    const response = chunked(['data: {"a":1}\n\n', "data: [DONE]\n\n"]);
    for (const step of [1, 3, 7, response.length]) {
      const out = await exchange(pool, split(response, step));
      expect(out.error).toBeNull();
      expect(out.status).toBe(200);
      expect(out.headers["content-type"]).toBe("text/event-stream");
      expect(out.body).toBe('data: {"a":1}\n\ndata: [DONE]\n\n');
    }
    expect(seen.slice(-1)[0]).toBe("POST /x HTTP/1.1\r\nHost: h\r\nContent-Length: 2\r\n\r\nhi");
    pool.destroy();
  });

  it("reads Content-Length bodies and skips interim 100 Continue", async () => {
    const pool = new ConnectionPool(new URL(`http://127.0.0.1:${port}`));
    const out = await exchange(pool, [
      "HTTP/1.1 100 Continue\r\n\r\n",
      "HTTP/1.1 500 Internal Server Error\r\nContent-Length: 4\r\n\r\nbo",
      "om"
    ]);
    expect(out).toMatchObject({status: 500, body: "boom", error: null});
    pool.destroy();
  });

  it("reads until close when there is no framing", async () => {
    const pool = new ConnectionPool(new URL(`http://127.0.0.1:${port}`));
    const out = await exchange(pool, ["HTTP/1.0 200 OK\r\n\r\nall", " of it"], true);
    expect(out).toMatchObject({status: 200, body: "all of it", error: null});
    pool.destroy();
  });

  it("reports a stream cut mid-body as an error after the response started", async () => {
    const pool = new ConnectionPool(new URL(`http://127.0.0.1:${port}`));
    const out = await exchange(pool, [chunked(["data: x\n\n"]).slice(0, 80)], true);
    expect(out.status).toBe(200);
    expect(out.error).toMatch(/closed|ECONNRESET/);
    expect(out.afterResponse).toBe(true);
    pool.destroy();
  });

  it("reports a refused connection before any response", async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", () => resolve()));
    const freePort = (closed.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const pool = new ConnectionPool(new URL(`http://127.0.0.1:${freePort}`));
    const out = await new Promise<Outcome>((resolve) =>
      pool.send("GET / HTTP/1.1\r\n\r\n", {
        onResponse: () => {},
        onData: () => {},
        onEnd: () => resolve({status: 0, headers: {}, body: "", error: null, afterResponse: false}),
        onError: (message, afterResponse) => resolve({status: 0, headers: {}, body: "", error: message, afterResponse})
      })
    );
    expect(out.error).toMatch(/ECONNREFUSED/);
    expect(out.afterResponse).toBe(false);
    pool.destroy();
  });

  it("holds requests beyond maxSockets until a connection frees", async () => {
    const pool = new ConnectionPool(new URL(`http://127.0.0.1:${port}`), 1);
    const response = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok";
    const outs = await Promise.all([
      exchange(pool, [response]),
      exchange(pool, [response]),
      exchange(pool, [response])
    ]);
    expect(outs.map((o) => o.body)).toEqual(["ok", "ok", "ok"]);
    pool.destroy();
  });
});
