// The model a server command serves, read only from where each engine takes it: `vllm serve <model>`,
// `trtllm-serve [serve] <model>`, and --model / --model-path (vLLM, SGLang, any server that names it so).
import {argvMeaning} from "./argv-meaning.js";

/** Engines that take the model as the first word after their (sub)command. */
const POSITIONAL: Record<string, string[]> = {
  vllm: ["serve"],
  "trtllm-serve": ["serve", ""]
};

/** The served model, or null when the command does not say it where an engine would read it. */
export function servedModel(argv: string[]): string | null {
  const {command, options} = argvMeaning(argv);
  for (const flag of ["--model", "--model-path"]) {
    const value = options.get(flag)?.[0];
    if (value) return value;
  }
  const subcommands = POSITIONAL[command[0] ?? ""];
  if (!subcommands) return null;
  for (const sub of subcommands) {
    const at = sub ? command.indexOf(sub, 1) : 1;
    if (at < 0) continue;
    const model = command[sub ? at + 1 : at];
    if (model && (sub || !subcommands.includes(model))) return model;
  }
  return null;
}
