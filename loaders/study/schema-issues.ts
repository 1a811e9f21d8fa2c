// Turns schema issues into one line each with the file and the line of the YAML or JSON node they are about.
import {isCollection, isMap, LineCounter, parseDocument, type Node} from "yaml";
import type {z} from "zod";
import {FINDING_FORMS} from "../finding.js";
import {fillForm} from "../text.js";
import {idProblem} from "./ids.js";
import {isPlaceholder} from "./schema.js";

export interface FileIssue {
  file: string;
  line: number;
  /** Dotted path of the value (`steps[0].candidates[1].engine`), empty for the whole document. */
  path: string;
  message: string;
  /** Finding code when the issue is a warning (placeholder, decision-default). */
  code?: string;
}

export function pathText(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (text, key) => (typeof key === "number" ? `${text}[${key}]` : text ? `${text}.${String(key)}` : String(key)),
    ""
  );
}

/** The node at a path, or its nearest ancestor that exists; `key` picks a mapping key's node over its value's. */
export function nodeAt(root: unknown, path: readonly PropertyKey[], key = false): Node | null {
  let node = root as Node | null;
  for (let i = 0; i < path.length; i++) {
    if (!isCollection(node)) return node;
    const segment = path[i];
    if (key && i === path.length - 1 && isMap(node)) {
      const pair = node.items.find((p) => (p.key as {value?: unknown})?.value === segment);
      return (pair?.key as Node | undefined) ?? node;
    }
    const child = node.get(segment, true) as Node | undefined;
    if (child == null) return node;
    node = child;
  }
  return node;
}

export function lineOf(node: unknown, lineCounter: LineCounter): number {
  const range = (node as Node | null)?.range;
  return Array.isArray(range) ? lineCounter.linePos(range[0]).line : 1;
}

/** What a value of each schema type is, as the plan's messages say it. */
const KIND: Record<string, string> = {
  int: "a whole number",
  number: "a number",
  string: "text",
  array: "a list",
  object: "a mapping",
  boolean: "true or false"
};

function issueMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === "unrecognized_keys")
    return `unknown key${issue.keys.length > 1 ? "s" : ""} ${issue.keys.map((k) => `'${k}'`).join(", ")}`;
  if (issue.code === "invalid_union" && issue.path.length) return "does not match any allowed form (see schema/)";
  // The schema's own message where it gives one; else the plan's words for the library's generic ones.
  if (issue.code === "invalid_type" && KIND[issue.expected] && /^Invalid input: expected /.test(issue.message))
    return `must be ${KIND[issue.expected]}`;
  if ((issue.code === "too_small" || issue.code === "too_big") && /^Too (small|big): /.test(issue.message)) {
    const small = issue.code === "too_small";
    const bound = Number(small ? issue.minimum : issue.maximum);
    const inclusive = issue.inclusive !== false;
    if (issue.origin === "number" || issue.origin === "int")
      return `must be ${small ? (inclusive ? "at least" : "more than") : inclusive ? "at most" : "less than"} ${bound}`;
    if (issue.origin === "array" || issue.origin === "string") {
      if (small && bound === 1) return "must not be empty";
      return `must have ${small ? "at least" : "at most"} ${bound} ${issue.origin === "array" ? "items" : "characters"}`;
    }
  }
  return issue.message.replace(/^Invalid input: /, "");
}

/** One FileIssue per schema issue; an unknown key is reported once per key, on its own line. */
export function schemaIssues(error: z.ZodError, root: unknown, lineCounter: LineCounter, file: string): FileIssue[] {
  return error.issues.flatMap((issue) => {
    if (issue.code === "unrecognized_keys")
      return issue.keys.map((key) => ({
        file,
        line: lineOf(nodeAt(root, [...issue.path, key], true), lineCounter),
        path: pathText([...issue.path, key]),
        message: "unknown key"
      }));
    // A bad mapping key (a scenario or engine id) is reported at the key, under its mapping's path.
    if (issue.code === "invalid_key") {
      const key = issue.path[issue.path.length - 1];
      return [
        {
          file,
          line: lineOf(nodeAt(root, issue.path, true), lineCounter),
          path: pathText(issue.path.slice(0, -1)),
          message: idProblem(key) ?? issueMessage(issue)
        }
      ];
    }
    // An id's problem names the thing it identifies (`steps[0]: id "x" is not allowed`).
    const owner = issue.path[issue.path.length - 1] === "id" ? issue.path.slice(0, -1) : issue.path;
    const path = pathText(owner);
    return [{file, line: lineOf(nodeAt(root, issue.path), lineCounter), path, message: issueMessage(issue)}];
  });
}

/** Every placeholder value left in a document, as a warning a person should resolve. */
export function placeholderIssues(
  data: unknown,
  root: unknown,
  lineCounter: LineCounter,
  file: string,
  path: PropertyKey[] = []
): FileIssue[] {
  if (isPlaceholder(data))
    return [
      {
        file,
        line: lineOf(nodeAt(root, path), lineCounter),
        path: pathText(path),
        message: fillForm(FINDING_FORMS.placeholder, {value: JSON.stringify(data)}),
        code: "placeholder"
      }
    ];
  if (Array.isArray(data))
    return data.flatMap((item, i) => placeholderIssues(item, root, lineCounter, file, [...path, i]));
  if (data && typeof data === "object")
    return Object.entries(data).flatMap(([k, v]) => placeholderIssues(v, root, lineCounter, file, [...path, k]));
  return [];
}

export function formatIssue(issue: FileIssue): string {
  return `${issue.file}:${issue.line}: ${issue.path ? `${issue.path}: ` : ""}${issue.message}`;
}

/** A JSON file's issues with lines: the text is read again as YAML (JSON is YAML) only when there is an issue. */
export function jsonIssues(text: string, file: string, error: z.ZodError): FileIssue[] {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, {lineCounter});
  return schemaIssues(error, doc.contents, lineCounter, file);
}
