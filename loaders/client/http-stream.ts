// A small HTTP/1.1 client over raw sockets for streamed responses: one write per request, chunked bodies decoded
// in place and handed on as zero-copy slices. Node's http module costs several times more per request and per chunk,
// and at a thousand streams that cost shows up as queueing in the very TTFT and ITL being measured.
import net from "node:net";

export interface ExchangeHandlers {
  /** Status line and headers (names lower-cased) have arrived. */
  onResponse(status: number, reason: string, headers: Record<string, string>): void;
  /** Body bytes bytes[start, end), de-chunked; only valid during the call. */
  onData(bytes: Buffer, start: number, end: number): void;
  /** The body ended as its framing said. */
  onEnd(): void;
  /** The connection failed or closed before the body ended; `afterResponse` when headers had arrived. */
  onError(message: string, afterResponse: boolean): void;
}

const CRLF = Buffer.from("\r\n");
const READ_BUFFER = Buffer.alloc(256 * 1024);
const HEAD_END = Buffer.from("\r\n\r\n");

/** Chunk size from its hex line (extensions after ';' ignored), read from the bytes; -1 if malformed. */
function hexSize(buffer: Buffer, from: number, to: number): number {
  let size = 0;
  let digits = 0;
  for (let i = from; i < to; i++) {
    const c = buffer[i];
    let v: number;
    if (c >= 0x30 && c <= 0x39) v = c - 0x30;
    else if (c >= 0x61 && c <= 0x66) v = c - 0x57;
    else if (c >= 0x41 && c <= 0x46) v = c - 0x37;
    else if (c === 0x3b || c === 0x20 || c === 0x09) break;
    else return -1;
    size = size * 16 + v;
    digits++;
  }
  return digits > 0 && size <= Number.MAX_SAFE_INTEGER ? size : -1;
}

type State = "head" | "size" | "data" | "dataEnd" | "trailers" | "length" | "close" | "done";

class Exchange {
  private state: State = "head";
  private held: Buffer | null = null;
  private remaining = 0;
  private responded = false;
  keepAlive = true;

  constructor(readonly handlers: ExchangeHandlers) {}

  /** Feeds socket bytes; returns true when the response is complete. */
  feed(input: Buffer, start: number, stop: number): boolean {
    let buffer = input;
    let at = start;
    let limit = stop;
    if (this.held) {
      buffer = Buffer.concat([this.held, input.subarray(start, stop)]);
      at = 0;
      limit = buffer.length;
    }
    this.held = null;
    while (at < limit && this.state !== "done") {
      switch (this.state) {
        case "head": {
          const end = buffer.indexOf(HEAD_END, at);
          if (end < 0 || end + 4 > limit) return this.hold(buffer, at, limit);
          this.head(buffer.toString("latin1", at, end));
          at = end + 4;
          break;
        }
        case "size": {
          const end = buffer.indexOf(CRLF, at);
          if (end < 0 || end + 2 > limit) return this.hold(buffer, at, limit);
          const size = hexSize(buffer, at, end);
          if (size < 0) return this.fail(`bad chunk size line '${buffer.toString("latin1", at, end).slice(0, 40)}'`);
          at = end + 2;
          this.remaining = size;
          this.state = size === 0 ? "trailers" : "data";
          break;
        }
        case "data": {
          const take = Math.min(this.remaining, limit - at);
          this.handlers.onData(buffer, at, at + take);
          at += take;
          this.remaining -= take;
          if (this.remaining === 0) this.state = "dataEnd";
          break;
        }
        case "dataEnd": {
          if (limit - at < 2) return this.hold(buffer, at, limit);
          if (buffer[at] !== 0x0d || buffer[at + 1] !== 0x0a) return this.fail("chunk not followed by CRLF");
          at += 2;
          this.state = "size";
          break;
        }
        case "trailers": {
          const end = buffer.indexOf(CRLF, at);
          if (end < 0 || end + 2 > limit) return this.hold(buffer, at, limit);
          // An empty line ends the trailers (and the response).
          if (end === at) this.finish();
          at = end + 2;
          break;
        }
        case "length": {
          const take = Math.min(this.remaining, limit - at);
          if (take > 0) this.handlers.onData(buffer, at, at + take);
          at += take;
          this.remaining -= take;
          if (this.remaining === 0) this.finish();
          break;
        }
        case "close":
          this.handlers.onData(buffer, at, limit);
          at = limit;
          break;
      }
    }
    // Bytes after the end of the response: the connection is out of step, do not reuse it.
    if (this.state === "done" && at < limit) this.keepAlive = false;
    return this.state === "done";
  }

  /** The socket closed: complete for read-until-close bodies, an error otherwise. */
  closed(reason: string): void {
    if (this.state === "done") return;
    if (this.state === "close") {
      this.finish();
      return;
    }
    this.state = "done";
    this.handlers.onError(reason, this.responded);
  }

  private hold(buffer: Buffer, at: number, limit: number): boolean {
    // A copy: the read buffer is reused for the next read.
    this.held = Buffer.from(buffer.subarray(at, limit));
    return false;
  }

  private fail(message: string): boolean {
    this.state = "done";
    this.keepAlive = false;
    this.handlers.onError(`Malformed HTTP response: ${message}`, this.responded);
    return true;
  }

  private finish(): void {
    this.state = "done";
    this.handlers.onEnd();
  }

  private head(text: string): void {
    const lines = text.split("\r\n");
    const match = /^HTTP\/1\.([01]) (\d{3})(?: (.*))?$/.exec(lines[0]);
    if (!match) {
      this.fail(`bad status line '${lines[0].slice(0, 60)}'`);
      return;
    }
    const status = Number(match[2]);
    const headers: Record<string, string> = {};
    for (let i = 1; i < lines.length; i++) {
      const colon = lines[i].indexOf(":");
      if (colon > 0) headers[lines[i].slice(0, colon).trim().toLowerCase()] = lines[i].slice(colon + 1).trim();
    }
    // Interim 1xx responses are followed by the real one.
    if (status >= 100 && status < 200) return;
    this.responded = true;
    const connection = (headers.connection ?? "").toLowerCase();
    this.keepAlive = match[1] === "1" ? connection !== "close" : connection === "keep-alive";
    this.handlers.onResponse(status, match[3] ?? "", headers);
    if (this.state === "done") return;
    if ((headers["transfer-encoding"] ?? "").toLowerCase().includes("chunked")) this.state = "size";
    else if (headers["content-length"] !== undefined) {
      this.remaining = Number(headers["content-length"]);
      this.state = "length";
      if (this.remaining === 0) this.finish();
    } else if (status === 204 || status === 304) this.finish();
    else {
      this.state = "close";
      this.keepAlive = false;
    }
  }
}

interface PooledSocket {
  socket: net.Socket;
  exchange: Exchange | null;
}

/** Keep-alive connections to one host:port, at most `maxSockets` at once; requests beyond that wait in order. */
export class ConnectionPool {
  private readonly idle: PooledSocket[] = [];
  private readonly all = new Set<PooledSocket>();
  private readonly waiting: Array<(pooled: PooledSocket) => void> = [];
  private readonly host: string;
  private readonly port: number;
  private closed = false;

  constructor(
    url: URL,
    private readonly maxSockets = Infinity
  ) {
    if (url.protocol !== "http:") throw new Error(`ConnectionPool speaks plain http, not ${url.protocol}`);
    this.host = url.hostname.replace(/^\[|\]$/g, "");
    this.port = Number(url.port || 80);
  }

  /** Opens up to `count` connections now, so later requests skip TCP set-up. */
  async prewarm(count: number): Promise<void> {
    const opening: Array<Promise<void>> = [];
    while (this.all.size < Math.min(count, this.maxSockets)) {
      const pooled = this.open();
      this.idle.push(pooled);
      opening.push(
        new Promise((resolve) => {
          pooled.socket.once("connect", () => resolve());
          pooled.socket.once("close", () => resolve());
        })
      );
    }
    await Promise.all(opening);
  }

  /** Sends `request` (complete request bytes) and streams the response to `handlers`. Returns an abort function. */
  send(request: string | Buffer, handlers: ExchangeHandlers): () => void {
    const exchange = new Exchange(handlers);
    let pooled: PooledSocket | null = null;
    let aborted = false;
    const start = (socket: PooledSocket): void => {
      if (aborted) {
        this.release(socket);
        return;
      }
      pooled = socket;
      socket.exchange = exchange;
      socket.socket.write(request);
    };
    const ready = this.acquire();
    if (ready) start(ready);
    else this.waiting.push(start);
    return () => {
      aborted = true;
      if (pooled && pooled.exchange === exchange) {
        pooled.exchange = null;
        pooled.socket.destroy();
      }
    };
  }

  destroy(): void {
    this.closed = true;
    for (const pooled of this.all) pooled.socket.destroy();
    this.all.clear();
    this.idle.length = 0;
  }

  private acquire(): PooledSocket | null {
    if (this.closed) throw new Error("connection pool is closed");
    const idle = this.idle.pop();
    if (idle) return idle;
    if (this.all.size < this.maxSockets) return this.open();
    return null;
  }

  private release(pooled: PooledSocket): void {
    pooled.exchange = null;
    const next = this.waiting.shift();
    if (next) next(pooled);
    else this.idle.push(pooled);
  }

  private open(): PooledSocket {
    // Reads land in one shared buffer (no allocation per read); everything is consumed or copied before returning.
    const pooled: PooledSocket = {socket: null as unknown as net.Socket, exchange: null};
    const socket = net.connect({
      host: this.host,
      port: this.port,
      noDelay: true,
      onread: {
        buffer: READ_BUFFER,
        callback: (size: number, bytes: Uint8Array): boolean => {
          const exchange = pooled.exchange;
          if (!exchange) return true;
          if (exchange.feed(bytes as Buffer, 0, size)) {
            if (exchange.keepAlive) this.release(pooled);
            else {
              pooled.exchange = null;
              socket.destroy();
            }
          }
          return true;
        }
      }
    });
    pooled.socket = socket;
    this.all.add(pooled);
    let failure = "socket closed by the server";
    socket.on("error", (error: NodeJS.ErrnoException) => {
      failure = error.code ? `${error.code} ${error.message}` : error.message;
    });
    socket.on("close", () => {
      this.all.delete(pooled);
      const at = this.idle.indexOf(pooled);
      if (at >= 0) this.idle.splice(at, 1);
      const exchange = pooled.exchange;
      pooled.exchange = null;
      exchange?.closed(failure);
      // A waiting request can have the slot this socket held.
      if (!this.closed && this.waiting.length && this.all.size < this.maxSockets) this.release(this.open());
    });
    return pooled;
  }
}
