// Why a Slurm array task ended, from what can be read afterwards: sacct (when accounting runs) and its output file.
import {execFileSync} from "node:child_process";
import {existsSync, readdirSync, readFileSync} from "node:fs";
import {join} from "node:path";
import {runFileState} from "../files/regular-files.js";

export interface TaskEnd {
  /** The array job and the task's own job id (logs/<array>_<index>.out is named by the array job). */
  arrayJob: string;
  index: number;
  /** COMPLETED, CANCELLED, TIMEOUT, OUT_OF_MEMORY, FAILED…; null when nothing says. */
  state: string | null;
  /** One line: what sacct and the output file say. */
  reason: string;
  /** The task died: its missing runs are failed runs. */
  died: boolean;
  /** The output file, when there is one. */
  output: string | null;
}

const DEAD = /^(CANCELLED|FAILED|TIMEOUT|OUT_OF_MEMORY|NODE_FAIL|PREEMPTED|BOOT_FAIL|DEADLINE)/;
const OUTPUT = /^(\d+)_(\d+)\.out$/;
// slurmstepd's line when the job is cancelled or runs out of time.
const STEPD = /\*\*\* JOB (\d+) ON (\S+) CANCELLED AT (\S+)(?: DUE TO ([A-Z ]+?))? \*\*\*/;
const OOM = /oom[-_]kill event|Out Of Memory/i;
const FATAL = /^tps-report run: .+$/m;

/** The latest output file of each array index in <tasks>/logs. */
export function taskOutputs(logsDir: string): Map<number, {arrayJob: string; file: string}> {
  const latest = new Map<number, {arrayJob: string; file: string}>();
  if (!existsSync(logsDir)) return latest;
  for (const name of readdirSync(logsDir)) {
    const match = OUTPUT.exec(name);
    // Only regular files of a run file's size are read (and copied) later: a FIFO there would block gather.
    if (!match || runFileState(logsDir, name).kind !== "ok") continue;
    const index = Number(match[2]);
    const seen = latest.get(index);
    if (!seen || Number(match[1]) > Number(seen.arrayJob))
      latest.set(index, {arrayJob: match[1], file: join(logsDir, name)});
  }
  return latest;
}

/** `sacct -j JOB -X -n -P --format=JobID,State,ExitCode,Reason` by array index; empty when sacct cannot answer. */
export function sacctStates(
  arrayJob: string,
  sacct = "sacct"
): Map<number, {state: string; exit: string; reason: string}> {
  let text: string;
  try {
    text = execFileSync(sacct, ["-j", arrayJob, "-X", "-n", "-P", "--format=JobID,State,ExitCode,Reason"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
      timeout: 30_000
    });
  } catch {
    // No accounting storage (sacct exits 1) or no sacct here: the output file has to do.
    return new Map();
  }
  return parseSacct(text, arrayJob);
}

/** sacct -P lines `<array job>_<index>|STATE|EXIT|REASON`; pending ranges (`7_[2-5]`) and steps are not tasks. */
export function parseSacct(text: string, arrayJob: string): Map<number, {state: string; exit: string; reason: string}> {
  const states = new Map<number, {state: string; exit: string; reason: string}>();
  for (const line of text.split("\n")) {
    const [id, state, exit, reason] = line.trim().split("|");
    const match = /^(\d+)_(\d+)$/.exec(id ?? "");
    if (match && match[1] === arrayJob && state)
      states.set(Number(match[2]), {state, exit: exit ?? "", reason: reason ?? ""});
  }
  return states;
}

export function taskEnd(
  arrayJob: string,
  index: number,
  output: string | null,
  sacct?: {state: string; exit: string; reason: string}
): TaskEnd {
  const text = output && existsSync(output) ? readFileSync(output, "utf8") : "";
  const said: string[] = [];
  let state: string | null = null;
  if (sacct) {
    state = sacct.state.split(" ")[0];
    said.push(
      `sacct: ${sacct.state}, exit ${sacct.exit}${sacct.reason && sacct.reason !== "None" ? `, ${sacct.reason}` : ""}`
    );
  }
  const stepd = STEPD.exec(text);
  if (stepd) {
    state ??= stepd[4] === "TIME LIMIT" ? "TIMEOUT" : "CANCELLED";
    said.push(`output: ${stepd[0].replaceAll("*** ", "").replaceAll(" ***", "")}`);
  } else if (OOM.test(text)) {
    state ??= "OUT_OF_MEMORY";
    said.push(
      `output: ${text
        .split("\n")
        .find((line) => OOM.test(line))!
        .trim()}`
    );
  }
  const fatal = FATAL.exec(text);
  if (fatal) {
    state ??= "FAILED";
    said.push(`output: ${fatal[0]}`);
  }
  const died = state !== null && DEAD.test(state);
  return {
    arrayJob,
    index,
    state,
    reason: `slurm task ${arrayJob}_${index}${state ? ` ${state}` : ""}${said.length ? ` (${said.join("; ")})` : ""}`,
    died,
    output: text ? output : null
  };
}
