// A static server for dist/ that behaves like GitHub Pages under a project sub-path: /<repo>/x serves x.html,
// /<repo>/x/ serves x/index.html, anything else the site's 404.html with status 404. Loopback only.
import {createReadStream, existsSync, statSync} from "node:fs";
import {createServer} from "node:http";
import {createGzip} from "node:zlib";
import type {AddressInfo} from "node:net";
import {extname, join, normalize, sep} from "node:path";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".csv": "text/csv; charset=utf-8",
  ".parquet": "application/octet-stream",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".woff2": "font/woff2",
  ".wasm": "application/wasm",
  ".zip": "application/zip",
  ".txt": "text/plain; charset=utf-8",
  ".ico": "image/x-icon",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".woff": "font/woff",
  ".ttf": "font/ttf"
};

export interface SiteServer {
  /** The site's root URL, ending in the sub-path, e.g. http://127.0.0.1:41234/tps-report/. */
  url: string;
  close(): Promise<void>;
}

function isFile(path: string): boolean {
  return existsSync(path) && statSync(path).isFile();
}

/** The file GitHub Pages would answer with for a path inside the site, or null for a 404. */
export function resolveSitePath(root: string, path: string): {file: string; redirect?: string} | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return null;
  }
  const local = normalize(join(root, decoded));
  if (local !== root && !local.startsWith(root + sep)) return null;
  if (path.endsWith("/")) return isFile(join(local, "index.html")) ? {file: join(local, "index.html")} : null;
  if (isFile(local)) return {file: local};
  if (isFile(`${local}.html`)) return {file: `${local}.html`};
  if (isFile(join(local, "index.html"))) return {file: join(local, "index.html"), redirect: `${path}/`};
  return null;
}

export interface ServeOptions {
  /** The sub-path the site lives under, with both slashes ("/tps-report/"), or "/". */
  prefix?: string;
  /** 0 picks a free port. */
  port?: number;
  /** The server closes itself after this long (a test that forgets it); none when absent. */
  lifetimeMs?: number;
  /** Compress text responses as GitHub Pages does (the page-weight benchmark counts bytes on the wire). */
  gzip?: boolean;
}

const COMPRESSED = /^(text\/|application\/(javascript|json)|image\/svg)/;

/** Serves `root` at http://127.0.0.1:<port><prefix> until closed. */
export async function serveSite(
  root: string,
  {prefix = "/tps-report/", port = 0, lifetimeMs, gzip = false}: ServeOptions = {}
): Promise<SiteServer> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const send = (status: number, file: string | null, headers: Record<string, string> = {}) => {
      const type = file ? (TYPES[extname(file)] ?? "application/octet-stream") : "text/plain";
      const compress =
        gzip && file !== null && COMPRESSED.test(type) && /\bgzip\b/.test(request.headers["accept-encoding"] ?? "");
      response.writeHead(status, {"content-type": type, ...(compress ? {"content-encoding": "gzip"} : {}), ...headers});
      if (file && request.method !== "HEAD")
        (compress ? createReadStream(file).pipe(createGzip({level: 6})) : createReadStream(file)).pipe(response);
      else response.end(file ? undefined : "not found");
    };
    const notFound = () => send(404, isFile(join(root, "404.html")) ? join(root, "404.html") : null);
    // Pages adds the slash to the bare sub-path.
    if (`${url.pathname}/` === prefix) return send(301, null, {location: prefix});
    if (!url.pathname.startsWith(prefix)) return notFound();
    const found = resolveSitePath(root, url.pathname.slice(prefix.length - 1));
    if (!found) return notFound();
    if (found.redirect) return send(301, null, {location: `${prefix}${found.redirect.slice(1)}`});
    send(200, found.file);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  const timer = lifetimeMs === undefined ? undefined : setTimeout(() => server.close(), lifetimeMs);
  timer?.unref();
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}${prefix}`,
    close: () =>
      new Promise<void>((resolve) => {
        if (timer) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      })
  };
}
