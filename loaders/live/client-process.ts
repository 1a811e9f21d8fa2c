// Runs one benchmark client: stdout kept byte for byte, stopped on timeout, on Ctrl-C or when its server dies.
import {closeSync, createWriteStream, openSync} from "node:fs";
import {finished} from "node:stream/promises";
import {timerMs} from "../timer.js";
import {spawnGroup, stopGroup, type Exit, type GroupProcess} from "./process-group.js";

export type ClientOutcome =
  {kind: "exit"; exit: Exit} | {kind: "timeout"} | {kind: "server-exit"} | {kind: "interrupted"};

export interface ClientOptions {
  stdoutFile: string;
  stderrFile: string;
  timeoutMs: number;
  /** Resolves when the server under test exits. */
  serverExited: Promise<unknown>;
  signal?: AbortSignal;
  /** How long SIGTERM may take before SIGKILL, read when the client is stopped. */
  graceMs: () => number;
  /** Cuts the grace period short (a second Ctrl-C). */
  hurry?: AbortSignal;
  env?: NodeJS.ProcessEnv;
  /** Each complete stdout line, as it arrives (for the progress phase). */
  onLine?: (line: string) => void;
  onSpawn?: (proc: GroupProcess) => void;
}

export async function runClient(argv: string[], options: ClientOptions): Promise<ClientOutcome> {
  const out = createWriteStream(options.stdoutFile);
  // A failed write (full disk) is raised once the client is stopped, naming the file; never an unhandled 'error'.
  let writeError: NodeJS.ErrnoException | null = null;
  out.on("error", (error: NodeJS.ErrnoException) => (writeError ??= error));
  const errFd = openSync(options.stderrFile, "w");
  let proc: GroupProcess;
  try {
    proc = spawnGroup(argv, {stdio: ["ignore", "pipe", errFd], env: options.env});
  } finally {
    closeSync(errFd);
  }
  options.onSpawn?.(proc);
  let pending = "";
  proc.child.stdout?.on("data", (chunk: Buffer) => {
    out.write(chunk);
    if (!options.onLine) return;
    pending += chunk.toString("utf8");
    const lines = pending.split(/\r?\n/);
    pending = lines.pop() ?? "";
    for (const line of lines) options.onLine(line);
  });

  const timers: NodeJS.Timeout[] = [];
  let onAbort: (() => void) | null = null;
  const outcome = await Promise.race<ClientOutcome>([
    proc.exited.then((exit) => ({kind: "exit", exit})),
    new Promise((resolve) => timers.push(setTimeout(() => resolve({kind: "timeout"}), timerMs(options.timeoutMs)))),
    options.serverExited.then(() => ({kind: "server-exit"})),
    new Promise((resolve) => {
      onAbort = () => resolve({kind: "interrupted"});
      if (options.signal?.aborted) onAbort();
      else options.signal?.addEventListener("abort", onAbort, {once: true});
    })
  ]);
  for (const timer of timers) clearTimeout(timer);
  if (onAbort) options.signal?.removeEventListener("abort", onAbort);
  if (outcome.kind !== "exit") await stopGroup(proc, options.graceMs(), {hurry: options.hurry});
  else await stopGroup(proc, 0); // children it left behind do not outlive it
  out.end();
  await finished(out).catch(() => {});
  if (writeError) {
    const error: NodeJS.ErrnoException = writeError;
    error.path ??= options.stdoutFile;
    throw error;
  }
  return outcome;
}
