// The commands a study runs, in order, as shell lines: what --dry-run prints and how a reader reproduces the study.
import type {StudyPlan} from "../study/plan.js";
import {gpuNeed} from "../study/gpu-need.js";
import {clientArgv, runDirOf, serverArgv} from "../command/argv.js";
import {shellLine} from "../command/shell-quote.js";
import {visibleControls} from "../text.js";
import type {PlannedRun} from "./selection.js";
import {groupByServer} from "./selection.js";
import type {LiveSettings} from "../command/settings.js";

/** A comment line of a shell listing: plan text whose line breaks would end the comment, made visible. */
export const commentLine = visibleControls;

export function dryRunScript(
  plan: StudyPlan,
  runs: PlannedRun[],
  settings: LiveSettings,
  options: {parallel?: boolean} = {}
): string {
  const groups = groupByServer(runs);
  const base = `http://${settings.host}:${settings.port}`;
  const lines = [
    `# Study ${plan.id}: ${runs.length} run${runs.length === 1 ? "" : "s"} on ${groups.length} server configuration${groups.length === 1 ? "" : "s"}, in this order (dry run: nothing was started).`,
    `# Start each server, wait until GET ${base}${settings.readyPath} (or ${base}/v1/models) answers 200 (at most ${settings.readyTimeoutS} s),`,
    `# run its benchmarks one after the other (each at most ${settings.benchTimeoutS} s), then stop the server`,
    `# (SIGTERM, SIGKILL after ${settings.stopGraceS} s) and wait until port ${settings.port} is free before the next one.`
  ];
  if (options.parallel)
    lines.push(
      `# --parallel: servers run side by side instead, each on the GPUs it needs (CUDA_VISIBLE_DEVICES) and a free port of`,
      `# its own (the port below stands for it), packed onto this host's GPUs in this order as GPUs come free.`
    );
  let index = 0;
  groups.forEach((group, g) => {
    const engine = plan.engines[group.candidate.engine]?.name ?? group.candidate.engine;
    const need = gpuNeed(group.candidate, plan.hardware.count);
    const gpus = "problem" in need ? need.problem : `${need.count} GPU${need.count === 1 ? "" : "s"} (${need.stated})`;
    lines.push("", `# [server ${g + 1}/${groups.length}] ${group.key} — ${group.candidate.label} (${engine}); ${gpus}`);
    lines.push(shellLine(serverArgv(group.candidate, settings), "bash"));
    for (const run of group.runs) {
      index += 1;
      lines.push(`#   [run ${index}/${runs.length}] ${run.run}`);
      lines.push(
        shellLine(clientArgv(plan, run.candidate, run.scenario, settings, runDirOf(plan, run.run), run.repeat), "bash")
      );
    }
    lines.push(`#   stop the server of ${group.key}`);
  });
  // Commands are bash words, a line break written as $'\n' (the listing is piped into bash); comments carry plan
  // text, so each is kept on its line.
  return lines.map((line) => (line.startsWith("#") ? commentLine(line) : line)).join("\n") + "\n";
}
