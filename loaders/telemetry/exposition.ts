// Parses Prometheus text exposition (format 0.0.4, and the OpenMetrics text the same engines may serve) into samples.
// Hand-written: parse-prometheus-text-format 1.1.1 (the npm parser) merges a histogram's label sets into one series
// and drops their labels, _count and _sum (checked on vLLM's per-engine histograms), and every engine labels them.

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Exposition {
  samples: Sample[];
  /** `# TYPE` per metric family name (counter, gauge, histogram, summary, untyped…). */
  types: Record<string, string>;
  /** Lines that are not samples, comments or blank: 1-based line and why. */
  errors: {line: number; message: string}[];
}

const NAME = /^[A-Za-z_:][A-Za-z0-9_:]*/;
const LABEL = /^[A-Za-z_][A-Za-z0-9_]*/;

function parseValue(text: string): number {
  switch (text) {
    case "+Inf":
    case "Inf":
      return Infinity;
    case "-Inf":
      return -Infinity;
    case "NaN":
      return NaN;
  }
  // Number("") and Number("0x10") are not sample values.
  return /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/.test(text) ? Number(text) : NaN;
}

function unescape(text: string): string {
  return text.replace(/\\(.)/g, (_, c: string) => (c === "n" ? "\n" : c));
}

/** One sample line, or the reason it is not one. */
function parseSample(line: string): Sample | string {
  const nameMatch = NAME.exec(line);
  if (!nameMatch) return "no metric name";
  const name = nameMatch[0];
  let rest = line.slice(name.length);
  const labels: Record<string, string> = {};
  if (rest.startsWith("{")) {
    rest = rest.slice(1);
    for (;;) {
      rest = rest.replace(/^[\s,]+/, "");
      if (rest.startsWith("}")) {
        rest = rest.slice(1);
        break;
      }
      const key = LABEL.exec(rest);
      if (!key) return "bad label name";
      rest = rest.slice(key[0].length).replace(/^\s*/, "");
      if (!rest.startsWith('="')) return `label ${key[0]} has no quoted value`;
      rest = rest.slice(2);
      let end = 0;
      while (end < rest.length && rest[end] !== '"') end += rest[end] === "\\" ? 2 : 1;
      if (end >= rest.length) return `label ${key[0]}: unterminated value`;
      labels[key[0]] = unescape(rest.slice(0, end));
      rest = rest.slice(end + 1);
    }
  }
  // Value, then an optional timestamp (ignored: scrapes carry their own time), then an OpenMetrics exemplar.
  const fields = rest.split("#")[0].trim().split(/\s+/);
  if (!fields[0]) return "no value";
  const value = parseValue(fields[0]);
  if (Number.isNaN(value) && fields[0] !== "NaN") return `value '${fields[0]}' is not a number`;
  return {name, labels, value};
}

export function parseExposition(text: string): Exposition {
  const samples: Sample[] = [];
  const types: Record<string, string> = {};
  const errors: Exposition["errors"] = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (!line) continue;
    if (line.startsWith("#")) {
      const type = /^#\s*TYPE\s+(\S+)\s+(\S+)/.exec(line);
      if (type) types[type[1]] = type[2].toLowerCase();
      continue;
    }
    const sample = parseSample(line);
    if (typeof sample === "string") errors.push({line: i + 1, message: sample});
    else samples.push(sample);
  }
  return {samples, types, errors};
}
