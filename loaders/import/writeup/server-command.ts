// A serving command as a write-up prints it: its words, the engine it starts and the model it serves.
import {argvMeaning, programWords} from "../../command/argv-meaning.js";
import {precision, precisionOfModel} from "../records.js";

/** An engine id: vllm, sglang, trtllm, or an engine tps-report does not know by its program (`mindie serve` → mindie). */
export type EngineId = string;

export const ENGINE_NAMES: Record<string, string> = {vllm: "vLLM", sglang: "SGLang", trtllm: "TensorRT-LLM"};

/** The engine a name in the text means ("vLLM", "SGLang", "TensorRT-LLM", "TRT-LLM"), or null. */
export function engineNamed(text: string): EngineId | null {
  const t = text.toLowerCase().replace(/[\s_-]/g, "");
  if (/^vllm/.test(t)) return "vllm";
  if (/^sglang/.test(t)) return "sglang";
  if (/^(tensorrtllm|trtllm)/.test(t)) return "trtllm";
  return null;
}

/** Where the JSON object printed bare at `start` ends (its closing brace), or -1 when the text there is not one. */
function bareJsonEnd(line: string, start: number): number {
  let depth = 0;
  for (let i = start; i < line.length; i++) {
    const c = line[i];
    if (c === '"') {
      for (i++; i < line.length && line[i] !== '"'; i++) if (line[i] === "\\") i++;
    } else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) {
      try {
        JSON.parse(line.slice(start, i + 1));
        return i;
      } catch {
        return -1;
      }
    }
  }
  return -1;
}

/**
 * The words of a printed command line: quotes ('…', "…") group and are taken away, a backslash escapes the next
 * character; nothing is expanded (a write-up's `${var}` stays as printed). A JSON object printed bare as a word or an
 * option's value is kept as printed: that is the JSON its author meant (a shell would split it at its commas). Null
 * for an unbalanced quote.
 */
export function commandWords(line: string): string[] | null {
  const words: string[] = [];
  let word: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    const json: number = c === "{" && (word === null || word.endsWith("=")) ? bareJsonEnd(line, i) : -1;
    if (json >= 0) {
      word = (word ?? "") + line.slice(i, json + 1);
      i = json;
    } else if (c === " " || c === "\t") {
      if (word !== null) words.push(word);
      word = null;
    } else if (c === "'" || c === '"') {
      const end = line.indexOf(c, i + 1);
      if (end < 0) return null;
      word = (word ?? "") + line.slice(i + 1, end);
      i = end;
    } else if (c === "\\" && i + 1 < line.length) {
      word = (word ?? "") + line[i + 1];
      i++;
    } else word = (word ?? "") + c;
  }
  if (word !== null) words.push(word);
  return words;
}

/** A command's lines joined where they end in a backslash, comment lines dropped: one entry per command. */
export function commandLines(
  lines: readonly string[],
  first: number
): {text: string; line: number; comment: string | null}[] {
  const out: {text: string; line: number; comment: string | null}[] = [];
  let comment: string | null = null;
  for (let k = 0; k < lines.length; k++) {
    const text = lines[k].trim();
    if (!text) {
      comment = null;
      continue;
    }
    if (text.startsWith("#")) {
      comment = text.replace(/^#+\s*/, "");
      continue;
    }
    let joined = text;
    const line = first + k;
    while (joined.endsWith("\\") && k + 1 < lines.length)
      joined = `${joined.slice(0, -1).trimEnd()} ${lines[++k].trim()}`;
    out.push({text: joined, line, comment});
    comment = null;
  }
  return out;
}

/** The engine a command starts, from its program words: a known engine's id, else the program's own name (an
 * engine of another platform, such as MindIE on Ascend), null for no program. */
export function engineOf(argv: string[]): EngineId | null {
  const [program, sub] = programWords(argv);
  if (program === "vllm" && sub === "serve") return "vllm";
  if (program === "sglang.launch_server" || (program === "sglang" && sub === "serve")) return "sglang";
  if (program === "trtllm-serve") return "trtllm";
  if (
    !program ||
    !/^[a-z][\w.-]*$/i.test(program) ||
    /^(python3?|bash|sh|docker|export|cd|source|pip|set|echo)$/.test(program)
  )
    return null;
  return program.toLowerCase().replace(/[^a-z0-9._]+/g, "-");
}

/** Weight precision a command states: its model's name (…-FP8, …-AWQ) or a --quantization flag. */
export function commandPrecision(argv: string[], model: string | null): string | null {
  const flag = argvMeaning(argv).options.get("--quantization")?.[0];
  return precisionOfModel(model) ?? (flag ? (precision(flag) ?? flag) : null);
}

/** The server command an engine runs for a model with the given parameters (the newer dialect prints only these). */
export function serverArgv(engine: EngineId, model: string, params: string[]): string[] {
  const base: Record<string, string[]> = {
    vllm: ["vllm", "serve", model],
    sglang: ["python3", "-m", "sglang.launch_server", "--model-path", model],
    trtllm: ["trtllm-serve", model]
  };
  return [...(base[engine] ?? [engine, "serve", model]), ...params];
}
