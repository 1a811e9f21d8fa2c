// Where requests go out: the raw keep-alive pool for http (cheap per chunk), Node's https module for https.
import http from "node:http";
import https from "node:https";
import {ConnectionPool, type ExchangeHandlers} from "./http-stream.js";

export interface Connections {
  /** POSTs `body` to `url` and streams the response to `handlers`; returns an abort function. */
  post(url: URL, headers: Record<string, string>, body: string, handlers: ExchangeHandlers): () => void;
  /** Opens up to `count` connections before they are needed. */
  prewarm(count: number): Promise<void>;
  destroy(): void;
}

function rawConnections(url: URL, maxSockets: number): Connections {
  const pool = new ConnectionPool(url, maxSockets);
  const host = url.host;
  return {
    post(target, headers, body, handlers) {
      let head = `POST ${target.pathname}${target.search} HTTP/1.1\r\nHost: ${host}\r\nConnection: keep-alive\r\n`;
      head += `Content-Length: ${Buffer.byteLength(body)}\r\n`;
      for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`;
      return pool.send(head + "\r\n" + body, handlers);
    },
    prewarm: (count) => pool.prewarm(count),
    destroy: () => pool.destroy()
  };
}

function nodeConnections(maxSockets: number): Connections {
  const agent = new https.Agent({keepAlive: true, maxSockets, keepAliveMsecs: 60_000});
  return {
    post(target, headers, body, handlers) {
      let responded = false;
      let over = false;
      const end = (fn: () => void): void => {
        if (!over) {
          over = true;
          fn();
        }
      };
      const req = https.request(
        target,
        {method: "POST", agent, headers: {...headers, "content-length": Buffer.byteLength(body)}},
        (res: http.IncomingMessage) => {
          responded = true;
          const names: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers)) names[name] = String(value);
          handlers.onResponse(res.statusCode ?? 0, res.statusMessage ?? "", names);
          res.on("data", (bytes: Buffer) => handlers.onData(bytes, 0, bytes.length));
          res.on("end", () => end(() => handlers.onEnd()));
          res.on("close", () => {
            if (!res.complete) end(() => handlers.onError("the connection closed before the response ended", true));
          });
        }
      );
      req.on("error", (error: NodeJS.ErrnoException) =>
        end(() => handlers.onError(error.code ? `${error.code} ${error.message}` : error.message, responded))
      );
      req.end(body);
      return () => req.destroy();
    },
    prewarm: async () => {},
    destroy: () => agent.destroy()
  };
}

export function openConnections(url: URL, maxSockets = Infinity): Connections {
  if (url.protocol === "http:") return rawConnections(url, maxSockets);
  if (url.protocol === "https:") return nodeConnections(maxSockets);
  throw new Error(`unsupported URL scheme ${url.protocol} (use http or https)`);
}
