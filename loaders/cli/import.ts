// `tps-report import SOURCE… --into STUDY_DIR`: builds a study, or adds runs to one, from existing result files.
import {parseArgs} from "node:util";
import {constants} from "node:os";
import {ImportFailed, ImportInterrupted, importResultsUntil, type ImportSource} from "../import/index.js";
import {PlanError} from "../study/plan.js";
import {writeErrorLine} from "../files/write-error.js";
import {shellWord} from "../command/shell-quote.js";
import {planNotFolder} from "../runs/study-folder.js";
import {importWriteup, isWriteup, WriteupError} from "../import/writeup/index.js";
import {nameId} from "../import/writeup/model.js";
import {idProblem} from "../study/ids.js";
import {basename, resolve} from "node:path";
import {argsError} from "./usage.js";

const USAGE = `usage: tps-report import [--set KEY=VALUE]… SOURCE… [--set KEY=VALUE SOURCE…]… --into STUDY_DIR
       tps-report import WRITEUP --into STUDY_DIR

WRITEUP: a published optimization write-up (Markdown, or a page's plain text) whose result blocks become the runs and
whose statements (rankings, gains, the recommended command) become claims that \`tps-report check\` audits.

SOURCE: a \`vllm bench sweep serve\` experiment folder (or a folder of them), \`vllm bench serve --save-result\`
JSON files or folders of them, SGLang bench_serving --output-file JSONL, TensorRT-LLM benchmark results (trtllm-bench
reports and logs), GuideLLM benchmarks.json, AIPerf profile_export_aiperf.json, or the text logs \`tps-report parse\`
reads. Raw files are copied byte for byte; files in folders that hold no result are skipped with a note.
--set KEY=VALUE: a setting the files after it do not record (tensor_parallel_size=8, gpu=NVIDIA H100, model=…,
engine_version=0.11.0, quantization=fp8); a file that records another value is refused.`;

export async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      tokens: true,
      options: {into: {type: "string"}, set: {type: "string", multiple: true}, help: {type: "boolean", short: "h"}}
    });
  } catch (error) {
    process.stderr.write(`tps-report import: ${argsError(error, argv)}\n${USAGE}\n`);
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
  const asPlan = planNotFolder(into);
  if (asPlan) {
    process.stderr.write(`tps-report import: ${asPlan}\n${USAGE}\n`);
    return 2;
  }
  // Each --set applies to the sources after it, in command-line order.
  const sources: ImportSource[] = [];
  let set: Record<string, string> = {};
  for (const token of parsed.tokens ?? []) {
    if (token.kind === "positional") sources.push({path: token.value, set});
    else if (token.kind === "option" && token.name === "set") {
      const m = /^([A-Za-z0-9_.-]+)=(.*)$/.exec(token.value ?? "");
      if (!m) {
        // Quoted as a shell word would be: whatever the value holds, the message is one line.
        const why = /[\n\r\u2028\u2029]/.test(token.value ?? "")
          ? "a setting cannot hold a line break"
          : "expected KEY=VALUE";
        process.stderr.write(`tps-report import: --set ${shellWord(token.value ?? "", "bash")}: ${why}\n${USAGE}\n`);
        return 2;
      }
      set = {...set, [m[1]]: m[2]};
    }
  }
  // A published write-up (Markdown, or a page's text) is a study of its own: read whole, written whole.
  if (sources.length === 1 && isWriteup(sources[0].path)) {
    if (Object.keys(sources[0].set).length) {
      process.stderr.write(
        `tps-report import: --set applies to result files, not to a write-up (${sources[0].path})\n`
      );
      return 2;
    }
    return writeupImport(sources[0].path, into);
  }
  // Ctrl-C (or a SIGTERM, SIGHUP) is heard between two files read or two run folders written.
  const stop = new AbortController();
  let heard: NodeJS.Signals = "SIGINT";
  const onSignal = (name: NodeJS.Signals): void => {
    heard = name;
    stop.abort();
  };
  for (const name of SIGNALS) process.on(name, onSignal);
  let report;
  try {
    report = await importResultsUntil(sources, into, stop.signal);
    // One more turn of the event loop: a signal sent during the last step is heard here.
    await new Promise((resolve) => setImmediate(resolve));
  } catch (error) {
    if (error instanceof ImportInterrupted) {
      process.stderr.write(`tps-report import: ${interruptedLine(heard, error)}\n`);
      return 128 + constants.signals[heard];
    }
    if (error instanceof ImportFailed || error instanceof PlanError) {
      for (const line of error.message.split("\n")) process.stderr.write(`tps-report import: ${line}\n`);
      process.stderr.write("tps-report import: nothing was written\n");
      return 1;
    }
    const line = writeErrorLine(error, "import again (nothing partial is kept)");
    if (line === null) throw error;
    process.stderr.write(`tps-report import: ${line}\n`);
    return 1;
  } finally {
    for (const name of SIGNALS) process.off(name, onSignal);
  }
  const {study, created, unchanged, conflicts} = report;
  for (const path of report.removed)
    process.stderr.write(`tps-report import: removed ${path} (left by an interrupted import)\n`);
  const failed = study.runs.filter((r) => r.result.status === "failed").length;
  for (const note of report.notes) process.stderr.write(`tps-report import: note: ${note}\n`);
  const siteName = report.newStudy ? siteNameNote(into) : "";
  if (siteName) process.stderr.write(`tps-report import: ${siteName}`);
  for (const c of conflicts) process.stderr.write(`tps-report import: conflict: ${c}\n`);
  process.stdout.write(
    `${into}: ${study.candidates.length} candidates × ${study.scenarios.length} scenarios, ${study.runs.length} runs (${failed} failed); ` +
      `${created.length} written, ${unchanged.length} unchanged${conflicts.length ? `, ${conflicts.length} conflicts (nothing written)` : ""}\n` +
      (report.newStudy
        ? `next: fill in the TODO values in ${into}/study.yaml, then tps-report check ${shellWord(into, "bash")}\n`
        : "")
  );
  // A signal heard only after the last step came once everything was in place.
  if (stop.signal.aborted) {
    process.stderr.write(`tps-report import: ${heard} came after ${into} was written; the import is complete\n`);
    return 128 + constants.signals[heard];
  }
  return conflicts.length ? 1 : 0;
}

const SIGNALS: NodeJS.Signals[] = ["SIGINT", "SIGTERM", "SIGHUP"];

/** Imports one write-up: what it took from where on stdout, then the study's shape; bad input is one line. */
function writeupImport(file: string, into: string): number {
  let done;
  try {
    done = importWriteup(file, into);
  } catch (error) {
    if (error instanceof WriteupError) {
      process.stderr.write(`tps-report import: ${error.message}; nothing was written\n`);
      return 1;
    }
    const line = writeErrorLine(error, "import again (nothing partial is kept)");
    if (line === null) throw error;
    process.stderr.write(`tps-report import: ${line}\n`);
    return 1;
  }
  const {study} = done;
  process.stdout.write(done.took.map((t) => `${t}\n`).join(""));
  const candidates = study.steps.reduce((n, s) => n + s.candidates.length, 0);
  process.stdout.write(
    `${into}: ${study.steps.length} steps, ${candidates} candidates × ${study.scenarios.length} scenarios, ${done.runs} runs (${done.failed} failed${done.notRun ? `, ${done.notRun} not run` : ""}), ${study.claims.length} claims\n` +
      siteNameNote(into) +
      `next: tps-report check ${into}   (audits each claim; lists what the write-up does not say)\n`
  );
  return 0;
}

/** A line saying so where a site of several studies would refuse the study's folder name, else nothing. */
function siteNameNote(into: string): string {
  const name = basename(resolve(into));
  const problem = idProblem(name);
  return problem
    ? `note: a site of several studies (TPS_REPORT_STUDIES) takes a study's folder name as its path, and '${name}' is not one: ${problem}; '${nameId(name)}' would be\n`
    : "";
}

/** What an interrupted import did to the study: nothing, and where its temporary folders went. */
function interruptedLine(signal: NodeJS.Signals, error: ImportInterrupted): string {
  const removed = error.temp.filter((t) => t.removed).map((t) => t.path);
  const left = error.temp.filter((t) => !t.removed).map((t) => t.path);
  return (
    `interrupted (${signal}); nothing was written to ${error.studyDir}` +
    (removed.length ? `; its temporary ${removed.join(", ")} removed` : "") +
    (left.length ? `; its temporary ${left.join(", ")} is left for the next import, run or gather to remove` : "")
  );
}
