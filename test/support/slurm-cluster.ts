// A real one-node Slurm cluster on localhost for tests: Debian's slurm-wlm and munge, every file in a temp folder.
// Config that works on these machines (no cgroups, no systemd, root): see README "Many GPU machines".
import {execFileSync, spawn, type ChildProcess} from "node:child_process";
import {existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, chmodSync} from "node:fs";
import {cpus, hostname, tmpdir, totalmem} from "node:os";
import {join} from "node:path";
import {randomBytes} from "node:crypto";
import {freePorts} from "../../loaders/live/port.js";

export interface SlurmCluster {
  dir: string;
  /** Environment for sbatch, squeue, scancel, sacct: SLURM_CONF points at this cluster. */
  env: NodeJS.ProcessEnv;
  slurm(command: string, args: string[]): string;
  /** Polls until `squeue -j job` lists nothing; throws after timeoutMs. */
  waitJob(job: string, timeoutMs: number): Promise<void>;
  stop(): Promise<void>;
}

const has = (command: string): boolean => {
  try {
    execFileSync("sh", ["-c", `command -v ${command}`], {stdio: "ignore"});
    return true;
  } catch {
    return false;
  }
};

/** Installs slurm-wlm and munge with apt when they are missing (needs root). */
export function ensureSlurmInstalled(): void {
  if (["sbatch", "slurmctld", "slurmd", "munged"].every(has)) return;
  if (process.getuid?.() !== 0)
    throw new Error("slurm-wlm and munge are not installed and this is not root: apt-get install -y slurm-wlm munge");
  const env = {...process.env, DEBIAN_FRONTEND: "noninteractive"};
  execFileSync("apt-get", ["update", "-qq"], {stdio: "ignore", env, timeout: 300_000});
  execFileSync("apt-get", ["install", "-y", "-qq", "slurm-wlm", "munge"], {stdio: "ignore", env, timeout: 600_000});
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(
  what: string,
  timeoutMs: number,
  test: () => boolean | Promise<boolean>,
  log = () => ""
): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await test())) {
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}\n${log()}`);
    await sleep(250);
  }
}

export async function startSlurmCluster(): Promise<SlurmCluster> {
  ensureSlurmInstalled();
  const dir = mkdtempSync(join(tmpdir(), "tps-slurm-"));
  chmodSync(dir, 0o755);
  for (const sub of ["key", "run", "state", "spool", "log"]) mkdirSync(join(dir, sub));
  // munged wants its key private and its socket folder reachable by everyone.
  chmodSync(join(dir, "key"), 0o700);
  chmodSync(join(dir, "run"), 0o755);
  writeFileSync(join(dir, "key", "munge.key"), randomBytes(128), {mode: 0o400});
  const socket = join(dir, "run", "munge.socket");
  const node = hostname().split(".")[0];
  const [ctldPort, dPort] = await freePorts(2);
  const memoryMb = Math.floor(totalmem() / 2 ** 20) - 512;
  const conf = join(dir, "slurm.conf");
  writeFileSync(
    conf,
    [
      "ClusterName=tpstest",
      `SlurmctldHost=${node}(127.0.0.1)`,
      `SlurmctldPort=${ctldPort}`,
      `SlurmdPort=${dPort}`,
      "SlurmUser=root",
      "SlurmdUser=root",
      "AuthType=auth/munge",
      "CredType=cred/munge",
      `AuthInfo=socket=${socket}`,
      `StateSaveLocation=${join(dir, "state")}`,
      `SlurmdSpoolDir=${join(dir, "spool")}`,
      `SlurmctldPidFile=${join(dir, "run", "slurmctld.pid")}`,
      `SlurmdPidFile=${join(dir, "run", "slurmd.pid")}`,
      `SlurmctldLogFile=${join(dir, "log", "slurmctld.log")}`,
      `SlurmdLogFile=${join(dir, "log", "slurmd.log")}`,
      // No cgroups in these containers: track processes by parent pid, bind no CPUs.
      "ProctrackType=proctrack/linuxproc",
      "TaskPlugin=task/none",
      "SelectType=select/cons_tres",
      "SelectTypeParameters=CR_Core",
      "SchedulerType=sched/backfill",
      "JobAcctGatherType=jobacct_gather/none",
      "AccountingStorageType=accounting_storage/none",
      "MpiDefault=none",
      "ReturnToService=2",
      "KillWait=5",
      "MinJobAge=300",
      `NodeName=${node} NodeAddr=127.0.0.1 CPUs=${cpus().length} RealMemory=${memoryMb} State=UNKNOWN`,
      `PartitionName=debug Nodes=${node} Default=YES MaxTime=INFINITE State=UP`,
      ""
    ].join("\n")
  );
  const env = {...process.env, SLURM_CONF: conf};
  const daemons: ChildProcess[] = [];
  const start = (argv: string[]): ChildProcess => {
    const child = spawn(argv[0], argv.slice(1), {env, stdio: "ignore"});
    daemons.push(child);
    return child;
  };
  const logs = (): string =>
    ["slurmctld.log", "slurmd.log", "munged.log"]
      .map((name) => join(dir, "log", name))
      .filter(existsSync)
      .map((file) => `--- ${file}\n${readFileSync(file, "utf8").split("\n").slice(-15).join("\n")}`)
      .join("\n");
  const slurm = (command: string, args: string[]): string =>
    execFileSync(command, args, {env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: 30_000});

  const stop = async (): Promise<void> => {
    // Each daemon runs in the foreground as this test's child: end exactly those, slurmd first.
    for (const child of [...daemons].reverse()) {
      if (child.exitCode !== null || child.signalCode !== null) continue;
      const gone = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await Promise.race([gone, sleep(15_000)]);
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    }
    if (!process.env.TPS_SLURM_KEEP) rmSync(dir, {recursive: true, force: true});
  };
  try {
    start([
      "munged",
      "-F",
      "--force",
      `--key-file=${join(dir, "key", "munge.key")}`,
      `--socket=${socket}`,
      `--pid-file=${join(dir, "run", "munged.pid")}`,
      `--seed-file=${join(dir, "key", "seed")}`,
      `--log-file=${join(dir, "log", "munged.log")}`
    ]);
    await until("munged's socket", 30_000, () => existsSync(socket), logs);
    start(["slurmctld", "-D", "-f", conf]);
    start(["slurmd", "-D", "-f", conf]);
    await until(
      "the node to be idle",
      90_000,
      () => {
        try {
          return /^idle/.test(slurm("sinfo", ["-h", "-n", node, "-o", "%t"]).trim());
        } catch {
          return false;
        }
      },
      logs
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    dir,
    env,
    slurm,
    waitJob: (job, timeoutMs) =>
      until(
        `job ${job} to finish`,
        timeoutMs,
        () => {
          try {
            return slurm("squeue", ["-h", "-j", job]).trim() === "";
          } catch (error) {
            // A job the controller has forgotten is finished too.
            if (/Invalid job id/.test(String((error as {stderr?: unknown}).stderr))) return true;
            throw error;
          }
        },
        logs
      ),
    stop
  };
}
