// `npm run bench:import`: importing a `vllm bench sweep serve` experiment of N result files (default 17,000) against
// the floor of reading and JSON.parse-ing the same files; writes the "Import" section of BENCHMARKS.md.
import {existsSync, mkdirSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {cpus, totalmem} from "node:os";
import {join, resolve} from "node:path";
import {fileURLToPath} from "node:url";
import {parseArgs} from "node:util";
import {writeFileAtomic} from "../loaders/export/write-atomic.js";
import {importResults} from "../loaders/import/index.js";
import {vllmResult} from "../test/support/vllm-result.js";

const REPO = resolve(fileURLToPath(new URL("..", import.meta.url)));
const SECTION = "## Import";
const {values} = parseArgs({
  options: {
    files: {type: "string", default: "17000"},
    reps: {type: "string", default: "2"},
    out: {type: "string", default: join(REPO, "BENCHMARKS.md")}
  }
});
const total = Number(values.files);
const reps = Number(values.reps);
const RUNS = 10;
const BENCH = 17;
const SERVE = Math.ceil(total / (RUNS * BENCH));
const work = join(REPO, ".bench", "import");
const exp = join(work, `sweep-${total}`);

/** The experiment folder, as the sweep lays it out; the files listed in the order import reads them. */
function writeExperiment(): string[] {
  const files: string[] = [];
  rmSync(exp, {recursive: true, force: true});
  let n = 0;
  for (let s = 0; s < SERVE && n < total; s++)
    for (let b = 0; b < BENCH && n < total; b++) {
      const serve = {max_num_seqs: 16 * (s + 1)};
      const bench = {random_input_len: 500 * (b + 1), random_output_len: 100};
      const dir = join(
        exp,
        `SERVE-max_num_seqs=${serve.max_num_seqs}-BENCH-random_input_len=${bench.random_input_len}-random_output_len=100`
      );
      mkdirSync(dir, {recursive: true});
      for (let run = 0; run < RUNS && n < total; run++, n++) {
        const result = vllmResult({
          model: "Qwen/Qwen3-8B",
          numPrompts: 200,
          inputLen: bench.random_input_len,
          outputLen: 100,
          duration: 10 + s * 0.01 + run * 0.001
        });
        const file = join(dir, `run=${run}.json`);
        writeFileSync(file, JSON.stringify({...result, run_number: run, ...serve, ...bench}, null, 4));
        files.push(file);
      }
    }
  return files;
}

function seconds(work: () => void): number {
  const start = process.hrtime.bigint();
  work();
  return Number(process.hrtime.bigint() - start) / 1e9;
}

console.error(`[bench:import] writing ${total} result files`);
const files = writeExperiment();
const floor: number[] = [];
const imports: number[] = [];
let runs = 0;
for (let i = 0; i < reps; i++) {
  floor.push(
    seconds(() => {
      for (const f of files) JSON.parse(readFileSync(f, "utf8"));
    })
  );
  const study = join(work, "study");
  rmSync(study, {recursive: true, force: true});
  imports.push(seconds(() => (runs = importResults([exp], study).created.length)));
  console.error(`[bench:import] rep ${i + 1}: floor ${floor[i].toFixed(2)} s, import ${imports[i].toFixed(2)} s`);
}
const best = (xs: number[]) => Math.min(...xs);
const ratio = best(floor) / best(imports);
const section = `${SECTION}

\`npm run bench:import\` (bench/import.ts): a \`vllm bench sweep serve\` experiment of ${files.length.toLocaleString("en")} \`run=<N>.json\`
files (${SERVE} serve × ${BENCH} bench combos × ${RUNS} runs) imported with \`importResults\` (read, parse, infer, copy, write
run.json, rename), against the floor of \`readFileSync\` + \`JSON.parse\` of the same files. Best of ${reps}; ${cpus().length} cores,
${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}.

| | seconds | files/s |
|---|---|---|
| floor: read + JSON.parse | ${best(floor).toFixed(2)} | ${Math.round(files.length / best(floor)).toLocaleString("en")} |
| tps-report import (${runs.toLocaleString("en")} runs written) | ${best(imports).toFixed(2)} | ${Math.round(files.length / best(imports)).toLocaleString("en")} |

Import runs at **${ratio.toFixed(2)}×** the floor's speed (goal ≥ 0.5×).
`;
const current = existsSync(values.out!) ? readFileSync(values.out!, "utf8") : "# Benchmarks\n";
const start = current.indexOf(`${SECTION}\n`);
const after = start < 0 ? -1 : current.indexOf("\n## ", start + SECTION.length);
writeFileAtomic(
  values.out!,
  start < 0
    ? current.trimEnd() + "\n\n" + section
    : current.slice(0, start) + section + (after < 0 ? "" : "\n" + current.slice(after + 1))
);
console.error(`[bench:import] ${ratio.toFixed(2)}× the floor`);
