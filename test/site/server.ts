// A static server for dist/ that behaves like GitHub Pages under a project sub-path: /<repo>/x serves x.html.
import {createReadStream, existsSync, statSync} from "node:fs";
import {createServer} from "node:http";
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
  ".wasm": "application/wasm"
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
  const local = normalize(join(root, decodeURIComponent(path)));
  if (local !== root && !local.startsWith(root + sep)) return null;
  if (path.endsWith("/")) return isFile(join(local, "index.html")) ? {file: join(local, "index.html")} : null;
  if (isFile(local)) return {file: local};
  if (isFile(`${local}.html`)) return {file: `${local}.html`};
  if (isFile(join(local, "index.html"))) return {file: join(local, "index.html"), redirect: `${path}/`};
  return null;
}

/** Serves `root` at http://127.0.0.1:<port><prefix> until closed, or until `lifetimeMs` has passed. */
export async function serveSite(
  root: string,
  {prefix = "/tps-report/", lifetimeMs = 20 * 60_000} = {}
): Promise<SiteServer> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const send = (status: number, file: string | null, headers: Record<string, string> = {}) => {
      response.writeHead(status, {
        "content-type": file ? (TYPES[extname(file)] ?? "application/octet-stream") : "text/plain",
        ...headers
      });
      if (file && request.method !== "HEAD") createReadStream(file).pipe(response);
      else response.end(file ? undefined : "not found");
    };
    const notFound = () => send(404, isFile(join(root, "404.html")) ? join(root, "404.html") : null);
    if (!url.pathname.startsWith(prefix)) return notFound();
    const found = resolveSitePath(root, url.pathname.slice(prefix.length - 1));
    if (!found) return notFound();
    if (found.redirect) return send(301, null, {location: `${prefix}${found.redirect.slice(1)}`});
    send(200, found.file);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  // The server stops itself if a test run forgets to close it.
  const timer = setTimeout(() => server.close(), lifetimeMs);
  timer.unref();
  const {port} = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${prefix}`,
    close: () =>
      new Promise<void>((resolve) => {
        clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      })
  };
}
