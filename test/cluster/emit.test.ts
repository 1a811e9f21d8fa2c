// tps-report run --emit slurm|k8s: the sbatch array script and the Indexed Job, read back and validated.
import {execFileSync} from "node:child_process";
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join, resolve} from "node:path";
import {Job} from "kubernetes-models/batch/v1/Job";
import {afterAll, describe, expect, it} from "vitest";
import {parse} from "yaml";
import {jobName} from "../../loaders/cluster/k8s.js";
import {arraySpec} from "../../loaders/cluster/slurm.js";
import {taskCli} from "../../loaders/cluster/tasks.js";
import {placement} from "../../loaders/live/placement.js";
import {parseRunArgs} from "../../loaders/cli/run.js";
import {FIXTURE_SERVER, NODE, removeStudies, ROOT, writeStudy} from "../live/live-study.js";

afterAll(removeStudies);

const tps = (...args: string[]): {code: number; stdout: string; stderr: string} => {
  try {
    const stdout = execFileSync(NODE, ["bin/tps-report.js", "run", ...args], {
      cwd: ROOT,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"]
    });
    return {code: 0, stdout, stderr: ""};
  } catch (error) {
    const e = error as {status: number; stdout: string; stderr: string};
    return {code: e.status, stdout: e.stdout, stderr: e.stderr};
  }
};

/** Two server configurations (s--a, s--b) with two scenarios each; the plan's hardware.count is 1. */
const study = writeStudy({
  port: 8000,
  scenarios: {
    short: {input_len: 16, output_len: 4, num_prompts: 2},
    long: {input_len: 64, output_len: 4, num_prompts: 2}
  },
  steps: [
    {
      id: "s",
      scenarios: ["short", "long"],
      candidates: [
        {id: "a", server: [...FIXTURE_SERVER]},
        {id: "b", server: [...FIXTURE_SERVER]}
      ]
    }
  ]
});

describe("--emit slurm", () => {
  it("one array task per server group, --array=0-1%P, gres from the plan, its own folder and a free port each", () => {
    const tasks = join(study, "tasks dir");
    const out = tps(
      study,
      "--emit",
      "slurm",
      "--tasks-dir",
      join(study, "tasks"),
      "--parallel",
      "1",
      "--time",
      "01:00:00"
    );
    expect(out.code).toBe(0);
    const script = out.stdout;
    expect(script).toMatch(/^#!\/bin\/bash\n/);
    expect(script).toMatch(/^#SBATCH --array=0-1%1$/m);
    expect(script).toMatch(/^#SBATCH --gres=gpu:1$/m);
    expect(script).toMatch(/^#SBATCH --time=01:00:00$/m);
    expect(script).toContain(`#SBATCH --output=${join(study, "tasks", "logs", "%A_%a.out")}`);
    expect(script).toContain(`--only "$group" --runs-dir ${join(study, "tasks")}/"$group" --port auto --resume`);
    expect(script).toMatch(/^groups=\(\n {2}s--a # 0: 2 runs\n {2}s--b # 1: 2 runs\n\)$/m);
    // The manifest gather reads: index -> group -> runs.
    expect(JSON.parse(readFileSync(join(study, "tasks", "tasks.json"), "utf8")).tasks).toEqual([
      {index: 0, group: "s--a", runs: ["s--a--short", "s--a--long"]},
      {index: 1, group: "s--b", runs: ["s--b--short", "s--b--long"]}
    ]);
    // bash reads the script: task 1 runs group s--b (TPS_NODE=echo prints the command instead of running it).
    const ran = execFileSync("bash", ["-c", script], {
      env: {...process.env, SLURM_ARRAY_TASK_ID: "1", SLURM_ARRAY_JOB_ID: "77", TPS_NODE: "echo"},
      encoding: "utf8"
    });
    // The tps-report the tasks run is the bundle when it is built, as the tests' setup builds it (taskCli below).
    expect(ran.split("\n")[1]).toBe(
      `${join(ROOT, "dist-cli/tps-report.mjs")} run ${study} --only s--b --runs-dir ${join(study, "tasks")}/s--b --port auto --resume`
    );
    // --gres none leaves it out; a value sbatch would misread is refused.
    expect(tps(study, "--emit", "slurm", "--tasks-dir", join(study, "tasks"), "--gres", "none").stdout).not.toMatch(
      /--gres/
    );
    const spaced = tps(study, "--emit", "slurm", "--tasks-dir", tasks);
    expect(spaced.code).toBe(1);
    expect(spaced.stderr).toContain("an #SBATCH value cannot hold spaces");
  });

  it("quotes what the shell would read, passes --client and --timeout-s on, picks --only's groups", () => {
    const out = tps(
      study,
      "--emit",
      "slurm",
      "--tasks-dir",
      join(study, "tasks"),
      "--only",
      "s--b",
      "--client",
      "native",
      "--timeout-s",
      "90",
      "--cli",
      "/opt/tps report/tps-report.mjs"
    );
    expect(out.stdout).toMatch(/^#SBATCH --array=0%1$/m);
    expect(out.stdout).toContain(`'/opt/tps report/tps-report.mjs' run ${study} --only "$group"`);
    expect(out.stdout).toContain("--port auto --resume --client native --timeout-s 90\n");
    expect(tps(study, "--emit", "slurm").stderr).toContain("--emit slurm needs --tasks-dir DIR");
    expect(tps(study, "--emit", "pbs").stderr).toContain("--emit is 'slurm' or 'k8s'");
  });

  it("array specs: ranges and lists", () => {
    expect(arraySpec([0, 1])).toBe("0-1");
    expect(arraySpec([3, 0, 1, 5, 6, 7], 2)).toBe("0-1,3,5-7%2");
    expect(arraySpec([4])).toBe("4");
  });
});

describe("--emit k8s", () => {
  it("an Indexed Job with 2 completions that passes the Kubernetes API schema", () => {
    const out = tps(
      study,
      "--emit",
      "k8s",
      "--image",
      "registry.example/tps-report:1",
      "--volume",
      "bench-results",
      "--parallel",
      "1"
    );
    expect(out.code).toBe(0);
    const job = parse(out.stdout);
    expect(() => new Job(job).validate()).not.toThrow();
    expect(job).toMatchObject({
      apiVersion: "batch/v1",
      kind: "Job",
      metadata: {name: "tps-live-test"},
      spec: {completionMode: "Indexed", completions: 2, parallelism: 1, backoffLimitPerIndex: 1}
    });
    const pod = job.spec.template.spec;
    expect(pod.restartPolicy).toBe("Never");
    expect(pod.volumes).toEqual([{name: "results", persistentVolumeClaim: {claimName: "bench-results"}}]);
    const [container] = pod.containers;
    expect(container.resources).toEqual({limits: {"nvidia.com/gpu": 1}});
    expect(container.volumeMounts).toEqual([{name: "results", mountPath: "/results"}]);
    expect(container.command.slice(-3)).toEqual(["tps-report-task", "s--a", "s--b"]);
    // The container's shell picks the group from JOB_COMPLETION_INDEX (echo stands in for the image's tps-report).
    const [shell, flag, script, ...params] = container.command;
    const studyName = study.split("/").pop();
    for (const [index, group] of [
      ["0", "s--a"],
      ["1", "s--b"]
    ]) {
      const ran = execFileSync(shell, [flag, script.replace("exec tps-report", "exec echo"), ...params], {
        env: {...process.env, JOB_COMPLETION_INDEX: index},
        encoding: "utf8"
      });
      expect(ran.trim().split("\n").pop()).toBe(
        `run /results/${studyName} --only ${group} --runs-dir /results/tasks/${group} --port auto --resume`
      );
    }
  });

  it("the schema check is not vacuous: a broken Job fails it", () => {
    const job = parse(tps(study, "--emit", "k8s", "--image", "i").stdout);
    job.spec.completions = "two";
    expect(() => new Job(job).validate()).toThrow("data/spec/completions must be integer");
    expect(tps(study, "--emit", "k8s").stderr).toContain("--emit k8s needs --image IMAGE");
  });

  // A retry count past int32 went into the Job as it was given: "backoffLimitPerIndex: 100000000000000000000".
  it("refuses counts the Job cannot hold: retries past int32, the API's integer", () => {
    const retries = (n: string) => tps(study, "--emit", "k8s", "--image", "i", "--retries", n);
    const max = parse(retries("2147483647").stdout);
    expect(max.spec.backoffLimitPerIndex).toBe(2147483647);
    expect(() => new Job(max).validate()).not.toThrow();
    for (const n of ["2147483648", "99999999999999999999"]) {
      const out = retries(n);
      expect(out.code).toBe(2);
      expect(out.stderr.split("\n")[0]).toBe("tps-report run: --retries needs a whole number from 0 to 2147483647");
    }
    const parallel = tps(study, "--emit", "k8s", "--image", "i", "--parallel", "99999999999999999999");
    expect(parallel.stderr.split("\n")[0]).toBe("tps-report run: --parallel needs a whole number from 1");
  });

  it("Job names are DNS labels", () => {
    expect(jobName("qwen3.32b_tp2-sweep")).toBe("tps-qwen3-32b-tp2-sweep");
    expect(jobName("x".repeat(64))).toHaveLength(63);
  });
});

describe("run options of a task", () => {
  it("--port auto and --runs-dir", () => {
    expect(parseRunArgs(["s", "--only", "a--b", "--runs-dir", "/t/a--b", "--port", "auto", "--resume"])).toEqual({
      study: "s",
      only: ["a--b"],
      dryRun: false,
      resume: true,
      force: false,
      port: "auto",
      runsDir: "/t/a--b"
    });
    expect(() => parseRunArgs(["s", "--port", "any"])).toThrow("--port needs a whole number from 1 to 65535");
  });
});

describe("placement", () => {
  it("names the scheduler and the job and task ids from the environment", () => {
    expect(placement({}, "gpu07")).toEqual({scheduler: "none", host: "gpu07"});
    expect(
      placement(
        {SLURM_JOB_ID: "4312", SLURM_ARRAY_JOB_ID: "4310", SLURM_ARRAY_TASK_ID: "2", CUDA_VISIBLE_DEVICES: "0,1"},
        "gpu07"
      )
    ).toEqual({
      scheduler: "slurm",
      host: "gpu07",
      job_id: "4312",
      array_job_id: "4310",
      task_id: "2",
      gpus_visible: "0,1"
    });
    expect(
      placement(
        {
          JOB_COMPLETION_INDEX: "0",
          TPS_JOB_NAME: "tps-x",
          TPS_NODE_NAME: "node-a",
          HOSTNAME: "tps-x-0-abcde",
          NVIDIA_VISIBLE_DEVICES: "GPU-1"
        },
        "tps-x-0-abcde"
      )
    ).toEqual({
      scheduler: "k8s",
      host: "node-a",
      job_id: "tps-x",
      task_id: "0",
      pod: "tps-x-0-abcde",
      gpus_visible: "GPU-1"
    });
  });
});

describe("GPUs a task asks for", () => {
  it("the most any configuration's parallelism flags need; the interference pairs get no task", () => {
    const wide = writeStudy({
      port: 8000,
      steps: [
        {
          id: "s",
          scenarios: ["tiny"],
          candidates: [
            {id: "one", server: [...FIXTURE_SERVER]},
            {id: "four", server: [...FIXTURE_SERVER, "--tensor-parallel-size", "2", "--data-parallel-size", "2"]}
          ]
        }
      ],
      plan: {interference: [{step: "s", candidate: "one"}]}
    });
    const slurm = tps(wide, "--emit", "slurm", "--tasks-dir", join(wide, "tasks"));
    expect(slurm.code).toBe(0);
    expect(slurm.stdout).toMatch(/^#SBATCH --gres=gpu:4$/m);
    expect(slurm.stdout).toMatch(/^#SBATCH --array=0-1%2$/m);
    const job = parse(tps(wide, "--emit", "k8s", "--image", "tps:1").stdout);
    expect(job.spec.template.spec.containers[0].resources).toEqual({limits: {"nvidia.com/gpu": 4}});
  });
});

describe("taskCli", () => {
  it("auto: the bundle where it is built, else the checkout's bin/tps-report.js; bundle: refused where none is built", () => {
    const root = mkdtempSync(join(tmpdir(), "tps-task-cli-"));
    try {
      expect(taskCli("auto", root)).toBe(join(root, "bin", "tps-report.js"));
      expect(taskCli("checkout", root)).toBe(join(root, "bin", "tps-report.js"));
      expect(() => taskCli("bundle", root)).toThrow(
        `--cli bundle: ${join(root, "dist-cli", "tps-report.mjs")} does not exist (npm run bundle builds it)`
      );
      mkdirSync(join(root, "dist-cli"));
      writeFileSync(join(root, "dist-cli", "tps-report.mjs"), "");
      expect(taskCli("auto", root)).toBe(join(root, "dist-cli", "tps-report.mjs"));
      expect(taskCli("bundle", root)).toBe(join(root, "dist-cli", "tps-report.mjs"));
      expect(taskCli("checkout", root)).toBe(join(root, "bin", "tps-report.js"));
      expect(taskCli("elsewhere/tps", root)).toBe(resolve("elsewhere/tps"));
    } finally {
      rmSync(root, {recursive: true, force: true});
    }
  });
});
