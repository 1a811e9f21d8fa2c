// Import speed: a `vllm bench sweep serve` experiment of N result files imported with `importResults`, against two
// floors measured on the same files and the same disk: reading + JSON.parse, and creating the same run folders (a
// folder, the copied bytes and a run.json per run) with nothing else done.
import {spawnSync} from "node:child_process";
import {existsSync, mkdirSync, readFileSync, rmSync, statfsSync, writeFileSync} from "node:fs";
import {cpus, totalmem} from "node:os";
import {join} from "node:path";
import {importResults, type ImportPhases} from "../loaders/import/index.js";
import {vllmResult} from "../test/support/vllm-result.js";

export const IMPORT_SECTION = "## Import";
const RUNS = 10;
const BENCH = 17;

/** Best-of-reps seconds for one place the study is written to. */
export interface ImportTimes {
  /** Where the study was written, and that file system's type. */
  place: string;
  fs: string;
  floor_s: number;
  write_floor_s: number;
  import_s: number;
  /** Every repetition's seconds, in the order measured. */
  all: {floor: number[]; write_floor: number[]; import: number[]};
  /** Kernel CPU seconds of the fastest write floor: the file system's own work of making the folders and files. */
  write_floor_kernel_s: number;
  /** The phases of the fastest import. */
  phases: ImportPhases;
}

export interface ImportFigures {
  files: number;
  serve_combos: number;
  bench_combos: number;
  runs_per_combo: number;
  runs_written: number;
  reps: number;
  times: ImportTimes[];
  machine: string;
  measured_at: string;
}

/** The experiment folder as the sweep lays it out; the result files in the order import reads them. */
export function writeExperiment(dir: string, total: number): string[] {
  const serveCombos = Math.ceil(total / (RUNS * BENCH));
  const files: string[] = [];
  rmSync(dir, {recursive: true, force: true});
  let n = 0;
  for (let s = 0; s < serveCombos && n < total; s++)
    for (let b = 0; b < BENCH && n < total; b++) {
      const serve = {max_num_seqs: 16 * (s + 1)};
      const bench = {random_input_len: 500 * (b + 1), random_output_len: 100};
      const combo = join(
        dir,
        `SERVE-max_num_seqs=${serve.max_num_seqs}-BENCH-random_input_len=${bench.random_input_len}-random_output_len=100`
      );
      mkdirSync(combo, {recursive: true});
      for (let run = 0; run < RUNS && n < total; run++, n++) {
        const result = vllmResult({
          model: "Qwen/Qwen3-8B",
          numPrompts: 200,
          inputLen: bench.random_input_len,
          outputLen: 100,
          duration: 10 + s * 0.01 + run * 0.001
        });
        const file = join(combo, `run=${run}.json`);
        writeFileSync(file, JSON.stringify({...result, run_number: run, ...serve, ...bench}, null, 4));
        files.push(file);
      }
    }
  return files.sort();
}

function seconds(work: () => void): number {
  const start = process.hrtime.bigint();
  work();
  return Number(process.hrtime.bigint() - start) / 1e9;
}

/** Flushes what the last timing wrote, so its disk work is not timed with what follows. */
const flush = (): void => void spawnSync("sync");

/** The run folders import writes, made with nothing else: one folder, the result's bytes and a small run.json each. */
function writeFloor(dir: string, bytes: Buffer[], runJson: string): void {
  mkdirSync(join(dir, "runs"), {recursive: true});
  bytes.forEach((b, i) => {
    const run = join(dir, "runs", `run-${i}`);
    mkdirSync(run);
    writeFileSync(join(run, "result.json"), b);
    writeFileSync(join(run, "run.json"), runJson);
  });
}

const FS_TYPES: Record<number, string> = {0xef53: "ext4", 0x01021994: "tmpfs", 0x9123683e: "btrfs", 0x58465342: "xfs"};

function fsType(dir: string): string {
  const type = statfsSync(dir).type;
  return FS_TYPES[type] ?? `type 0x${type.toString(16)}`;
}

/** One step of a place's measurement, in the order `importSchedule` gives them. */
export type ImportStep =
  | {kind: "warm up"; dir: string}
  | {kind: "read"}
  | {kind: "write floor"; dir: string}
  | {kind: "import"; dir: string}
  | {kind: "remove"; dirs: string[]};

const TIMINGS = ["read", "write floor", "import"] as const;

/**
 * An untimed import first (ext4 without a journal searches past inodes freed in the last half minute before reusing
 * one, so it fills the holes of earlier removals), then each rep's three timings in a rotated order, each into a
 * folder of its own; nothing is removed until the last timing is done.
 */
export function importSchedule(out: string, reps: number): ImportStep[] {
  const steps: ImportStep[] = [{kind: "warm up", dir: join(out, "warm-up")}];
  for (let i = 0; i < reps; i++)
    for (let k = 0; k < TIMINGS.length; k++) {
      const kind = TIMINGS[(i + k) % TIMINGS.length];
      if (kind === "read") steps.push({kind});
      else steps.push({kind, dir: join(out, `${kind === "import" ? "study" : "write-floor"}-${i + 1}`)});
    }
  steps.push({kind: "remove", dirs: steps.flatMap((s) => ("dir" in s ? [s.dir] : []))});
  return steps;
}

/** The three timings of every rep at one place, run as `importSchedule` orders them. */
function timeAt(place: string, out: string, files: string[], experiment: string, reps: number, log: Log) {
  const bytes = files.map((f) => readFileSync(f));
  const floor: number[] = [];
  const writes: number[] = [];
  const kernel: number[] = [];
  const imports: {s: number; phases: ImportPhases}[] = [];
  let runsWritten = 0;
  let runJson = "";
  for (const step of importSchedule(out, reps)) {
    if (step.kind === "warm up") {
      // The floor writes a run.json as long as import's: taken from this first, untimed import.
      const first = importResults([experiment], step.dir);
      runsWritten = first.created.length;
      runJson = readFileSync(join(step.dir, "runs", first.created[0], "run.json"), "utf8");
      flush();
    } else if (step.kind === "read")
      floor.push(seconds(() => files.forEach((f) => JSON.parse(readFileSync(f, "utf8")))));
    else if (step.kind === "write floor") {
      const cpu = process.cpuUsage();
      writes.push(seconds(() => writeFloor(step.dir, bytes, runJson)));
      kernel.push(process.cpuUsage(cpu).system / 1e6);
      flush();
    } else if (step.kind === "import") {
      const phases: ImportPhases = {read: 0, infer: 0, plan: 0, write: 0};
      imports.push({s: seconds(() => importResults([experiment], step.dir, {phases})), phases});
      flush();
    } else for (const dir of step.dirs) rmSync(dir, {recursive: true, force: true});
    if (
      step.kind !== "warm up" &&
      step.kind !== "remove" &&
      imports.length === floor.length &&
      floor.length === writes.length
    ) {
      const i = floor.length - 1;
      log(
        `import (${place}): rep ${i + 1}: read+parse ${floor[i].toFixed(2)} s, write floor ${writes[i].toFixed(2)} s, import ${imports[i].s.toFixed(2)} s`
      );
    }
  }
  const fastest = imports.reduce((a, b) => (b.s < a.s ? b : a));
  const times: ImportTimes = {
    place,
    fs: fsType(out),
    floor_s: Math.min(...floor),
    write_floor_s: Math.min(...writes),
    write_floor_kernel_s: kernel[writes.indexOf(Math.min(...writes))],
    import_s: fastest.s,
    all: {floor, write_floor: writes, import: imports.map((i) => i.s)},
    phases: fastest.phases
  };
  return {times, runsWritten};
}

type Log = (line: string) => void;

/**
 * Imports into the repository's disk (`work`) and, where the machine has one, into memory (/dev/shm): the second
 * measures tps-report's own work without the file system's cost of making thousands of folders.
 */
export function measureImport(work: string, total: number, reps: number, log: Log): ImportFigures {
  const experiment = join(work, `sweep-${total}`);
  log(`import: writing ${total} result files`);
  const files = writeExperiment(experiment, total);
  const places: [string, string][] = [["repository disk", join(work, "out")]];
  if (existsSync("/dev/shm")) places.push(["memory", join("/dev/shm", `tps-report-bench-${process.pid}`)]);
  const times: ImportTimes[] = [];
  let runsWritten = 0;
  for (const [place, out] of places) {
    mkdirSync(out, {recursive: true});
    try {
      const measured = timeAt(place, out, files, experiment, reps, log);
      times.push(measured.times);
      runsWritten = measured.runsWritten;
    } finally {
      rmSync(out, {recursive: true, force: true});
    }
  }
  return {
    files: files.length,
    serve_combos: Math.ceil(total / (RUNS * BENCH)),
    bench_combos: BENCH,
    runs_per_combo: RUNS,
    runs_written: runsWritten,
    reps,
    times,
    machine: `${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`,
    measured_at: new Date().toISOString()
  };
}

export function renderImportSection(f: ImportFigures): string {
  const rate = (s: number) => Math.round(f.files / s).toLocaleString("en");
  const range = (xs: number[]) => ` (${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)})`;
  const row = (what: string, pick: (t: ImportTimes) => number, all?: (t: ImportTimes) => number[]) =>
    `| ${what} | ${f.times.map((t) => `${pick(t).toFixed(2)}${all ? range(all(t)) : ""} | ${all ? rate(pick(t)) : ""}`).join(" | ")} |`;
  const own = (t: ImportTimes) => t.phases.read + t.phases.infer + t.phases.plan;
  // Issue 26's goal: import at ≥ 0.5× the speed of both floors together (read + parse, then make the folders).
  const verdicts = f.times.map((t) => {
    const ratio = (t.floor_s + t.write_floor_s) / t.import_s;
    return (
      `- **${t.place}** (${t.fs}): import runs at **${ratio.toFixed(2)}×** the speed of both floors together (goal ≥ 0.5×: ` +
      `${ratio >= 0.5 ? "met" : "not met"}): ${t.import_s.toFixed(2)} s against ${t.floor_s.toFixed(2)} + ` +
      `${t.write_floor_s.toFixed(2)} s. Import's reading, parsing, hashing, inference and plan take ${own(t).toFixed(2)} s ` +
      `and its writing ${t.phases.write.toFixed(2)} s (making the folders alone: ${t.write_floor_s.toFixed(2)} s). ` +
      `Import runs at ${(t.floor_s / t.import_s).toFixed(2)}× the read + parse floor's speed.`
    );
  });
  return `${IMPORT_SECTION}

\`npm run bench\` (and \`npm run bench:import\` alone; bench/import-speed.ts): a \`vllm bench sweep serve\` experiment of
${f.files.toLocaleString("en")} \`run=<N>.json\` files (${f.serve_combos} serve × ${f.bench_combos} bench combos × ${f.runs_per_combo} runs) imported with
\`importResults\` into a new study, against two floors on the same files: reading and \`JSON.parse\`-ing them, and
making the run folders import makes (a folder, the copied result and a run.json per run) with nothing else done; the
goal (issue 26) is import at ≥ 0.5× the speed of both together. Measured where the study is written to the
repository's disk and, to see tps-report's own work without the file system's, in memory (tmpfs). An untimed import
comes first; then each write goes into a folder of its own, after \`sync\`, and nothing is removed until the last
timing is done: ext4 without a journal (this disk) searches past every inode freed in the last half minute before it
reuses one, which made files written just after a removal cost 5–20× as much (other processes' removals on the same
disk still do). The three timings rotate their order each repetition. Seconds are the best of ${f.reps} (in brackets:
fastest–slowest), import's parts those of its fastest run; ${f.machine}; ${f.measured_at.slice(0, 10)}.

| | ${f.times.map((t) => `${t.place}: seconds | files/s`).join(" | ")} |
|---|${f.times.map(() => "---|---|").join("")}
${row(
  "floor: read + JSON.parse",
  (t) => t.floor_s,
  (t) => t.all.floor
)}
${row(
  "floor: make the run folders only",
  (t) => t.write_floor_s,
  (t) => t.all.write_floor
)}
${row("— of which kernel CPU time", (t) => t.write_floor_kernel_s)}
${row(
  `tps-report import (${f.runs_written.toLocaleString("en")} runs)`,
  (t) => t.import_s,
  (t) => t.all.import
)}
${row("— read, parse, hash", (t) => t.phases.read)}
${row("— infer the plan", (t) => t.phases.infer)}
${row("— write and check the plan", (t) => t.phases.plan)}
${row("— write the study", (t) => t.phases.write)}

${verdicts.join("\n")}
`;
}
