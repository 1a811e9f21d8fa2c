// The second look's set, frozen when `tps-report run STUDY --second-look` starts it: one more selection step whose
// candidates combine close runners-up with later winning settings, kept beside study.yaml so the one reader serves it.
import {lstatSync} from "node:fs";
import {join} from "node:path";
import {LineCounter, parseDocument} from "yaml";
import {z} from "zod";
import {CandidateSchema, DecisionSchema, IdSchema} from "./schema.js";
import {schemaIssues} from "./schema-issues.js";
import {RefusedFile, readStudyFile} from "../files/regular-files.js";

export const SECOND_LOOK_FILE = "second-look.json";
export const SECOND_LOOK_STEP = "second-look";

export const SecondLookSchema = z.strictObject({
  step: z.literal(SECOND_LOOK_STEP),
  scenarios: z.array(IdSchema).min(1),
  decision: DecisionSchema.optional(),
  repeats: z.int().min(1).max(1000),
  /** The greedy winner the set was derived around, and the margin then in force. */
  winner: z.strictObject({step: IdSchema, candidate: IdSchema}),
  margin: z.number().min(0),
  /** Why each candidate is in the set: a runner-up combined with later winners, or a neighbour of a numeric setting. */
  reasons: z.record(IdSchema, z.string()),
  candidates: z.array(
    CandidateSchema.extend({model: z.string().min(1), quantization: z.string().min(1), server: z.array(z.string())})
  )
});
export type SecondLookData = z.output<typeof SecondLookSchema>;

export class SecondLookFileError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly detail: string
  ) {
    super(`${file}:${line}: ${detail}`);
  }
}

/** The study's second-look file, when there is one; a malformed one is an error naming the file and line. */
export function readSecondLook(dir: string): SecondLookData | null {
  const file = join(dir, SECOND_LOOK_FILE);
  if (!lstatSync(file, {throwIfNoEntry: false})) return null;
  let text: string;
  try {
    // Written by `run --second-look`, never a link: a FIFO, a device or a huge file is refused without blocking.
    text = readStudyFile(file, {inside: "the study"});
  } catch (error) {
    if (error instanceof RefusedFile) throw new SecondLookFileError(file, error.line ?? 1, error.problem);
    throw error;
  }
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, {lineCounter, prettyErrors: false});
  if (doc.errors.length)
    throw new SecondLookFileError(
      file,
      lineCounter.linePos(doc.errors[0].pos[0]).line,
      doc.errors[0].message.split("\n")[0]
    );
  const parsed = SecondLookSchema.safeParse(doc.toJS({maxAliasCount: 100}));
  if (!parsed.success) {
    const issue = schemaIssues(parsed.error, doc.contents, lineCounter, file)[0];
    throw new SecondLookFileError(
      file,
      issue?.line ?? 1,
      `${issue?.path ? `${issue.path}: ` : ""}${issue?.message ?? "malformed"}`
    );
  }
  return parsed.data;
}
