// `npm run dev` in a throw-away copy of the project (its edits and Framework's cache stay there), on a free port.
import {spawn, type ChildProcess} from "node:child_process";
import {cpSync, mkdtempSync, rmSync, symlinkSync} from "node:fs";
import {tmpdir} from "node:os";
import {join, resolve} from "node:path";
import {freePort} from "../../loaders/live/port.js";

const ROOT = resolve(import.meta.dirname, "../..");
const COPIED = ["src", "loaders", "data", "tools", "observablehq.config.ts", "package.json", "tsconfig.json"];

export interface DevServer {
  /** The copy the server runs in. */
  dir: string;
  url: string;
  /** Everything it printed so far. */
  log(): string;
  stop(): Promise<void>;
}

/** `prepare` runs in the copy before the server starts (a study laid out elsewhere, a run held back). */
export async function startDev(
  env: Record<string, string> = {},
  prepare: (dir: string) => void = () => {}
): Promise<DevServer> {
  const dir = mkdtempSync(join(tmpdir(), "tps-dev-"));
  for (const name of COPIED)
    cpSync(join(ROOT, name), join(dir, name), {recursive: true, filter: (s) => !s.includes(".observablehq")});
  prepare(dir);
  symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"));
  const port = await freePort();
  let log = "";
  const dev: ChildProcess = spawn("npm", ["run", "dev", "--", "--port", String(port), "--no-open"], {
    cwd: dir,
    detached: true,
    env: {...process.env, OBSERVABLE_TELEMETRY_DISABLE: "true", ...env},
    stdio: ["ignore", "pipe", "pipe"]
  });
  dev.stdout!.on("data", (part) => (log += part));
  dev.stderr!.on("data", (part) => (log += part));
  const url = `http://127.0.0.1:${port}/`;
  const started = Date.now();
  while (!log.includes(url)) {
    if (dev.exitCode !== null || Date.now() - started > 180_000) throw new Error(`npm run dev did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    dir,
    url,
    log: () => log,
    async stop() {
      if (dev.pid && dev.exitCode === null) {
        const exited = new Promise((r) => dev.once("exit", r));
        process.kill(-dev.pid, "SIGTERM");
        await exited;
      }
      rmSync(dir, {recursive: true, force: true});
    }
  };
}
