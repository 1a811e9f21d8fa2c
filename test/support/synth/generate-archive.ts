// CLI: tsx test/support/synth/generate-archive.ts --scale 10 --out .bench/archive-10x [--seed tps-report] [--jobs 2]
import {availableParallelism} from "node:os";
import {fileURLToPath} from "node:url";
import {parseArgs} from "node:util";
import {writeArchive, writeRunsShare} from "./write-archive.js";

const entry = fileURLToPath(import.meta.url);

async function main(argv: string[]): Promise<void> {
  if (argv[0] === "--worker") {
    const [dir, scale, seed, worker, jobs] = argv.slice(1);
    const bytes = writeRunsShare(dir, Number(scale), seed, Number(worker), Number(jobs));
    process.send?.({bytes});
    return;
  }
  const {values} = parseArgs({
    args: argv,
    options: {
      scale: {type: "string"},
      out: {type: "string"},
      seed: {type: "string", default: "tps-report"},
      jobs: {type: "string", default: String(Math.min(4, availableParallelism()))}
    }
  });
  const scale = Number(values.scale);
  if (!values.out || !Number.isInteger(scale) || scale < 1)
    throw new Error("usage: generate-archive.ts --scale <k ≥ 1> --out <dir> [--seed <text>] [--jobs <n>]");
  const manifest = await writeArchive(values.out, {
    scale,
    seed: values.seed!,
    jobs: Math.max(1, Number(values.jobs)),
    entry,
    log: (line) => console.error(line)
  });
  console.log(
    `${values.out}: ${manifest.runs} runs (${manifest.detailed_runs} with detailed JSON), ${(manifest.bytes / 1e6).toFixed(1)} MB in ${manifest.seconds.toFixed(1)} s`
  );
}

await main(process.argv.slice(2));
