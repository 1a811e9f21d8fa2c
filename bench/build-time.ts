// Times a site build in the private tree: wall clock, peak memory of its largest process, pages done before any timeout.
import {execFileSync, spawn} from "node:child_process";
import {createWriteStream, readFileSync} from "node:fs";

export interface BuildTiming {
  seconds: number;
  timed_out: boolean;
  /** Pages Framework had started ("load /…" lines) when the build ended. */
  pages: number;
  /** Largest resident set of any process of the build (GNU time), MB. */
  max_rss_mb: number | null;
  exit_code: number | null;
  log: string;
}

export function timeBuild(
  tree: string,
  command: string[],
  env: Record<string, string>,
  timeoutSeconds: number,
  log: string
): Promise<BuildTiming> {
  const rssFile = `${log}.time`;
  // What the last build wrote is flushed first: a large build writes gigabytes, and its write-back, still running, slowed
  // the next build (BENCHMARKS.md).
  execFileSync("sync");
  return new Promise((resolve, reject) => {
    const out = createWriteStream(log);
    const started = performance.now();
    const child = spawn("/usr/bin/time", ["-f", "%M", "-o", rssFile, ...command], {
      cwd: tree,
      env: {...process.env, OBSERVABLE_TELEMETRY_DISABLE: "true", ...env},
      stdio: ["ignore", "pipe", "pipe"],
      detached: true
    });
    child.stdout.pipe(out, {end: false});
    child.stderr.pipe(out, {end: false});
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      // The build's whole process group: npm, Framework and the loaders it spawned.
      if (child.pid) process.kill(-child.pid, "SIGTERM");
    }, timeoutSeconds * 1000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      out.end(() => {
        const text = readFileSync(log, "utf8");
        let rss: number | null = null;
        try {
          const kb = Number(readFileSync(rssFile, "utf8").trim().split("\n").pop());
          if (Number.isFinite(kb)) rss = kb / 1024;
        } catch {
          rss = null;
        }
        resolve({
          seconds: (performance.now() - started) / 1000,
          timed_out: timedOut,
          pages: (text.match(/^load \/[^\s.]*(?:\s|$)/gm) ?? []).length,
          max_rss_mb: rss,
          exit_code: code,
          log
        });
      });
    });
  });
}
