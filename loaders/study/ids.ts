// The one character set and length of study, step, candidate and scenario ids, and the run ids built from them.

/** Lowercase letters, digits, `.` and `_`, with single `-` between them: safe in paths, URLs, HTML and shells. */
export const ID_PATTERN = /^[a-z0-9](?:[a-z0-9._]|-(?!-))*$/;
export const ID_MAX_LENGTH = 64;
/** What an id may hold, for messages and documentation. */
export const ID_RULE = `lowercase letters, digits, '.', '_' and single '-' between them, starting with a letter or digit, not ending in '-', at most ${ID_MAX_LENGTH} characters`;

/** Why `id` is not a valid id, or null when it is. */
export function idProblem(id: unknown): string | null {
  if (typeof id !== "string" || id === "") return "an id must be a non-empty string";
  if (id.length > ID_MAX_LENGTH) return `id '${id.slice(0, 20)}…' has ${id.length} characters (${ID_RULE})`;
  if (!ID_PATTERN.test(id) || id.endsWith("-")) return `id ${JSON.stringify(id)} is not allowed (${ID_RULE})`;
  return null;
}

export function isId(id: unknown): id is string {
  return idProblem(id) === null;
}

const PART = "[a-z0-9](?:[a-z0-9._]|-(?!-))*";
/** A load level's number in a run id: digits, with a decimal point for a request rate (`0.5`). */
const LOAD_NUMBER = "(?:0|[1-9][0-9]*)(?:\\.[0-9]*[1-9])?";
/** `<step>--<candidate>--<scenario>`, then `--c<N>` (concurrency) or `--q<R>` (request rate) for a load level of a
 * ladder, then `--r<k>` for repeat k ≥ 2: parts never hold `--`, so the split is unique. */
export const RUN_ID_PATTERN = new RegExp(
  `^(${PART})--(${PART})--(${PART})(?:--([cq])(${LOAD_NUMBER}))?(?:--r([2-9]|[1-9][0-9]+))?$`
);

export type LoadKind = "concurrency" | "request_rate";

/** One level of a scenario's load ladder. */
export interface Load {
  kind: LoadKind;
  value: number;
}

export interface RunIdParts {
  step: string;
  candidate: string;
  scenario: string;
  repeat: number;
  /** The load level of a ladder scenario's run; absent for a scenario without a ladder. */
  load?: Load;
}

/** The run id part of a load level: `c64` for concurrency 64, `q0.5` for 0.5 requests per second. */
export function loadPart(load: Load): string {
  return `${load.kind === "concurrency" ? "c" : "q"}${load.value}`;
}

/** The parts of a run id (folder name), or null when the name is no run id. */
export function parseRunId(name: string): RunIdParts | null {
  const match = RUN_ID_PATTERN.exec(name);
  if (!match) return null;
  const [, step, candidate, scenario, kind, value, repeat] = match;
  if (![step, candidate, scenario].every(isId)) return null;
  const load: Load | null = kind ? {kind: kind === "c" ? "concurrency" : "request_rate", value: Number(value)} : null;
  if (load?.kind === "concurrency" && (!Number.isInteger(load.value) || load.value < 1)) return null;
  if (load && load.value <= 0) return null;
  return {step, candidate, scenario, repeat: repeat ? Number(repeat) : 1, ...(load ? {load} : {})};
}

export function isRunId(name: string): boolean {
  return parseRunId(name) !== null;
}

/** A readable id from free text (a label, a combo name): lowercased, other characters become single `-`. */
export function slugId(text: string): string {
  const slug = text
    .toLowerCase()
    .replace(/[^a-z0-9._]+/g, "-")
    .replace(/^[-._]+|-+$/g, "")
    .slice(0, ID_MAX_LENGTH)
    .replace(/-+$/, "");
  return slug || "x";
}
