// A Framework project of a user's own in a throw-away folder: a fixture's pages, the repository's node_modules linked,
// Framework run on it with no network but the npm registry (fetch-guard.mjs), as a machine with no CDN has it.
import {spawn, type ChildProcess} from "node:child_process";
import {cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync} from "node:fs";
import {tmpdir} from "node:os";
import {join, resolve} from "node:path";
import {freePort} from "../../loaders/live/port.js";

const ROOT = resolve(import.meta.dirname, "../..");
const FRAMEWORK = join(ROOT, "node_modules/@observablehq/framework/dist/bin/observable.js");
const GUARD = join(import.meta.dirname, "fetch-guard.mjs");

export interface ScratchProject {
  dir: string;
  /** Every URL a Framework process of this project fetched. */
  fetched(): string[];
  remove(): void;
}

/** A copy of `fixture` (a folder with observablehq.config.js and src/) with the repository's node_modules linked. */
export function scratchProject(fixture: string): ScratchProject {
  const dir = mkdtempSync(join(tmpdir(), "tps-scratch-"));
  cpSync(fixture, dir, {recursive: true});
  symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"));
  const log = join(dir, "fetch.log");
  return {
    dir,
    fetched: () => (existsSync(log) ? readFileSync(log, "utf8").split("\n").filter(Boolean) : []),
    remove: () => rmSync(dir, {recursive: true, force: true})
  };
}

function frameworkEnv(project: ScratchProject): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import=${GUARD}`.trim(),
    FETCH_LOG: join(project.dir, "fetch.log"),
    OBSERVABLE_TELEMETRY_DISABLE: "true"
  };
}

/** `observable build` in the project: its exit status, output and seconds. */
export function buildScratch(project: ScratchProject): Promise<{code: number; output: string; seconds: number}> {
  const started = performance.now();
  return new Promise((done, reject) => {
    const child = spawn(process.execPath, [FRAMEWORK, "build"], {cwd: project.dir, env: frameworkEnv(project)});
    let output = "";
    child.stdout.on("data", (part) => (output += part));
    child.stderr.on("data", (part) => (output += part));
    child.on("error", reject);
    child.on("close", (code) => done({code: code ?? 1, output, seconds: (performance.now() - started) / 1000}));
  });
}

export interface ScratchPreview {
  url: string;
  log(): string;
  stop(): Promise<void>;
}

/** `observable preview` in the project, on a free port. */
export async function previewScratch(project: ScratchProject): Promise<ScratchPreview> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [FRAMEWORK, "preview", "--port", String(port), "--no-open"], {
    cwd: project.dir,
    env: frameworkEnv(project),
    detached: true
  });
  let log = "";
  child.stdout!.on("data", (part) => (log += part));
  child.stderr!.on("data", (part) => (log += part));
  const url = `http://127.0.0.1:${port}/`;
  const started = Date.now();
  while (!log.includes(url)) {
    if (child.exitCode !== null || Date.now() - started > 60_000) throw new Error(`preview did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    log: () => log,
    async stop() {
      if (child.pid && child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        process.kill(-child.pid, "SIGTERM");
        await exited;
      }
    }
  };
}
