// Loaded into Framework's preview process by `npm run dev`: a request whose path is not valid percent-encoding is
// answered 400 before Framework sees it (Framework decodes the path outside its error handling, and a bad one ended
// the process).
import {Server} from "node:http";

const emit = Server.prototype.emit;
Server.prototype.emit = function (this: Server, event: string | symbol, ...args: unknown[]): boolean {
  if (event === "request") {
    const [request, response] = args as [{url?: string}, import("node:http").ServerResponse];
    try {
      decodeURI(new URL(request.url ?? "/", "http://localhost").pathname);
    } catch {
      response.writeHead(400, {"content-type": "text/plain; charset=utf-8"});
      response.end("Bad request: the path is not valid percent-encoding\n");
      return true;
    }
  }
  return (emit as (event: string | symbol, ...args: unknown[]) => boolean).call(this, event, ...args);
} as typeof Server.prototype.emit;
