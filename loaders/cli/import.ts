// `tps-report import SOURCE… --into STUDY_DIR`: builds a study, or adds runs to one, from existing result files.
import {parseArgs} from "node:util";
import {ImportFailed, importResults} from "../import/index.js";
import {PlanError} from "../study/plan.js";
import {writeErrorLine} from "../files/write-error.js";

const USAGE = `usage: tps-report import SOURCE… --into STUDY_DIR

SOURCE: a \`vllm bench sweep serve\` experiment folder (or a folder of them), \`vllm bench serve --save-result\`
JSON files or folders of them (--metadata keys name server settings), SGLang bench_serving --output-file JSONL,
TensorRT-LLM benchmark results, or the text logs \`tps-report parse\` reads. Raw files are copied byte for byte.`;

export async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {into: {type: "string"}, help: {type: "boolean", short: "h"}}
    });
  } catch (error) {
    process.stderr.write(`tps-report import: ${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  if (parsed.values.help) {
    process.stdout.write(USAGE + "\n");
    return 0;
  }
  const into = parsed.values.into;
  if (!into || !parsed.positionals.length) {
    process.stderr.write(`tps-report import: ${into ? "no SOURCE given" : "--into STUDY_DIR is required"}\n${USAGE}\n`);
    return 2;
  }
  let report;
  try {
    report = importResults(parsed.positionals, into);
  } catch (error) {
    if (error instanceof ImportFailed || error instanceof PlanError) {
      for (const line of error.message.split("\n")) process.stderr.write(`tps-report import: ${line}\n`);
      process.stderr.write("tps-report import: nothing was written\n");
      return 1;
    }
    const line = writeErrorLine(error, "import again (nothing partial is kept)");
    if (line === null) throw error;
    process.stderr.write(`tps-report import: ${line}\n`);
    return 1;
  }
  const {study, created, unchanged, conflicts} = report;
  for (const path of report.removed)
    process.stderr.write(`tps-report import: removed ${path} (left by an interrupted import)\n`);
  const failed = study.runs.filter((r) => r.result.status === "failed").length;
  for (const c of conflicts) process.stderr.write(`tps-report import: conflict: ${c}\n`);
  process.stdout.write(
    `${into}: ${study.candidates.length} candidates × ${study.scenarios.length} scenarios, ${study.runs.length} runs (${failed} failed); ` +
      `${created.length} written, ${unchanged.length} unchanged${conflicts.length ? `, ${conflicts.length} conflicts (nothing written)` : ""}\n` +
      (report.newStudy ? `next: fill in the TODO values in ${into}/study.yaml, then tps-report check ${into}\n` : "")
  );
  return conflicts.length ? 1 : 0;
}
