// Splits benchmark output into lines a block scanner can read: terminal, markdown and comment noise removed.

export interface SourceLine {
  /** 1-based line number in the file. */
  n: number;
  /** The line with CR/progress-bar rewrites, `> `/`# ` prefixes and outer whitespace removed. */
  text: string;
}

/** What a terminal shows for a line that tqdm rewrote with carriage returns: the last non-empty segment. */
function lastSegment(raw: string): string {
  if (!raw.includes("\r")) return raw;
  const parts = raw.split("\r");
  for (let i = parts.length - 1; i >= 0; i--) if (parts[i].trim() !== "") return parts[i];
  return "";
}

const ANSI = /\x1b\[[0-9;?]*[A-Za-z]/g;
// Quote markers and shell-comment markers, possibly nested (`> # Successful requests: 10`).
const PREFIX = /^\s*(?:>\s?|#(?=\s|$)\s?)/;

export function cleanLine(raw: string): string {
  let text = lastSegment(raw);
  if (text.includes("\x1b")) text = text.replace(ANSI, "");
  for (let i = 0; i < 8; i++) {
    const m = PREFIX.exec(text);
    if (!m || m[0].length === 0) break;
    text = text.slice(m[0].length);
  }
  return text.trim();
}

export function splitLines(content: string): SourceLine[] {
  const raw = content.split("\n");
  const out: SourceLine[] = new Array(raw.length);
  for (let i = 0; i < raw.length; i++) out[i] = {n: i + 1, text: cleanLine(raw[i])};
  // A final newline does not start another line.
  if (raw.length > 1 && raw[raw.length - 1] === "") out.pop();
  return out;
}

export interface LabelValue {
  /** The label as printed, whitespace collapsed. */
  label: string;
  /** Lower-case label for lookups. */
  key: string;
  /** Everything after the colon, trimmed (may be empty). */
  value: string;
}

/** Whitespace that \s+ → " " would change: a run of two, or any whitespace other than a space. */
const MULTI_SPACE = /\s\s|[^\S ]/;

/** `Label:   value` → parts; the label ends at the first colon followed by whitespace or the line end. */
export function splitLabel(text: string): LabelValue | null {
  // A scan with indexOf rather than a regex: log lines can be megabytes long (argument dumps).
  for (let at = text.indexOf(":"); at !== -1; at = text.indexOf(":", at + 1)) {
    const next = text.charCodeAt(at + 1);
    if (at + 1 < text.length && next !== 32 && next !== 9) continue;
    const raw = text.slice(0, at);
    // Most labels hold single spaces only; collapsing whitespace is needed only when they do not.
    const label = (MULTI_SPACE.test(raw) ? raw.replace(/\s+/g, " ") : raw).trim();
    if (label === "") return null;
    return {label, key: label.toLowerCase(), value: text.slice(at + 1).trim()};
  }
  return null;
}
