// `npm run preview`: the built site in dist/ on the loopback, served the way GitHub Pages will serve it.
import {existsSync} from "node:fs";
import {join} from "node:path";
import {parseArgs} from "node:util";
import {serveSite} from "./static-site.js";

const USAGE = "usage: npm run preview -- [--port N] [--base /SUB-PATH/] [--dir DIST]";

function fail(message: string): never {
  process.stderr.write(`preview: ${message}\n`);
  process.exit(2);
}

let values;
try {
  ({values} = parseArgs({options: {port: {type: "string"}, base: {type: "string"}, dir: {type: "string"}}}));
} catch (error) {
  fail(`${(error as Error).message}; ${USAGE}`);
}
const dir = values.dir ?? process.env.TPS_REPORT_OUTPUT ?? "dist";
// The build's base (TPS_REPORT_BASE) is where the site expects to live, so the preview serves it there too.
const base = values.base ?? process.env.TPS_REPORT_BASE ?? "/";
const port = Number(values.port ?? 4000);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port must be a port number; ${USAGE}`);
if (!/^\/(.+\/)?$/.test(base)) fail(`--base must start and end with '/', like /tps-report/; ${USAGE}`);
if (!existsSync(join(dir, "index.html"))) fail(`${dir}/index.html does not exist: run npm run build first`);

try {
  const site = await serveSite(dir, {prefix: base, port});
  process.stdout.write(`preview: ${site.url} serves ${dir}/ as GitHub Pages would (loopback only; Ctrl-C stops it)\n`);
} catch (error) {
  fail(`cannot listen on 127.0.0.1:${port}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
}
