// A study run as a real Slurm array on a one-node localhost cluster (slurm-wlm, munge): emit, sbatch, gather, report.
// Heavy: flock /tmp/tps-heavy.lock npx vitest run test/cluster/slurm.test.ts
import {execFileSync, spawnSync} from "node:child_process";
import {existsSync, readdirSync, readFileSync} from "node:fs";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {folderHash} from "../../loaders/cluster/folder-hash.js";
import {loadStudy} from "../../loaders/analysis/report.js";
import {FIXTURE_SERVER, NODE, readRunJson, removeStudies, ROOT, runsFolder, writeStudy} from "../live/live-study.js";
import {startSlurmCluster, type SlurmCluster} from "../support/slurm-cluster.js";

let cluster: SlurmCluster;
beforeAll(async () => {
  cluster = await startSlurmCluster();
}, 900_000);
afterAll(async () => {
  await cluster?.stop();
  removeStudies();
});

const tps = (args: string[], env: NodeJS.ProcessEnv = {}): {code: number | null; stdout: string; stderr: string} => {
  const done = spawnSync(NODE, ["bin/tps-report.js", ...args], {
    cwd: ROOT,
    env: {...cluster.env, ...env},
    encoding: "utf8",
    timeout: 120_000
  });
  return {code: done.status, stdout: done.stdout, stderr: done.stderr};
};

/** Every file under the study's runs folder with its content hash: what "gathering again changes nothing" compares. */
const snapshot = (study: string): Record<string, string> =>
  Object.fromEntries(readdirSync(join(study, "runs")).map((name) => [name, folderHash(join(study, "runs", name))]));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Two server configurations; b streams slowly (20 tokens × 250 ms) so that it can be cancelled while it runs. */
function twoConfigStudy(): string {
  return writeStudy({
    port: 8000,
    scenarios: {tiny: {input_len: 16, output_len: 20, num_prompts: 4}},
    serve: {ready_timeout_s: 60, bench_timeout_s: 120},
    steps: [
      {
        id: "s",
        scenarios: ["tiny"],
        candidates: [
          {id: "a", server: [...FIXTURE_SERVER]},
          {id: "b", server: [...FIXTURE_SERVER, "--token-gap-ms", "250"]}
        ]
      }
    ]
  });
}

function emit(study: string, tasks: string): string {
  const script = join(tasks, "job.sbatch");
  const emitted = tps([
    "run",
    study,
    "--emit",
    "slurm",
    "--tasks-dir",
    tasks,
    "--out",
    script,
    "--gres",
    "none",
    "--cli",
    "checkout"
  ]);
  expect(emitted.stderr).toContain(`2 tasks written to ${script}`);
  expect(emitted.code).toBe(0);
  return script;
}

describe("a study on a real Slurm cluster", () => {
  it("emits --array=0-1 for two configurations; both runs arrive by gather; gathering twice changes nothing", async () => {
    const study = twoConfigStudy();
    const tasks = join(study, "cluster-tasks");
    const script = emit(study, tasks);
    expect(readFileSync(script, "utf8")).toMatch(/^#SBATCH --array=0-1%2$/m);
    const job = cluster.slurm("sbatch", ["--parsable", script]).trim();
    await cluster.waitJob(job, 180_000);
    expect(readdirSync(join(tasks, "logs")).sort()).toEqual([`${job}_0.out`, `${job}_1.out`]);

    const first = tps(["gather", study, tasks]);
    expect(first.stdout).toContain("2 runs added, 0 unchanged");
    expect(first.code).toBe(0);
    expect(runsFolder(study)).toEqual(["s--a--tiny", "s--b--tiny"]);
    const before = snapshot(study);
    const second = tps(["gather", study, tasks]);
    expect(second.stdout).toContain("0 runs added, 2 unchanged");
    expect(snapshot(study)).toEqual(before);
    // The folders came over byte for byte.
    for (const [group, id] of [
      ["s--a", "s--a--tiny"],
      ["s--b", "s--b--tiny"]
    ])
      expect(folderHash(join(tasks, group, id))).toBe(before[id]);

    const meta = readRunJson(study, "s--b--tiny");
    expect(meta.status).toBe("ok");
    expect(meta.origin.placement).toMatchObject({scheduler: "slurm", array_job_id: job, task_id: "1"});
    expect(meta.origin.placement.job_id).toMatch(/^\d+$/);
    expect(meta.origin.runs_dir).toBe(join(tasks, "s--b"));
    // Each server got its own free port.
    expect(readRunJson(study, "s--a--tiny").origin.serve.port).not.toBe(meta.origin.serve.port);

    const check = tps(["check", study]);
    expect(check.code).toBe(0);
    expect(check.stdout).not.toMatch(/argv-differs/);
    const {rows} = await loadStudy(study);
    expect(rows.map((r) => [r.run, r.status, (r as unknown as Record<string, unknown>).completed])).toEqual([
      ["s--a--tiny", "ok", 4],
      ["s--b--tiny", "ok", 4]
    ]);
  }, 300_000);

  it("a task cancelled with scancel: its runs are recorded failed; resubmitting only it completes the study", async () => {
    const study = twoConfigStudy();
    const tasks = join(study, "cluster-tasks");
    const script = emit(study, tasks);
    const job = cluster.slurm("sbatch", ["--parsable", script]).trim();
    // Cancel task 1 while its benchmark runs: its run's temporary folder exists.
    const deadline = Date.now() + 120_000;
    const running = () =>
      existsSync(join(tasks, "s--b")) &&
      readdirSync(join(tasks, "s--b")).some((name) => name.startsWith(".s--b--tiny.tmp-"));
    while (!running()) {
      if (Date.now() > deadline)
        throw new Error(`task 1 never started its benchmark:\n${readdirSync(join(tasks, "logs"))}`);
      await sleep(100);
    }
    cluster.slurm("scancel", [`${job}_1`]);
    await cluster.waitJob(job, 180_000);
    expect(readFileSync(join(tasks, "logs", `${job}_1.out`), "utf8")).toMatch(/CANCELLED AT/);

    const gathered = tps(["gather", study, tasks]);
    expect(gathered.code).toBe(3);
    expect(gathered.stdout).toContain(
      "1 run added, 0 unchanged, 0 replaced a dead task's failed run; 1 recorded failed"
    );
    expect(gathered.stdout).toMatch(
      new RegExp(`^failed s--b--tiny: slurm task ${job}_1 CANCELLED \\(output: JOB \\d+ ON \\S+ CANCELLED AT `, "m")
    );
    const resubmit = `sbatch --array=1%1 ${script}`;
    expect(gathered.stdout).toContain(`resubmit only those: ${resubmit}`);
    const failed = readRunJson(study, "s--b--tiny");
    expect(failed).toMatchObject({status: "failed", failed_phase: "scheduler", origin: {kind: "scheduler"}});
    expect(readFileSync(join(study, "runs", "s--b--tiny", "slurm.out"), "utf8")).toBe(
      readFileSync(join(tasks, "logs", `${job}_1.out`), "utf8")
    );
    // A failed run is a result: the report shows it.
    expect((await loadStudy(study)).rows.map((r) => [r.run, r.status])).toEqual([
      ["s--a--tiny", "ok"],
      ["s--b--tiny", "failed"]
    ]);
    const again = tps(["gather", study, tasks]);
    expect(again.stdout).toContain("0 runs added, 1 unchanged, 0 replaced a dead task's failed run; 0 recorded failed");

    // The printed command, as printed.
    const second = execFileSync("sh", ["-c", resubmit.replace("sbatch ", "sbatch --parsable ")], {
      env: cluster.env,
      encoding: "utf8"
    }).trim();
    await cluster.waitJob(second, 180_000);
    const done = tps(["gather", study, tasks]);
    expect(done.stdout).toContain(
      "0 runs added, 1 unchanged, 1 replaced a dead task's failed run; 0 recorded failed, 0 conflicts, 0 tasks without result"
    );
    expect(done.code).toBe(0);
    expect(readRunJson(study, "s--b--tiny").status).toBe("ok");
    expect(readRunJson(study, "s--b--tiny").origin.placement.array_job_id).toBe(second);
    const before = snapshot(study);
    expect(tps(["gather", study, tasks]).stdout).toContain("0 runs added, 2 unchanged");
    expect(snapshot(study)).toEqual(before);
  }, 300_000);
});
