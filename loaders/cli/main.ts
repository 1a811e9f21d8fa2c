// `tps-report` entry: each subcommand lives in its own module and is loaded only when asked for.
import {errorLine} from "./errors.js";
import packageJson from "../../package.json" with {type: "json"};

type Command = (argv: string[]) => Promise<number>;

const COMMANDS: Record<string, {summary: string; load: () => Promise<Command>}> = {
  parse: {
    summary: "parse benchmark output files into canonical records",
    load: async () => (await import("./parse.js")).main
  },
  import: {
    summary: "build a study from existing results (sweeps, --save-result JSON, logs)",
    load: async () => (await import("./import.js")).main
  },
  new: {summary: "scaffold a commented study plan for live mode", load: async () => (await import("./new.js")).main},
  check: {summary: "validate a study and its runs", load: async () => (await import("./check.js")).main},
  compare: {
    summary: "compare two studies point by point; exit 1 on a regression",
    load: async () => (await import("./compare.js")).main
  },
  history: {
    summary: "a point's trend over a series of studies; exit 1 when the last two regressed",
    load: async () => (await import("./history.js")).main
  },
  export: {summary: "write the runs table as CSV or Parquet", load: async () => (await import("./export.js")).main},
  run: {summary: "execute a study plan on a GPU machine", load: async () => (await import("./run.js")).main},
  tune: {
    summary: "search the plan's space for the best configuration within a budget",
    load: async () => (await import("./tune.js")).main
  },
  gather: {
    summary: "merge the runs of Slurm or Kubernetes tasks into a study",
    load: async () => (await import("./gather.js")).main
  },
  bench: {summary: "run the serving benchmark (native client)", load: async () => (await import("./bench.js")).main},
  headroom: {
    summary: "print the hardware ceiling for a scenario",
    load: async () => (await import("./headroom.js")).main
  }
};

export function usage(): string {
  const lines = Object.entries(COMMANDS).map(([name, {summary}]) => `  ${name.padEnd(10)} ${summary}`);
  return [
    "usage: tps-report <command> [options]",
    "",
    "commands:",
    ...lines,
    "",
    "tps-report <command> --help for options; tps-report --version for the version"
  ].join("\n");
}

export async function main(argv: string[]): Promise<number> {
  // A reader that leaves early (`| head`, `| true`) ends the output, not the command: no EPIPE stack trace.
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "EPIPE" && error.code !== "ERR_STREAM_DESTROYED") throw error;
  });
  const [name, ...rest] = argv;
  if (!name || name === "--help" || name === "-h") {
    (name ? process.stdout : process.stderr).write(usage() + "\n");
    return name ? 0 : 2;
  }
  if (name === "--version" || name === "-V") {
    process.stdout.write(`tps-report ${packageJson.version}\n`);
    return 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    process.stderr.write(`tps-report: unknown command '${name}'\n\n${usage()}\n`);
    return 2;
  }
  try {
    return await (
      await command.load()
    )(rest);
  } catch (error) {
    // TPS_REPORT_DEBUG=1 shows the stack for a bug report; everyone else gets the one line.
    if (process.env.TPS_REPORT_DEBUG) process.stderr.write(`${(error as Error)?.stack ?? error}\n`);
    process.stderr.write(`tps-report ${name}: ${errorLine(error)}\n`);
    return 1;
  }
}
