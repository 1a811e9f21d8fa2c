// Axis names for a chart's candidates. A label that does not fit on one line is said by what sets it apart from the
// chart's other labels, over as many lines as it needs: candidates named by their flags differ at the end, where a cut
// label loses them. The tooltip and the table beside the chart keep the label whole.
import {LABEL_LIMIT, LEGEND_LABEL_LIMIT} from "./chartTheme.js";

/** Characters of a line of axis labels: as many as LABEL_LIMIT holds at 0.8 × 11 px a character (chartLayout.ts), less
 * one, since Vega's measure of text in the build is an estimate. */
export const LINE_CHARS = Math.floor(LABEL_LIMIT / (0.8 * 11)) - 1;
/** Characters of a line of a legend's labels, likewise. */
export const LEGEND_CHARS = Math.floor(LEGEND_LABEL_LIMIT / (0.8 * 11)) - 1;

/** A label's parts: each flag with its value ("--num-steps 4"), else each word. */
function units(label: string): string[] {
  const parts: string[] = [];
  // A ladder point's load after its candidate ("· c64", "· 16 r/s") stays one part.
  const load = label.lastIndexOf(" · ");
  const words = load < 0 ? label : label.slice(0, load);
  for (const word of words.split(/\s+/).filter(Boolean)) {
    const last = parts.length - 1;
    if (!word.startsWith("--") && last >= 0 && parts[last].startsWith("--") && !parts[last].includes(" "))
      parts[last] += ` ${word}`;
    else parts.push(word);
  }
  return load < 0 ? parts : [...parts, label.slice(load + 1)];
}

/** The start every flag shares up to a hyphen ("--speculative-"), or "" where they share none but "--". */
function flagPrefix(flags: readonly string[]): string {
  if (flags.length < 2) return "";
  let prefix = flags[0].split(" ")[0];
  for (const flag of flags) while (!flag.startsWith(prefix)) prefix = prefix.slice(0, -1);
  const cut = prefix.lastIndexOf("-");
  return cut > 1 ? prefix.slice(0, cut + 1) : "";
}

/** Parts packed into lines of at most `chars` characters; a part longer than a line is cut with "…". */
function lines(parts: readonly string[], chars: number): string[] {
  const packed: string[] = [];
  for (const part of parts.map((p) => (p.length > chars ? `${p.slice(0, chars - 1)}…` : p))) {
    const last = packed.length - 1;
    if (last >= 0 && packed[last].length + 1 + part.length <= chars) packed[last] += ` ${part}`;
    else packed.push(part);
  }
  return packed;
}

/**
 * Each label's lines on the axis. Labels that all fit stay as they are. Otherwise the flags every label shares are
 * left out (a label that has no other part keeps them), so is the start every flag shares, and the rest is packed into
 * lines.
 */
export function axisNames(labels: readonly string[], chars = LINE_CHARS): Map<string, string[]> {
  const distinct = [...new Set(labels)];
  if (distinct.every((label) => label.length <= chars)) return new Map(distinct.map((label) => [label, [label]]));
  const split = distinct.map(units);
  const shared =
    distinct.length > 1
      ? new Set(split[0].filter((part) => part.startsWith("--") && split.every((other) => other.includes(part))))
      : new Set();
  const own = split.map((parts) => {
    const rest = parts.filter((part) => !shared.has(part));
    return rest.length ? rest : parts;
  });
  const prefix = flagPrefix(own.flat().filter((part) => part.startsWith("--")));
  return new Map(
    distinct.map((label, i) => [
      label,
      lines(
        own[i].map((part) => (prefix && part.startsWith(prefix) ? part.slice(prefix.length) : part)),
        chars
      )
    ])
  );
}

/** A Vega expression giving each label's lines (an axis's or a legend's labelExpr); a label not named stays as it is. */
function namesExpr(names: ReadonlyMap<string, string[]>, joined = false): string {
  let expr = "datum.label";
  for (const [label, lines] of [...names].reverse()) {
    if (lines.length === 1 && lines[0] === label) continue;
    const value = joined ? JSON.stringify(lines.join(" ")) : JSON.stringify(lines);
    expr = `datum.label === ${JSON.stringify(label)} ? ${value} : ${expr}`;
  }
  return expr;
}

/** An axis's or a legend's labelExpr giving each label its name (`joined`: on one line), none where every label is
 * its own name. */
export function namesLabel(names: ReadonlyMap<string, string[]>, joined = false): {labelExpr?: string} {
  const expr = namesExpr(names, joined);
  return expr === "datum.label" ? {} : {labelExpr: expr};
}

/** The band a bar needs for its name's lines, at least `least` px. */
export function nameBand(names: ReadonlyMap<string, string[]>, least = 26): number {
  return Math.max(least, 13 * Math.max(1, ...[...names.values()].map((lines) => lines.length)) + 8);
}

/** A legend's labels that are longer than a line, each said whole over as many lines as it needs. */
export function legendLines(labels: readonly string[]): {labelExpr?: string} {
  return namesLabel(new Map(labels.map((label) => [label, lines(units(label), LEGEND_CHARS)])));
}
