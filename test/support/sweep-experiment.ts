// A `vllm bench sweep serve` experiment folder built from its documented layout (issue 12; vllm-project/vllm
// vllm/benchmarks/sweep/serve.py @ 4fa9174d): SERVE-<combo>-BENCH-<combo>/run=<N>.json holding the result JSON with
// the serve and bench overrides and run_number merged in (json.dump indent=4, N from 0), run=<N>.failure.json,
// summary.json, warmup.json, SERVE-<combo>-failure.json for a server that never came up, and summary.csv.
import {mkdirSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {vllmResult} from "./vllm-result.js";

export const MODEL = "Qwen/Qwen3-8B";
export const SERVE = [{max_num_seqs: 64}, {max_num_seqs: 128}, {max_num_seqs: 256}];
export const NEVER_UP = {max_num_seqs: 512};
export const BENCH = [
  {random_input_len: 2000, random_output_len: 100},
  {random_input_len: 4000, random_output_len: 200}
];
export const RUNS = 3;
/** The one failed run: max_num_seqs=256 on the 4000/200 workload, run=1. */
export const FAILED = {serve: 2, bench: 1, run: 1};

const text = (o: Record<string, unknown>) =>
  Object.entries(o)
    .map(([k, v]) => `${k}=${v}`)
    .join("-");

/** Duration of one run: larger batches help the long workload most; repeats differ a little. */
export function duration(serve: number, bench: number, run: number): number {
  const base = [
    [10, 20],
    [9.5, 14],
    [9, 19]
  ][serve][bench];
  return base * (1 + 0.01 * (run - 1));
}

export function writeSweepExperiment(dir: string, {doubleDash = false, runs = RUNS} = {}): void {
  mkdirSync(dir, {recursive: true});
  const sep = doubleDash ? "--" : "-";
  const all: unknown[] = [];
  SERVE.forEach((serve, si) =>
    BENCH.forEach((bench, bi) => {
      const combo = join(dir, `SERVE${sep}${text(serve)}-BENCH${sep}${text(bench)}`);
      mkdirSync(combo);
      const comb: unknown[] = [];
      writeFileSync(join(combo, "warmup.json"), JSON.stringify({completed: 1, duration: 0.5}, null, 4));
      for (let run = 0; run < runs; run++) {
        if (si === FAILED.serve && bi === FAILED.bench && run === FAILED.run) {
          const failure = {
            run_number: run,
            error_type: "RuntimeError",
            error: "Server process exited with code -9 during the benchmark",
            serve_overrides: serve,
            bench_overrides: bench
          };
          writeFileSync(join(combo, `run=${run}.failure.json`), JSON.stringify(failure, null, 4));
          continue;
        }
        const result = vllmResult({
          model: MODEL,
          numPrompts: 100,
          inputLen: bench.random_input_len,
          outputLen: bench.random_output_len,
          duration: duration(si, bi, run)
        });
        const data = {...result, run_number: run, ...serve, ...bench};
        comb.push(data);
        writeFileSync(join(combo, `run=${run}.json`), JSON.stringify(data, null, 4));
      }
      writeFileSync(join(combo, "summary.json"), JSON.stringify(comb, null, 4));
      all.push(...comb);
    })
  );
  writeFileSync(
    join(dir, `SERVE${sep}${text(NEVER_UP)}-failure.json`),
    JSON.stringify(
      {error_type: "TimeoutError", error: "Server did not become ready within 600 s", serve_overrides: NEVER_UP},
      null,
      4
    )
  );
  writeFileSync(join(dir, "summary.csv"), `,run_number,max_num_seqs\n${all.map((_, i) => `${i},0,64`).join("\n")}\n`);
}

/** Six `--save-result` JSONs of a --max-num-seqs sweep over two random workloads, settings in --metadata keys. */
export function writeSaveResults(dir: string): string[] {
  mkdirSync(dir, {recursive: true});
  const files: string[] = [];
  SERVE.forEach((serve, si) =>
    BENCH.forEach((bench, bi) => {
      const metadata = Object.fromEntries(Object.entries({...serve, ...bench}).map(([k, v]) => [k, String(v)]));
      const result = vllmResult({
        model: MODEL,
        numPrompts: 100,
        inputLen: bench.random_input_len,
        outputLen: bench.random_output_len,
        duration: duration(si, bi, 1),
        metadata,
        date: `2026010${si + 1}-12000${bi}`
      });
      const file = join(dir, `vllm-infqps-Qwen3-8B-2026010${si + 1}-12000${bi}.json`);
      writeFileSync(file, JSON.stringify(result).replaceAll('":', '": ').replaceAll(',"', ', "'));
      files.push(file);
    })
  );
  return files;
}
