// Starts a command in its own process group (never through a shell) and stops the whole group, children included.
import {spawn, type ChildProcess, type StdioOptions} from "node:child_process";
import {readdirSync, readFileSync} from "node:fs";
import {timerMs} from "../timer.js";

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Set when the command could not be started at all (e.g. ENOENT). */
  error?: Error;
}

export interface GroupProcess {
  pid: number;
  argv: string[];
  child: ChildProcess;
  /** Resolves once the leader has exited and its output pipes are closed. */
  exited: Promise<Exit>;
  /** The exit once it happened, null while running. */
  exit(): Exit | null;
}

export interface SpawnOptions {
  stdio: StdioOptions;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
}

export function spawnGroup(argv: string[], options: SpawnOptions): GroupProcess {
  if (argv.length === 0) throw new Error("cannot start an empty command");
  const child = spawn(argv[0], argv.slice(1), {
    detached: true,
    shell: false,
    stdio: options.stdio,
    env: options.env ?? process.env,
    cwd: options.cwd,
    windowsHide: true
  });
  let result: Exit | null = null;
  const exited = new Promise<Exit>((resolve) => {
    child.once("error", (error) => {
      // A child that never started emits no 'close'; one that did is reported by 'close'.
      if (child.pid === undefined) resolve((result = {code: null, signal: null, error}));
    });
    child.once("close", (code, signal) => resolve((result = {code, signal})));
  });
  return {pid: child.pid ?? -1, argv, child, exited, exit: () => result};
}

/** Live (non-zombie) processes of a process group; falls back to a signal-0 probe where /proc is missing. */
export function groupMembers(pgid: number): number[] {
  if (pgid <= 0) return [];
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    try {
      process.kill(-pgid, 0);
      return [pgid];
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === "EPERM" ? [pgid] : [];
    }
  }
  const members: number[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue;
    }
    // Fields after the command name (which may hold spaces and parentheses): state, ppid, pgrp, …
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(fields[2]) === pgid && fields[0] !== "Z" && fields[0] !== "X") members.push(Number(entry));
  }
  return members;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for `promise` at most `ms`; the timer is cleared either way, so a lost bound keeps nothing alive. */
export async function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), timerMs(ms))))
    ]);
  } finally {
    clearTimeout(timer);
  }
}

function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // Already gone.
  }
}

async function waitGroupGone(pgid: number, ms: number, hurry?: AbortSignal): Promise<boolean> {
  const until = Date.now() + ms;
  for (;;) {
    if (groupMembers(pgid).length === 0) return true;
    if (Date.now() >= until || hurry?.aborted) return false;
    await sleep(Math.min(100, Math.max(1, until - Date.now())));
  }
}

/**
 * SIGTERM to the group, SIGKILL after `graceMs` (or as soon as `hurry` aborts); resolves when no process of the
 * group is left (or, after SIGKILL, when `killWaitMs` has passed: false then).
 */
export async function stopGroup(
  proc: GroupProcess,
  graceMs: number,
  options: {hurry?: AbortSignal; killWaitMs?: number} = {}
): Promise<boolean> {
  const killWaitMs = options.killWaitMs ?? 5000;
  if (proc.pid <= 0) return true;
  if (groupMembers(proc.pid).length > 0) {
    signalGroup(proc.pid, "SIGTERM");
    if (!(await waitGroupGone(proc.pid, graceMs, options.hurry))) {
      signalGroup(proc.pid, "SIGKILL");
      if (!(await waitGroupGone(proc.pid, killWaitMs))) return false;
    }
  }
  // The leader's 'close' follows its pipes closing; bounded in case a pipe was inherited elsewhere.
  await within(proc.exited, killWaitMs);
  return true;
}
