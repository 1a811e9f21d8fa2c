// The setup page's data: the study, each scenario's benchmark commands with the runs that used them, every server command.
import type {BenchCommandGroup, Report, RunRow, SetupPage} from "../report-types.js";

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
