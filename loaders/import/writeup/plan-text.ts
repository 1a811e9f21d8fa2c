// The study.yaml of an imported write-up: the plan as data, written by the YAML library with each list of words on
// one line, texts in the document's language (the other falls back to it), TODO where the document says nothing.
import {Document, isSeq, visit} from "yaml";
import {PLACEHOLDER} from "../../study/schema.js";
import type {WriteupStudy} from "./model.js";

export function writeupPlanText(study: WriteupStudy, schemaPath: string): string {
  const text = (value: string) => ({[study.language]: value});
  const plan: Record<string, unknown> = {
    id: study.id,
    title: text(study.title),
    goal: study.goal ? text(study.goal) : `${PLACEHOLDER}: the goal (the write-up states none)`,
    objective: study.objective,
    source: study.source,
    model: {name: study.model, ...(study.modelConfig ? {config: study.modelConfig} : {})},
    hardware: {
      gpu:
        study.gpu.id ??
        `${PLACEHOLDER}: the GPU id in data/gpus/gpus.yaml${study.gpu.name ? ` for "${study.gpu.name}"` : ""}`,
      name: study.gpu.name ?? `${PLACEHOLDER}: the GPU (the write-up names none)`,
      ...(study.gpu.count != null ? {count: study.gpu.count} : {})
    },
    engines: Object.fromEntries(
      Object.entries(study.engines).map(([id, e]) => [
        id,
        {name: e!.name, version: e!.version ?? `${PLACEHOLDER}: the ${e!.name} version (the write-up states none)`}
      ])
    ),
    client: study.client,
    scenarios: Object.fromEntries(
      study.scenarios.map((s) => [
        s.id,
        {
          name: text(s.name),
          dataset: s.dataset,
          ...(s.dataset_path ? {dataset_path: s.dataset_path} : {}),
          ...(s.input_len != null ? {input_len: s.input_len} : {}),
          ...(s.output_len != null ? {output_len: s.output_len} : {}),
          num_prompts: s.num_prompts ?? 0,
          ...(s.seed != null ? {seed: s.seed} : {}),
          ...(s.request_rate != null ? {request_rate: s.request_rate} : {}),
          ...(s.max_concurrency != null ? {max_concurrency: s.max_concurrency} : {})
        }
      ])
    ),
    steps: study.steps.map((s) => ({
      id: s.id,
      kind: s.kind,
      title: text(s.title),
      scenarios: s.scenarios,
      candidates: s.candidates.map((c) => ({
        id: c.id,
        label: c.label,
        engine: c.engine,
        model: c.model,
        quantization: c.quantization ?? `${PLACEHOLDER}: the weight precision (the write-up does not state it)`,
        ...(c.role ? {role: c.role} : {}),
        server: c.server
      }))
    })),
    baseline: study.baseline,
    claims: study.claims,
    notes: study.notes.map(text)
  };
  const doc = new Document(plan);
  // Commands and id lists read best on one line each.
  visit(doc, {
    Seq(_, node) {
      if (isSeq(node) && node.items.every((i) => !(i && typeof i === "object" && "items" in i))) node.flow = true;
    }
  });
  doc.commentBefore =
    ` yaml-language-server: $schema=${schemaPath}\n` +
    ` Written by \`tps-report import\` from the write-up ${study.source}: each value is what it states (import printed`.trimEnd() +
    ` where).\n Values starting with ${PLACEHOLDER} are what it does not say; \`tps-report check\` lists them.`;
  return doc.toString({lineWidth: 0, flowCollectionPadding: false});
}
