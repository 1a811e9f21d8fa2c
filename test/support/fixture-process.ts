// Starts test/support/fixture-server.ts as its own process (so its timers do not share the client's event loop).
import {spawn, type ChildProcess} from "node:child_process";
import {fileURLToPath} from "node:url";

export interface FixtureProcess {
  port: number;
  baseUrl: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

const SCRIPT = fileURLToPath(new URL("./fixture-server.ts", import.meta.url));

export function startFixtureProcess(args: string[], timeoutMs = 30_000): Promise<FixtureProcess> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", SCRIPT, "--port", "0", "--max-lifetime-s", "600", ...args],
    {
      stdio: ["ignore", "pipe", "pipe"]
    }
  );
  return new Promise((resolve, reject) => {
    let out = "";
    let err = "";
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`fixture server did not start in ${timeoutMs} ms: ${err}`));
    }, timeoutMs);
    child.stderr!.on("data", (part: Buffer) => (err += part.toString()));
    child.stdout!.on("data", (part: Buffer) => {
      out += part.toString();
      const match = /listening on (\d+)/.exec(out);
      if (!match) return;
      clearTimeout(timer);
      const port = Number(match[1]);
      resolve({
        port,
        baseUrl: `http://127.0.0.1:${port}`,
        child,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done();
            child.once("exit", () => done());
            child.kill("SIGTERM");
          })
      });
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`fixture server exited (${code}) before listening: ${err}`));
    });
  });
}
