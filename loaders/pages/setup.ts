// The setup page's data: the study, each scenario's benchmark commands with the runs that used them, every server command.
import type {Report, StudyInfo} from "../analysis/report.js";
import type {RunRow} from "../runs/rows.js";
import type {Text} from "../text.js";

/** Every distinct benchmark command of each scenario (plan order), with its runs in archive order. */
export function benchCommandGroups(report: Report, rows: readonly RunRow[]): BenchCommandGroup[] {
  return report.study.scenarios.flatMap((scenario) => {
    const commands = new Map<string, string[]>();
    for (const row of rows.filter((r) => r.scenario === scenario.id)) {
      const runs = commands.get(row.bench_command);
      if (runs) runs.push(row.run);
      else commands.set(row.bench_command, [row.run]);
    }
    return [...commands].map(([command, runs]) => ({scenario: scenario.id, command, runs}));
  });
}

export function setupPage(report: Report, rows: readonly RunRow[]): SetupPage {
  return {
    study: report.study,
    bench_commands: benchCommandGroups(report, rows),
    steps: report.steps.map((s) => ({
      id: s.id,
      title: s.title,
      candidates: s.candidates.map((c) => ({id: c.id, label: c.label, server_command: c.server_command}))
    }))
  };
}

/** One benchmark command of a scenario and the runs that used it. */
export interface BenchCommandGroup {
  scenario: string;
  command: string;
  runs: string[];
}
/** A step's candidates with the commands their servers were started with. */
export interface StepCommands {
  id: string;
  title: Text;
  candidates: {id: string; label: string; server_command: string}[];
}
/** The setup page: the study, the benchmark commands by scenario and every server command. */
export interface SetupPage {
  study: StudyInfo;
  bench_commands: BenchCommandGroup[];
  steps: StepCommands[];
}
