// Reads a write-up's items by the role of each section: the setup (model, hardware, versions, datasets, the benchmark
// command or profiles), the experiment sections with their candidates and result blocks, the summary and conclusion
// tables, the recommended command and the notes. What it takes, it records with its line; nothing is guessed here.
import {readDocument, type Code, type Item, type Table} from "./document.js";
import {BlockProblem, resultEntries, type Entry} from "./result-blocks.js";
import {commandLines, commandWords} from "./server-command.js";
import {labelOf, plainName, sectionOf, WORDS, type Language, type SectionRole} from "./words.js";

/** A problem in the write-up itself: one line, with the line it concerns. */
export class WriteupProblem extends Error {
  constructor(
    readonly line: number,
    message: string
  ) {
    super(message);
  }
}

export interface Command {
  argv: string[];
  text: string;
  line: number;
  /** The command is a list of backend parameters only (the newer dialect): no program, no model. */
  params: boolean;
  /** The serving script only sets environment variables (`export VLLM_ATTENTION_BACKEND=…`): no program of its own. */
  envOnly?: boolean;
}

export interface Candidate {
  label: string | null;
  line: number;
  command: Command | null;
  side: "baseline" | "recommended" | null;
  /** The profile a step names (`- Profile: \`ShareGPT\``) or the sub-heading a result sits under. */
  profile: string | null;
  entries: {entry: Entry; heading: string | null}[];
}

export interface Ranking {
  line: number;
  text: string;
  /** "Result" or the metric words before the colon ("Mean latency per request"). */
  what: string;
  entries: {label: string; value: number | null; printed: string; unit: string}[];
  /** The comparison signs between entries, as printed. */
  signs: string[];
}

export interface SummaryLine {
  line: number;
  text: string;
}

export interface Step {
  title: string;
  line: number;
  kind: "selection" | "generalization";
  candidates: Candidate[];
  rankings: Ranking[];
  summaries: SummaryLine[];
}

export interface ScriptCommand {
  argv: string[];
  line: number;
  comment: string | null;
}

export interface DatasetEntry {
  name: string;
  /** The entry as printed, read again in the document's language once that is known. */
  text: string;
  line: number;
  input: number | null;
  output: number | null;
}

export interface Profile {
  name: string;
  line: number;
  fields: Record<string, string>;
}

export interface TableRead {
  line: number;
  header: string[];
  rows: {cells: string[]; line: number}[];
}

export interface Writeup {
  file: string;
  format: "markdown" | "text";
  language: Language;
  title: {text: string; line: number} | null;
  goal: {text: string; line: number} | null;
  notes: {text: string; line: number}[];
  model: {text: string; line: number} | null;
  hardware: {text: string; line: number} | null;
  versions: {name: string; version: string; line: number}[];
  datasets: DatasetEntry[];
  script: ScriptCommand[];
  scriptText: {text: string; line: number}[];
  profiles: Profile[];
  steps: Step[];
  recommended: Command | null;
  conclusion: TableRead | null;
  summary: TableRead | null;
  /** Where each section began, for messages. */
  sections: {role: SectionRole; line: number}[];
  /** Every heading, to name the section a line is in. */
  headings: {level: number; text: string; line: number}[];
}

/** A Python exception as printed: `ValueError: …`, `RuntimeError: …`. */
const ERROR_LINE = /^[A-Z][A-Za-z]*(?:Error|Exception)\b[:(]/;

/** The `VAR=value` an `export VAR=value` line sets, quotes taken away; none for another line. */
function exportedVariable(line: string): string[] {
  const m = /^export\s+([A-Za-z_]\w*)=(.*)$/.exec(line.trim());
  return m ? [`${m[1]}=${m[2].replace(/^(["'])(.*)\1$/, "$2")}`] : [];
}

/** Whether a code block holds result blocks (a banner or an error comment) rather than commands. */
function isResultCode(code: Code): boolean {
  const lines = code.lines.filter((l) => l.trim());
  return (
    lines.some((l) => /^=+\s*[^=\s].*=+$/.test(l.trim())) ||
    (lines.length > 0 && lines.every((l) => l.trim().startsWith("#")) && lines.some((l) => /Error|Exception/.test(l)))
  );
}

function tableRead(table: Table): TableRead {
  const [head, ...rows] = table.rows;
  return {line: table.line, header: head?.cells ?? [], rows};
}

/** `Name: v1.2` or `Name v1.2` of an engine-version list. */
function versionEntry(text: string): {name: string; version: string} | null {
  const m = /^(.+?)(?::\s*|\s+)(v?\d[\w.+-]*)\s*$/.exec(text.trim());
  return m ? {name: m[1].trim(), version: m[2]} : null;
}

/** `Very long prompt: 32000 input tokens, 100 output tokens` in the document's words. */
function datasetEntry(text: string, line: number, language: Language): DatasetEntry {
  const words = WORDS[language];
  const [name, rest = ""] =
    text.split(/:\s*/, 2).length > 1 ? [text.slice(0, text.indexOf(":")), text.slice(text.indexOf(":") + 1)] : [text];
  const count = (names: string[]) => {
    for (const w of names) {
      const m = new RegExp(
        `([\\d,.]+)\\s*([kK])?\\s+${w.replace(/[.*+?^${}()|[\]\\']/g, (c) => (c === "'" ? "['’]" : `\\${c}`))}`,
        "i"
      ).exec(rest);
      // "1K input tokens": a thousand, as the pages' own totals show (100 requests of 1K send 100000 tokens).
      if (m) return Number(m[1].replace(/,/g, "")) * (m[2] ? 1000 : 1);
    }
    return null;
  };
  return {
    name: name.replace(/^\d+[.)]\s*/, "").trim(),
    text,
    line,
    input: count(words.inputTokens),
    output: count(words.outputTokens)
  };
}

/**
 * `Result: A (2054.21 tok/s) > B (1730.98 tok/s)` or `Mean latency per request: A(1.61 s) < B (1.68 s)`; an entry
 * whose parentheses hold no figure (`C (Not supported)`) has none.
 */
export function readRanking(text: string, line: number): Ranking | null {
  const colon = text.indexOf(":");
  if (colon < 0) return null;
  const what = text.slice(0, colon).trim();
  const rest = text.slice(colon + 1);
  const parts = rest.split(/\s*([<>=])\s*/);
  if (parts.length < 3) return null;
  const entries: Ranking["entries"] = [];
  const signs: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    if (i % 2 === 1) {
      signs.push(parts[i]);
      continue;
    }
    const m = /^\s*(.+?)\s*\(\s*([^)]*?)\s*\)\s*$/.exec(parts[i]);
    if (!m) return null;
    const figure = /^([\d,]+(?:\.\d+)?)\s*(.*)$/.exec(m[2]);
    entries.push(
      figure
        ? {label: m[1].trim(), value: Number(figure[1].replace(/,/g, "")), printed: figure[1], unit: figure[2].trim()}
        : {label: m[1].trim(), value: null, printed: m[2], unit: ""}
    );
  }
  return entries.some((e) => e.value != null) ? {line, text, what, entries, signs} : null;
}

/** The write-up's sections and what each holds. Throws WriteupProblem for a result block that cannot be taken. */
export function readWriteup(text: string, file: string): Writeup {
  const doc = readDocument(text);
  const out: Writeup = {
    file,
    format: doc.format,
    language: "en",
    title: null,
    goal: null,
    notes: [],
    model: null,
    hardware: null,
    versions: [],
    datasets: [],
    script: [],
    scriptText: [],
    profiles: [],
    steps: [],
    recommended: null,
    conclusion: null,
    summary: null,
    sections: [],
    headings: doc.items.flatMap((i) => (i.kind === "heading" ? [{level: i.level, text: i.text, line: i.line}] : []))
  };
  const votes: Record<Language, number> = {en: 0, tr: 0};
  const stack: {level: number; role: SectionRole | null; text: string; line: number}[] = [];
  const roleAt = (role: SectionRole) => stack.some((s) => s.role === role);
  const innermost = () => [...stack].reverse().find((s) => s.role != null)?.role ?? null;
  let step: Step | null = null;
  let candidate: Candidate | null = null;
  let pendingLabel: {text: string; line: number} | null = null;
  let expect: {
    role: "server" | "result";
    side: "baseline" | "recommended" | null;
    params: boolean;
    line: number;
  } | null = null;
  let heading: string | null = null;
  let inNote = false;
  let stepProfile: string | null = null;

  const newCandidate = (line: number, side: Candidate["side"], label: string | null): Candidate => {
    const c: Candidate = {label, line, command: null, side, profile: null, entries: []};
    step!.candidates.push(c);
    return c;
  };
  const takeEntries = (code: Code): Entry[] => {
    try {
      return resultEntries(code);
    } catch (error) {
      if (error instanceof BlockProblem) throw new WriteupProblem(error.line, error.message);
      throw error;
    }
  };

  for (const item of doc.items) {
    if (item.kind === "heading") {
      while (stack.length && stack[stack.length - 1].level >= item.level) stack.pop();
      const section = sectionOf(item.text);
      if (section) votes[section.language]++;
      // "Model" is a setup section only inside the setup; a step named like a section stays a step.
      const role: SectionRole | null =
        section &&
        (section.role !== "model" || roleAt("setup")) &&
        !(roleAt("results") && item.level > 3 && step && section.role !== "summary" && section.role !== "other")
          ? section.role
          : null;
      stack.push({level: item.level, role, text: item.text, line: item.line});
      if (role) out.sections.push({role, line: item.line});
      inNote = role === "notes";
      if (item.level === 1 && !out.title) {
        out.title = {text: item.text, line: item.line};
        continue;
      }
      const inResults = roleAt("results");
      if (
        inResults &&
        (role === "summary" ||
          role === "other" ||
          (!role && stack.length >= 2 && stack[stack.length - 2].role === "results"))
      ) {
        step = {
          title: item.text.replace(/^\d+[.)]\s*/, "").trim(),
          line: item.line,
          kind: role === "other" ? "generalization" : "selection",
          candidates: [],
          rankings: [],
          summaries: []
        };
        if (role !== "summary") out.steps.push(step);
        candidate = null;
        pendingLabel = null;
        expect = null;
        heading = null;
        stepProfile = null;
        continue;
      }
      if (inResults && step && !role) {
        // A heading inside a step names a candidate (`#### vLLM`) or, in the other-workloads section, a workload.
        if (step.kind === "generalization") heading = item.text;
        else pendingLabel = {text: item.text, line: item.line};
        candidate = null;
        expect = null;
      }
      if (roleAt("profiles") && !role) out.profiles.push({name: item.text, line: item.line, fields: {}});
      continue;
    }
    const role = innermost();
    if (item.kind === "label") {
      const label = labelOf(item.text);
      if (label) votes[label.language]++;
      if (plainName(item.text) === "note" || plainName(item.text) === "notes") {
        inNote = true;
        continue;
      }
      inNote = false;
      if (label && step) expect = {role: label.role, side: label.side, params: false, line: item.line};
      continue;
    }
    if (item.kind === "table") {
      if (role === "conclusion" || role === "notes") out.conclusion ??= tableRead(item);
      else if (roleAt("summary") || (step == null && roleAt("results"))) out.summary ??= tableRead(item);
      else if (stack.some((s) => s.role === "summary")) out.summary ??= tableRead(item);
      continue;
    }
    if (item.kind === "code") {
      if (role === "conclusion" || role === "notes") {
        const [command] = commandLines(item.lines, item.line);
        const argv = command ? commandWords(command.text) : null;
        if (command && argv) out.recommended ??= {argv, text: command.text, line: command.line, params: false};
        continue;
      }
      if (role === "script" || role === "datasets") {
        for (const c of commandLines(item.lines, item.line)) {
          const argv = commandWords(c.text);
          if (argv) out.script.push({argv, line: c.line, comment: c.comment});
        }
        continue;
      }
      if (role === "profiles" && out.profiles.length) {
        const profile = out.profiles[out.profiles.length - 1];
        item.lines.forEach((l) => {
          const m = /^\s*([\w.-]+)\s*:\s*(.*?)\s*$/.exec(l);
          if (m) profile.fields[m[1]] = m[2];
        });
        continue;
      }
      // A run no step holds would be left out without a word: the page says where its runs go.
      const results = stack.find((s) => s.role === "results");
      if (!step && results && isResultCode(item))
        throw new WriteupProblem(
          item.line,
          `a result block in "${results.text}" that is in none of its steps: a step is a heading under it, and its runs are the blocks below that heading`
        );
      if (!step || !results) continue;
      const result = expect?.role === "result" || (expect == null && isResultCode(item));
      if (result) {
        const entries = takeEntries(item);
        if (!candidate || (expect?.side && candidate.side !== expect.side)) {
          const side = expect?.side ?? null;
          candidate =
            [...step.candidates].reverse().find((c) => c.side === side && side != null) ??
            newCandidate(item.line, side, pendingLabel?.text ?? null);
        }
        for (const entry of entries) candidate.entries.push({entry, heading});
        expect = null;
        continue;
      }
      const params = expect?.params ?? false;
      const side = expect?.side ?? null;
      const commands = params
        ? [
            {
              text: item.lines
                .map((l) => l.trim())
                .filter((l) => l && !l.startsWith("#"))
                .join(" "),
              line: item.line
            }
          ]
        : commandLines(item.lines, item.line);
      // `export VAR=value` lines set the server's environment: they go before its program, as VAR=value words.
      const exported = params ? [] : commands.flatMap((c) => exportedVariable(c.text));
      const run = params ? commands[0] : commands.find((c) => exportedVariable(c.text).length === 0);
      const words = params
        ? item.lines.map((l) => l.trim()).filter((l) => l && !l.startsWith("#"))
        : run
          ? commandWords(run.text)
          : [];
      if (!commands.length || !words) continue;
      const label = pendingLabel?.text ?? null;
      const at = run ?? commands[0];
      candidate = newCandidate(pendingLabel?.line ?? at.line, side, label);
      candidate.command = {argv: [...exported, ...words], text: at.text, line: at.line, params, envOnly: !run};
      if (stepProfile) candidate.profile = stepProfile;
      if (heading) candidate.profile = heading;
      pendingLabel = null;
      expect = null;
      continue;
    }
    // Text: a paragraph or a list item.
    const t = item.text;
    if (role === "notes" || (role === "conclusion" && inNote)) {
      if ((item.list || doc.format === "text") && !isFeedback(t))
        out.notes.push({text: stripMarkup(t), line: item.line});
      continue;
    }
    if (role === "conclusion") continue;
    if (role === "objective") {
      out.goal = out.goal
        ? {text: `${out.goal.text} ${t}`, line: out.goal.line}
        : {text: stripMarkup(t), line: item.line};
      continue;
    }
    if (role === "model") {
      out.model ??= {text: stripMarkup(t), line: item.line};
      continue;
    }
    if (role === "hardware") {
      out.hardware ??= {text: stripMarkup(t), line: item.line};
      continue;
    }
    if (role === "versions") {
      const v = versionEntry(stripMarkup(t));
      if (v) out.versions.push({...v, line: item.line});
      continue;
    }
    if (role === "datasets") {
      if (!/:\s*$/.test(t)) out.datasets.push(datasetEntry(stripMarkup(t), item.line, "en"));
      continue;
    }
    if (role === "script") {
      out.scriptText.push({text: stripMarkup(t), line: item.line});
      continue;
    }
    if (!step || !roleAt("results")) continue;
    const label = labelOf(t);
    if (label) {
      votes[label.language]++;
      expect = {role: label.role, side: label.side, params: /parameters/i.test(t), line: item.line};
      if (label.role === "server") candidate = null;
      continue;
    }
    const profile = /^profile\s*:\s*`?([^`]+)`?\s*$/i.exec(t);
    if (profile) {
      stepProfile = profile[1].trim();
      continue;
    }
    const ranking = readRanking(stripMarkup(t), item.line);
    if (ranking) {
      step.rankings.push(ranking);
      continue;
    }
    // An error printed as a paragraph right under a serving script is that candidate's failed result.
    if (candidate?.command && !candidate.entries.length && ERROR_LINE.test(t)) {
      candidate.entries.push({
        entry: {kind: "error", error: t.trim(), text: `${t.trim()}\n`, first: item.line, last: item.line},
        heading
      });
      continue;
    }
    if (/^summary\s*:/i.test(t)) {
      // Kept as printed: its `labels` in backticks may hold spaces and signs (`TP + DP-Attention`).
      step.summaries.push({line: item.line, text: t});
      continue;
    }
    // A short line that is no sentence names the next candidate (`vLLM`, `TensorRT-LLM FP8`).
    if (!item.list && t.length <= 60 && !/[.:]$/.test(t)) {
      pendingLabel = {text: stripMarkup(t), line: item.line};
      candidate = null;
    }
  }
  out.language = votes.tr > votes.en ? "tr" : "en";
  // The dataset list is read again in the document's language (its token words).
  out.datasets = out.datasets.map((d) => datasetEntry(d.text, d.line, out.language));
  return out;
}

/** Emphasis, inline code marks and HTML tags taken away. */
export function stripMarkup(text: string): string {
  return text
    .replace(/<br\s*\/?>/gi, " ")
    .replace(/<\/?[a-zA-Z][^<>]*>/g, "")
    .replace(/\*\*|__|`/g, "")
    .trim();
}

function isFeedback(text: string): boolean {
  const t = text.toLowerCase();
  return t.includes("let us know") || t.includes("bize bildirin");
}
