// Runs an npm script as a user would, with the seed unless the environment names a study; its exit code and output.
import {spawn} from "node:child_process";

export function npmRun(
  script: string,
  env: Record<string, string>,
  cwd?: string
): Promise<{code: number | null; log: string}> {
  return new Promise((resolve, reject) => {
    let log = "";
    const child = spawn("npm", ["run", script], {
      cwd,
      env: {...process.env, OBSERVABLE_TELEMETRY_DISABLE: "true", TPS_REPORT_STUDY: "", ...env},
      stdio: ["ignore", "pipe", "pipe"]
    });
    child.stdout.on("data", (chunk) => (log += chunk));
    child.stderr.on("data", (chunk) => (log += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({code, log}));
  });
}
