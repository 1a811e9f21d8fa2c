// What `tps-report tune` writes beside study.yaml before it runs anything: the configurations of a search (tune.json)
// or of the full grid (grid.json), each a candidate of one more step whose runs are ordinary run folders.
import {existsSync} from "node:fs";
import {join} from "node:path";
import {LineCounter, parseDocument} from "yaml";
import {z} from "zod";
import {CandidateSchema, IdSchema} from "./schema.js";
import {schemaIssues} from "./schema-issues.js";
import {RefusedFile, readStudyFile} from "../files/regular-files.js";

export const TUNE_STEP = "tune";
export const GRID_STEP = "grid";
export const SEARCH_FILES = {[TUNE_STEP]: "tune.json", [GRID_STEP]: "grid.json"} as const;
export type SearchStepId = keyof typeof SEARCH_FILES;

const KnobValue = z.union([z.number(), z.string(), z.null()]);

export const SearchCandidateSchema = CandidateSchema.extend({
  model: z.string().min(1),
  quantization: z.string().min(1),
  server: z.array(z.string()),
  /** The configuration: knob name → value (null where the knob does not apply). */
  values: z.record(z.string(), KnobValue),
  /** start: the space-filling start; search: picked by the strategy; grid: one of every configuration. */
  phase: z.enum(["start", "search", "grid"]),
  /** Why the search picked it, one line. */
  reason: z.string()
});

export const SearchRecordSchema = z.strictObject({
  step: z.enum([TUNE_STEP, GRID_STEP]),
  scenario: IdSchema,
  objective: z.string().min(1),
  /** sha256 of the plan's `tune` section when the record was started: a changed space is not resumed. */
  space: z.string(),
  budget: z
    .union([z.strictObject({runs: z.int().min(1)}), z.strictObject({seconds: z.number().positive()})])
    .nullable(),
  seed: z.int(),
  strategy: z.enum(["guided", "halving", "grid"]),
  /** Repeats of every candidate (the grid's); the search's candidates run once until they are measured again. */
  repeats: z.int().min(1),
  /** The greedy path's winner as a configuration of the space, when the greedy steps had all run. */
  greedy: z.strictObject({step: IdSchema, candidate: IdSchema, configuration: IdSchema.nullable()}).nullable(),
  candidates: z.array(SearchCandidateSchema),
  /** The leaders measured again with the study's repeats (the greedy path's configuration among them). */
  confirm: z
    .strictObject({repeats: z.int().min(1), candidates: z.array(IdSchema), reasons: z.record(IdSchema, z.string())})
    .nullable()
});
export type SearchRecord = z.output<typeof SearchRecordSchema>;
export type SearchCandidate = z.output<typeof SearchCandidateSchema>;

export class SearchFileError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly detail: string
  ) {
    super(`${file}:${line}: ${detail}`);
  }
}

/** The study's record of that step, when there is one; a malformed one is an error naming the file and line. */
export function readSearchRecord(dir: string, step: SearchStepId): SearchRecord | null {
  const file = join(dir, SEARCH_FILES[step]);
  if (!existsSync(file)) return null;
  let text: string;
  try {
    // Written by `tps-report tune`, never a link: a FIFO, a device or a huge file is refused without blocking.
    text = readStudyFile(file, {inside: "the study"});
  } catch (error) {
    if (error instanceof RefusedFile) throw new SearchFileError(file, error.line ?? 1, error.problem);
    throw error;
  }
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, {lineCounter, prettyErrors: false});
  if (doc.errors.length)
    throw new SearchFileError(
      file,
      lineCounter.linePos(doc.errors[0].pos[0]).line,
      doc.errors[0].message.split("\n")[0]
    );
  const parsed = SearchRecordSchema.safeParse(doc.toJS({maxAliasCount: 100}));
  if (!parsed.success) {
    const issue = schemaIssues(parsed.error, doc.contents, lineCounter, file)[0];
    throw new SearchFileError(
      file,
      issue?.line ?? 1,
      `${issue?.path ? `${issue.path}: ` : ""}${issue?.message ?? "malformed"}`
    );
  }
  if (parsed.data.step !== step)
    throw new SearchFileError(file, 1, `step: '${parsed.data.step}' in the file of step '${step}'`);
  return parsed.data;
}
