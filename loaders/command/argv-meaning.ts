// Compares two recorded commands by what they mean, not how they are spelled: the program they start (whatever its
// install path), and each option with its values, in any order and in any of argparse's spellings.
import {PARALLEL_FLAGS} from "../study/gpu-need.js";

/** One command read as argparse would: the words before the first option, then each option's values. */
export interface ArgvMeaning {
  /** The program and its subcommands, with install paths and interpreter prefixes taken away. */
  command: string[];
  /** Option name (dashes, as `--max-num-tokens`) → its values; a repeated option keeps its last values. */
  options: Map<string, string[]>;
}

export interface CompareOptions {
  /** Options one side may carry and the other not, or with other values: what a runner adds itself. */
  ignore?: readonly string[];
}

/** Options the live runner adds to every benchmark command: where the server is and where the result goes. */
export const RUNNER_BENCH_OPTIONS = [
  "--host",
  "--port",
  "--base-url",
  "--num-warmups",
  "--save-result",
  "--result-dir",
  "--result-filename"
] as const;

/** Options that say where a server listens: not its configuration. */
export const SERVER_ADDRESS_OPTIONS = ["--host", "--port"] as const;

/** Options that say where results, logs and labels go, or where the server is: not what is measured. */
export const OUTPUT_BENCH_OPTIONS = [
  ...RUNNER_BENCH_OPTIONS,
  "--save-detailed",
  "--append-result",
  "--output-file",
  "--output-details",
  "--metadata",
  "--label",
  "--disable-tqdm"
] as const;

const isOption = (arg: string): boolean => /^--?[A-Za-z]/.test(arg);
const baseName = (word: string): string => word.slice(word.lastIndexOf("/") + 1);

/** The program a command's words start: `/usr/bin/node /x/bin/tps-report.js bench` is `tps-report bench`. */
export function programWords(words: string[]): string[] {
  let rest = words;
  // Leading VAR=value assignments (an `env` prefix) set the environment, not the program.
  while (rest.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(rest[0])) rest = rest.slice(1);
  if (rest[0] && baseName(rest[0]) === "env") return programWords(rest.slice(1));
  if (!rest.length) return [];
  const first = baseName(rest[0]);
  if (/^(node|nodejs)$/.test(first) && rest[1]) {
    const script = baseName(rest[1]).replace(/\.(m?js|ts)$/, "");
    return [script, ...rest.slice(2)];
  }
  if (/^python[0-9.]*$/.test(first) && rest[1] === "-m" && rest[2]) return [rest[2], ...rest.slice(3)];
  return [first.replace(/\.(m?js|ts)$/, ""), ...rest.slice(1)];
}

/** A value as its meaning: numbers in one spelling (`1.0` is `1`), JSON objects with their keys sorted. */
export function valueMeaning(value: string): string {
  const trimmed = value.trim();
  if (/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(trimmed)) return String(Number(trimmed));
  if (/^[{[]/.test(trimmed)) {
    try {
      return JSON.stringify(sorted(JSON.parse(trimmed)));
    } catch {
      return value;
    }
  }
  return value;
}

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sorted((value as Record<string, unknown>)[key])])
    );
  return value;
}

/** Option name in one spelling: argparse (vLLM's FlexibleArgumentParser) reads `--max_num_tokens` as `--max-num-tokens`. */
const optionName = (name: string): string => name.replace(/_/g, "-");

/** A command's words before its first option, then each option as written: its name in one spelling and its words
 * (the flag and the values after it). */
function splitCommand(argv: string[]): {words: string[]; options: {name: string; written: string[]}[]} {
  // `python3 -m sglang.launch_server …`: the module is the program, not an option's value.
  const module = /^python[0-9.]*$/.test(baseName(argv[0] ?? "")) && argv[1] === "-m" ? 3 : 0;
  const found = argv.slice(module).findIndex(isOption);
  const first = found < 0 ? -1 : found + module;
  const options: {name: string; written: string[]}[] = [];
  for (const arg of first < 0 ? [] : argv.slice(first)) {
    if (isOption(arg) && !/^-\d/.test(arg)) {
      const eq = arg.indexOf("=");
      options.push({name: optionName(eq > 0 ? arg.slice(0, eq) : arg), written: [arg]});
    } else options.at(-1)?.written.push(arg);
  }
  return {words: first < 0 ? argv : argv.slice(0, first), options};
}

export function argvMeaning(argv: string[]): ArgvMeaning {
  const split = splitCommand(argv);
  const options = new Map<string, string[]>();
  for (const {name, written} of split.options) {
    const [flag, ...values] = written;
    const eq = flag.indexOf("=");
    options.set(name, [...(eq > 0 ? [flag.slice(eq + 1)] : []), ...values].map(valueMeaning));
  }
  const command = programWords(split.words);
  const aliases = ALIASES[command[0] ?? ""];
  if (aliases)
    for (const [alias, name] of Object.entries(aliases))
      if (options.has(alias) && !options.has(name)) {
        options.set(name, options.get(alias)!);
        options.delete(alias);
      }
  return {command, options};
}

/** An option's own name in a program that takes it by another (`--tp` is SGLang's `--tp-size`). */
const aliasOf = (command: string[], name: string): string => ALIASES[command[0] ?? ""]?.[name] ?? name;

/** An engine's other spellings of its parallel degrees, each to its first (`-tp` → `--tensor-parallel-size`). */
const parallelAliases = (family: keyof typeof PARALLEL_FLAGS): Record<string, string> =>
  Object.fromEntries(
    Object.values(PARALLEL_FLAGS[family]).flatMap(([own, ...others]) =>
      others.map((other) => [optionName(other), optionName(own)])
    )
  );

/** Option aliases of a program: alias → the option's own name. SGLang's server takes `--model` for `--model-path`
 * (server_args.py's alias), and argparse takes `--tp` for its `--tp-size`. */
const ALIASES: Record<string, Record<string, string>> = {
  "sglang.launch_server": {"--model": "--model-path", ...parallelAliases("sglang")},
  vllm: parallelAliases("vllm"),
  "trtllm-serve": parallelAliases("trtllm")
};

const shown = (values: string[] | undefined): string => (values?.length ? values.join(" ") : "(no value)");

/** What differs between two commands, one line each; empty when they mean the same. */
export function argvDifferences(a: string[], b: string[], options: CompareOptions = {}): string[] {
  const left = argvMeaning(a);
  const right = argvMeaning(b);
  const ignored = new Set((options.ignore ?? []).map(optionName));
  const out: string[] = [];
  if (left.command.join(" ") !== right.command.join(" "))
    out.push(`program '${left.command.join(" ")}' against '${right.command.join(" ")}'`);
  const names = [...new Set([...left.options.keys(), ...right.options.keys()])];
  for (const name of names) {
    if (ignored.has(name)) continue;
    const l = left.options.get(name);
    const r = right.options.get(name);
    if (!l) out.push(`${name} ${shown(r)} only in the second`);
    else if (!r) out.push(`${name} ${shown(l)} only in the first`);
    else if (l.join("\0") !== r.join("\0")) out.push(`${name} ${shown(l)} against ${shown(r)}`);
  }
  return out;
}

/** The options `argv` adds to `base` (`--flag value` each), where it starts the same program with every option of
 * `base` and its values (those `ignore`d aside); null where it does not. */
export function addedOptions(argv: string[], base: string[], options: CompareOptions = {}): string[] | null {
  const [a, b] = [argvMeaning(argv), argvMeaning(base)];
  const ignored = new Set((options.ignore ?? []).map(optionName));
  if (a.command.join(" ") !== b.command.join(" ")) return null;
  for (const [name, values] of b.options)
    if (!ignored.has(name) && a.options.get(name)?.join("\0") !== values.join("\0")) return null;
  const added = new Set([...a.options.keys()].filter((name) => !ignored.has(name) && !b.options.has(name)));
  return splitCommand(argv)
    .options.filter(({name}) => added.has(aliasOf(a.command, name)))
    .map(({written}) => written.join(" "));
}

/** True when two commands start the same program with the same options and values (order and spelling aside). */
export function sameMeaning(a: string[], b: string[], options: CompareOptions = {}): boolean {
  return argvDifferences(a, b, options).length === 0;
}
