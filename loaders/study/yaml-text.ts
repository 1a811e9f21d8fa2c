// Text for every YAML file the product writes (study.yaml, Kubernetes manifests): a value or a comment stays on its
// line, so nothing a result file, a folder name or an option holds can add a key or a document.
import {stringify} from "yaml";

/** Characters YAML (1.1 or 1.2) reads as a line break, or does not allow unescaped. */
const UNSAFE = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029\ufeff]/;
const UNSAFE_ALL = new RegExp(UNSAFE.source, "g");

const hex = (c: string): string => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;

/** A double-quoted scalar: JSON's escapes, plus those JSON leaves raw that YAML would not. */
export const doubleQuoted = (value: string): string =>
  JSON.stringify(value).replace(/[\u007f-\u009f\u2028\u2029\ufeff]/g, hex);

/** A scalar on one line, read back as the same value in a block or a flow context (quoted only when needed). */
export function yamlScalar(value: unknown): string {
  if (typeof value === "string" && (UNSAFE.test(value) || /[,\[\]{}]/.test(value))) return doubleQuoted(value);
  const text = stringify(value, {lineWidth: 0}).trimEnd();
  return text.includes("\n") && typeof value === "string" ? doubleQuoted(value) : text;
}

/** Text after `# `: one line whatever it holds (line breaks and control characters escaped). */
export function yamlComment(text: string): string {
  return text.replace(UNSAFE_ALL, (c) => (c === "\n" ? "\\n" : c === "\r" ? "\\r" : hex(c)));
}
