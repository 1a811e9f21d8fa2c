// The model a server command serves, read only from where each engine takes it: `vllm serve <model>`,
// `trtllm-serve [serve] <model>`, and --model / --model-path (vLLM, SGLang, any server that names it so).
import {argvMeaning, programWords} from "./argv-meaning.js";

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

/** The model a command serves, as the engine reads it; another engine's `PROGRAM serve MODEL` names it so too. */
export function commandModel(argv: string[]): string | null {
  const known = servedModel(argv);
  if (known) return known;
  const words = programWords(argv);
  const at = words.indexOf("serve");
  return at === 1 && words[2] && !words[2].startsWith("-") ? words[2] : null;
}

const isHubId = (model: string): boolean => /^[\w.-]+\/[\w.-]+$/.test(model);
const lastName = (path: string): string => path.replace(/\/+$/, "").split("/").pop() ?? "";

/** Where one command serves a Hugging Face id (`Qwen/Qwen3-32B`) and the other a folder of that name
 * (`/models/Qwen3-32B`, `Qwen3-32B`): the id and the folder, else null. */
export function modelAsFolder(a: string[], b: string[]): {id: string; folder: string} | null {
  const [x, y] = [commandModel(a), commandModel(b)];
  if (!x || !y || x === y) return null;
  for (const [id, folder] of [
    [x, y],
    [y, x]
  ])
    if (isHubId(id) && !isHubId(folder) && lastName(folder) === lastName(id)) return {id, folder};
  return null;
}
