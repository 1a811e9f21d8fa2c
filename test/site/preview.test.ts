// `npm run preview` serves a built site the way GitHub Pages does: clean URLs, index.html for folders, 404.html,
// the site's sub-path, and nothing outside the folder; on the loopback only.
import {spawn, type ChildProcess} from "node:child_process";
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {dirname, join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";

const dir = mkdtempSync(join(tmpdir(), "tps-preview-"));
const site = join(dir, "dist");
const PAGES: Record<string, string> = {
  "index.html": "home",
  "steps/max-num-seqs.html": "step page",
  "runs/index.html": "all runs",
  "404.html": "not found page",
  "_file/data/home.json": '{"a":1}'
};
writeFileSync(join(dir, "secret.txt"), "outside the site");
for (const [path, text] of Object.entries(PAGES)) {
  mkdirSync(dirname(join(site, path)), {recursive: true});
  writeFileSync(join(site, path), text);
}

interface Preview {
  child: ChildProcess;
  url: string;
}
const started: ChildProcess[] = [];

async function preview(...args: string[]): Promise<Preview> {
  const child = spawn("npm", ["run", "preview", "--", "--port", "0", "--dir", site, ...args], {
    detached: true,
    stdio: ["ignore", "pipe", "pipe"]
  });
  started.push(child);
  let out = "";
  child.stdout!.on("data", (part) => (out += part));
  child.stderr!.on("data", (part) => (out += part));
  const since = Date.now();
  for (;;) {
    const match = /preview: (http:\/\/\S+) serves /.exec(out);
    if (match) return {child, url: match[1]};
    if (child.exitCode !== null || Date.now() - since > 30_000) throw new Error(`preview did not start: ${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function get(url: string): Promise<{status: number; body: string; location: string | null; type: string | null}> {
  const response = await fetch(url, {redirect: "manual"});
  return {
    status: response.status,
    body: await response.text(),
    location: response.headers.get("location"),
    type: response.headers.get("content-type")
  };
}

afterAll(async () => {
  for (const child of started)
    if (child.pid && child.exitCode === null) {
      const exited = new Promise((r) => child.once("exit", r));
      process.kill(-child.pid, "SIGTERM");
      await exited;
    }
  rmSync(dir, {recursive: true, force: true});
});

describe("npm run preview at the root", () => {
  let url: string;
  beforeAll(async () => {
    ({url} = await preview());
  }, 60_000);

  it("listens on the loopback and serves index.html at /", async () => {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(await get(url)).toMatchObject({status: 200, body: "home", type: "text/html; charset=utf-8"});
  });

  it("serves clean URLs: /x is x.html, /x/ is x/index.html, and /x redirects to /x/ when x is a folder", async () => {
    expect(await get(`${url}steps/max-num-seqs`)).toMatchObject({status: 200, body: "step page"});
    expect(await get(`${url}steps/max-num-seqs.html`)).toMatchObject({status: 200, body: "step page"});
    expect(await get(`${url}runs/`)).toMatchObject({status: 200, body: "all runs"});
    expect(await get(`${url}runs`)).toMatchObject({status: 301, location: "/runs/"});
    expect(await get(`${url}_file/data/home.json`)).toMatchObject({status: 200, body: '{"a":1}'});
  });

  it("answers everything else with 404.html and status 404, and never leaves the folder", async () => {
    expect(await get(`${url}no-such-page`)).toMatchObject({status: 404, body: "not found page"});
    expect(await get(`${url}steps/`)).toMatchObject({status: 404, body: "not found page"});
    expect(await get(`${url}..%2Fsecret.txt`)).toMatchObject({status: 404, body: "not found page"});
    expect(await get(`${url}%E0%A4%A`)).toMatchObject({status: 404, body: "not found page"});
  });
});

describe("npm run preview under a sub-path, as a project site", () => {
  it("serves the site under --base and adds the slash to the bare sub-path", async () => {
    const {url} = await preview("--base", "/tps-report/");
    expect(url).toMatch(/\/tps-report\/$/);
    const origin = new URL(url).origin;
    expect(await get(`${url}steps/max-num-seqs`)).toMatchObject({status: 200, body: "step page"});
    expect(await get(`${origin}/tps-report`)).toMatchObject({status: 301, location: "/tps-report/"});
    expect(await get(`${origin}/steps/max-num-seqs`)).toMatchObject({status: 404, body: "not found page"});
  }, 60_000);

  it("a folder without a build says so in one line", async () => {
    const run = spawn("npm", ["run", "--silent", "preview", "--", "--dir", join(dir, "empty")], {stdio: "pipe"});
    let err = "";
    run.stderr!.on("data", (part) => (err += part));
    const code = await new Promise((r) => run.once("exit", r));
    expect(code).toBe(2);
    expect(err).toBe(`preview: ${join(dir, "empty")}/index.html does not exist: run npm run build first\n`);
  }, 60_000);
});
