// Studies for a site of many studies: the seed and three imports of one `vllm bench sweep serve` layout, run a week
// apart (a series for a trend), with a comparison of the first two declared in the site file and one of the last two
// declared in the third study's plan.
import {mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {importResults} from "../../loaders/import/index.js";
import {writeSweepExperiment} from "./sweep-experiment.js";

export const SEED = "data/studies/qwen3-32b-a100";
export const SWEEPS = ["sweep-2026-01-01", "sweep-2026-01-08", "sweep-2026-01-15"];

/** Writes the imported studies under root and the site file; returns the study folders (seed first) and the file. */
export function writeStudiesSite(root: string): {studies: string[]; siteFile: string} {
  rmSync(root, {recursive: true, force: true});
  mkdirSync(root, {recursive: true});
  const studies = [SEED];
  SWEEPS.forEach((name, i) => {
    const results = join(root, "results", name);
    writeSweepExperiment(results);
    const dir = join(root, "studies", name);
    // The GPU and vLLM's version as `--set` gives them: the version moves on each week.
    importResults([{path: results, set: {gpu: "h100-sxm", engine_version: `v0.11.${i}`}}], dir);
    // The sweep's result files carry no start time the import reads: each study is dated by its name.
    for (const run of readdirSync(join(dir, "runs"))) {
      const file = join(dir, "runs", run, "run.json");
      const meta = JSON.parse(readFileSync(file, "utf8"));
      meta.started_at = `${name.slice("sweep-".length)}T02:00:00Z`;
      writeFileSync(file, JSON.stringify(meta, null, 2) + "\n");
    }
    // The third week's plan declares its own comparison, against the second week.
    if (i === 2)
      writeFileSync(
        join(dir, "study.yaml"),
        readFileSync(join(dir, "study.yaml"), "utf8") + `comparisons:\n  - {base: ${SWEEPS[1]}}\n`
      );
    studies.push(dir);
  });
  const siteFile = join(root, "site.yaml");
  writeFileSync(siteFile, `comparisons:\n  - {base: ${SWEEPS[0]}, new: ${SWEEPS[1]}, threshold: 5%}\n`);
  return {studies, siteFile};
}
