// Axis names for a chart's candidates. A label that does not fit on one line is said by what sets it apart from the
// chart's other labels, over as many lines as it needs: candidates named by their flags differ at the end, where a cut
// label loses them. The tooltip and the table beside the chart keep the label whole.
import {LABEL_CHAR_PX} from "./chartLayout.js";
import {LABEL_LIMIT, LEGEND_LABEL_LIMIT} from "./chartTheme.js";

/** Characters of a line of axis labels: as many as LABEL_LIMIT holds at LABEL_CHAR_PX a character, less one, since
 * Vega's measure of text in the build is an estimate. */
export const LINE_CHARS = Math.floor(LABEL_LIMIT / LABEL_CHAR_PX) - 1;
/** Characters of a line of a legend's labels, likewise. */
export const LEGEND_CHARS = Math.floor(LEGEND_LABEL_LIMIT / LABEL_CHAR_PX) - 1;

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

/** The start that different flags share up to a hyphen ("--speculative-"), or "" where they share none but "--" (or
 * are one flag, whose name is then all that says what its values are). */
function flagPrefix(flags: readonly string[]): string {
  const names = [...new Set(flags.map((flag) => flag.split(" ")[0]))];
  if (names.length < 2) return "";
  let prefix = names[0];
  for (const name of names) while (!name.startsWith(prefix)) prefix = prefix.slice(0, -1);
  const cut = prefix.lastIndexOf("-");
  return cut > 1 ? prefix.slice(0, cut + 1) : "";
}

/** A part cut to `chars` characters with "…": a flag's value kept whole, its name cut in the middle, where there is
 * room ("--max-num-b…tokens 32768"); else its end. */
function cut(part: string, chars: number): string {
  if (part.length <= chars) return part;
  const space = part.indexOf(" ");
  const room = chars - (part.length - space) - 1;
  if (part.startsWith("--") && space > 0 && room >= 8) {
    const head = Math.ceil(room / 2);
    return `${part.slice(0, head)}…${part.slice(space - (room - head), space)}${part.slice(space)}`;
  }
  return `${part.slice(0, chars - 1)}…`;
}

/** Parts packed into lines of at most `chars` characters; a part longer than a line is cut with "…". */
function lines(parts: readonly string[], chars: number): string[] {
  const packed: string[] = [];
  for (const part of parts.map((p) => cut(p, chars))) {
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

/** An axis's or a legend's labelExpr giving each label its lines, none where every label is its own one line. */
export function namesLabel(names: ReadonlyMap<string, string[]>): {labelExpr?: string} {
  let expr = "datum.label";
  for (const [label, lines] of [...names].reverse())
    if (lines.length !== 1 || lines[0] !== label)
      expr = `datum.label === ${JSON.stringify(label)} ? ${JSON.stringify(lines)} : ${expr}`;
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
