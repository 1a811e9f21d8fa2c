// Commands as the pages show them: the plan's placeholders resolved to the values a run would use, so a copy-paste
// runs, with a note saying which of those values belong to the machine rather than to the configuration.
import {fillPlaceholders} from "../command/argv.js";
import {liveSettings} from "../command/settings.js";
import type {Text} from "../text.js";
import type {StudyPlan} from "../study/plan.js";
import {shellCommand} from "../runs/rows.js";

const MACHINE = /\{(host|port|base_url)\}/;

/** argv with {host}, {port} and {base_url} as the plan's serve settings, {model} as `model`, {run_dir} as runs/<run-id>. */
export function shownArgv(plan: StudyPlan, argv: string[], model = plan.model.name): string[] {
  const {host, port} = liveSettings(plan);
  return fillPlaceholders(
    argv.map((arg) => arg.replaceAll("{model}", model)),
    {host, port, run_dir: "runs/<run-id>"}
  );
}

export function shownCommand(plan: StudyPlan, argv: string[], model?: string): string {
  return shellCommand(shownArgv(plan, argv, model));
}

/** Says which shown values depend on the machine; null when no command of the plan leaves any to it. */
export function machineNote(plan: StudyPlan): Text | null {
  const argvs = [plan.client.argv, ...plan.steps.flatMap((s) => s.candidates.map((c) => c.server))];
  if (!argvs.some((argv) => argv.some((arg) => MACHINE.test(arg)))) return null;
  const {host, port} = liveSettings(plan);
  return {
    en: `The commands show port ${port} and host ${host}, the plan's serve settings; they depend on the machine (tps-report run --port picks another), and each run's page shows the command exactly as it ran.`,
    tr: `Komutlar planın serve ayarlarındaki ${port} portunu ve ${host} adresini gösterir; bu değerler makineye bağlıdır (tps-report run --port başka bir port seçer), her koşunun sayfası komutu tam çalıştığı gibi gösterir.`
  };
}
