// What the schema definitions generate: schema/*.schema.json for editors and docs/study-format.md for people.
import {z} from "zod";
import {RunSchema, StudySchema} from "./schema.js";

type JsonSchema = {
  type?: string | string[];
  description?: string;
  default?: unknown;
  examples?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: JsonSchema | boolean;
  propertyNames?: JsonSchema;
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  title?: string;
};

export const SCHEMA_FILES = {study: "schema/study.schema.json", run: "schema/run.schema.json"} as const;

export function studyJsonSchema(): JsonSchema {
  return z.toJSONSchema(StudySchema, {io: "input"}) as JsonSchema;
}

export function runJsonSchema(): JsonSchema {
  return z.toJSONSchema(RunSchema, {io: "input"}) as JsonSchema;
}

export function schemaFileText(schema: JsonSchema): string {
  return JSON.stringify(schema, null, 2) + "\n";
}

function typeText(s: JsonSchema): string {
  if (s.const !== undefined) return JSON.stringify(s.const);
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(" \\| ");
  if (s.anyOf) {
    const kinds = s.anyOf.map(typeText);
    if (kinds.length === 2 && kinds.includes("string") && kinds.includes("object")) return "text";
    return [...new Set(kinds)].join(" \\| ");
  }
  if (s.type === "array") return `list of ${s.items ? typeText(s.items) : "any"}`;
  if (s.type === "object" && s.additionalProperties && typeof s.additionalProperties === "object" && !s.properties)
    return "mapping of id → object";
  if (s.type === "integer") return "integer";
  return Array.isArray(s.type) ? s.type.join(" \\| ") : (s.type ?? "any");
}

function cell(value: unknown): string {
  return value === undefined ? "" : `\`${JSON.stringify(value)}\``.replaceAll("|", "\\|");
}

/** Rows for every field, depth first, with a dotted path (`steps[].candidates[].id`, `scenarios.<id>.dataset`). */
function rows(schema: JsonSchema, path: string, out: string[][]): void {
  const objects = [schema, ...(schema.anyOf ?? [])].filter((s) => s.properties);
  for (const object of objects)
    for (const [key, field] of Object.entries(object.properties!)) {
      const fieldPath = path ? `${path}.${key}` : key;
      const required = object.required?.includes(key) ? "yes" : "";
      out.push([
        `\`${fieldPath}\``,
        typeText(field),
        required,
        cell(field.default),
        (field.description ?? "").replaceAll("|", "\\|"),
        cell(field.examples?.[0])
      ]);
      const inner = field.anyOf?.find((s) => s.properties || s.type === "array") ?? field;
      if (inner.properties) rows(inner, fieldPath, out);
      else if (inner.type === "array" && inner.items?.properties) rows(inner.items, `${fieldPath}[]`, out);
      else if (inner.type === "object" && typeof inner.additionalProperties === "object")
        rows(inner.additionalProperties, `${fieldPath}.<id>`, out);
    }
}

function table(schema: JsonSchema): string {
  const out: string[][] = [];
  rows(schema, "", out);
  return [
    "| field | type | required | default | meaning | example |",
    "|---|---|---|---|---|---|",
    ...out.map((r) => `| ${r.join(" | ")} |`)
  ].join("\n");
}

export function studyFormatDoc(): string {
  return `<!-- Generated from loaders/study/schema.ts by \`npm run schema\`; edit the schema, not this file. -->
# The study format

A study is a folder: \`study.yaml\` (the plan) and \`runs/<run-id>/\` (one folder per run, holding \`run.json\` and the
tools' own output byte for byte: \`bench.log\`, \`result.json\`, \`server.log\`, …). Both files are defined once, in
\`loaders/study/schema.ts\`; the JSON Schemas \`${SCHEMA_FILES.study}\` and \`${SCHEMA_FILES.run}\` come from it, and so
does this page. Start a plan with

\`\`\`yaml
# yaml-language-server: $schema=../../../${SCHEMA_FILES.study}
\`\`\`

and editors with the YAML language server complete and check it.

- **Ids** (study, step, candidate, scenario, engine): lowercase letters, digits, \`.\` and \`_\`, single \`-\` between
  them, at most 64 characters.
- **Text** fields take a plain string or \`{en, tr}\`; a missing language falls back to the other.
- **Run ids** are \`<step>--<candidate>--<scenario>\` for repeat 1 and \`…--r<k>\` for repeat k ≥ 2.
- **Placeholders**: a string value starting with \`TODO\` is a value still to fill in; \`tps-report check\` lists each
  as a warning. \`tps-report import\` writes them for what the result files do not say (the GPU, an engine version).
- **Decision rule**: a selection step over several scenarios declares \`decision\`: \`{scenario: <id>}\` (that scenario
  decides) or \`geometric-mean\` (each candidate's per-scenario ratio to the incumbent, combined by geometric mean;
  the highest mean above 1 wins). Without it, one scenario decides itself and several use the geometric mean (check
  warns).
- **Conservative rule**: \`decision: {rule: conservative}\` scores each configuration by median − 1.4826 × MAD of its
  repeats on one scenario (\`scenario\`, required when the step has several), with at least \`min_repeats\` (3)
  successful repeats. A candidate whose relative spread 1.4826 × MAD / median exceeds \`mad_cap\` (0.05) is refused;
  a run with failed requests (or a failed run) disqualifies its candidate unless \`allow_failed_requests: true\`.
  Scores within \`tie_margin\` percent (1) of the best, or within noise (Welch's interval of the difference includes
  zero), tie: a tie goes to the best configuration so far, else to the one with the fewest server arguments.
- **Margin and second look**: \`margin\` (percent, 5) marks a decision as close on the summary's coverage;
  \`tps-report run STUDY --second-look\` writes \`second-look.json\` beside study.yaml (the frozen set: close
  runners-up with the later winning settings, ½× and 2× each numeric setting the steps tuned) and runs it as the
  step \`second-look\`, whose run folders have the ordinary layout.

## study.yaml

${table(studyJsonSchema())}

## run.json

Every field is optional: what the plan already states (engine, model, commands, …) is taken from it, and a run
folder holding only the tool's own output (\`result.json\` or \`bench.log\`) is a valid run named by its folder.

${table(runJsonSchema())}
`;
}
