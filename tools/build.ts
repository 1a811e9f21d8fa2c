// `npm run build`: Framework's build, then the pages Framework is not given: in an archive laid out in run sets, each
// run's own page (src/render/run-details.ts). Arguments go to `observable build`.
import {spawnSync} from "node:child_process";
import {join, resolve} from "node:path";
import {studyDir} from "../loaders/analysis/report.js";
import {writeRunDetails} from "../src/render/run-details.js";

const root = resolve(import.meta.dirname, "..");
const framework = join(root, "node_modules/@observablehq/framework/dist/bin/observable.js");

/** `observable build` in the repository root, then the run pages; the exit status of whichever failed. */
export async function buildReport(args: readonly string[] = []): Promise<number> {
  const build = spawnSync(process.execPath, [framework, "build", ...args], {cwd: root, stdio: "inherit"});
  if (build.status !== 0) return build.status ?? 1;
  const output = resolve(root, process.env.TPS_REPORT_OUTPUT ?? "dist");
  try {
    const written = await writeRunDetails(resolve(root, studyDir()), output);
    if (written) process.stdout.write(`${written} run pages written under ${output}/runs/detail and tr/runs/detail\n`);
    return 0;
  } catch (error) {
    process.stderr.write(`build: ${(error as Error).message.split("\n")[0]}\n`);
    return 1;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename))
  process.exit(await buildReport(process.argv.slice(2)));
