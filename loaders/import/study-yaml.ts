// The study.yaml import writes: commented, with sensible ids and labels, for a person to read and edit.
import {PLACEHOLDER} from "../study/schema.js";
import type {Text} from "../text.js";
import {yamlComment, yamlScalar as scalar} from "../study/yaml-text.js";
import type {InferredStudy} from "./infer.js";

function flowList(items: readonly unknown[]): string {
  return `[${items.map(scalar).join(", ")}]`;
}

function settingsText(o: Record<string, unknown>): string {
  return Object.entries(o)
    .map(([k, v]) => `${k}=${typeof v === "object" ? JSON.stringify(v) : String(v)}`)
    .join(", ");
}

/** A title or a name as the plan takes it: one text, or a text in each language. */
function textYaml(text: string | Text): string {
  return typeof text === "string" ? scalar(text) : `{en: ${scalar(text.en)}, tr: ${scalar(text.tr)}}`;
}

export function studyYaml(study: InferredStudy, schemaPath: string, sources: string[]): string {
  const out: string[] = [];
  const line = (text = "") => out.push(text);
  line(`# yaml-language-server: $schema=${yamlComment(schemaPath)}`);
  line(`# ${yamlComment(`Written by \`tps-report import\` from ${sources.join(", ")} (${study.tools.join(", ")}).`)}`);
  line(
    `# Values starting with ${PLACEHOLDER} are what the result files do not say: fill them in; \`tps-report check\` lists them.`
  );
  line(`id: ${scalar(study.id)}`);
  line(`title: ${textYaml(study.title)}`);
  line("# What the selection step maximizes (a vLLM result key).");
  line(`objective: ${study.objective}`);
  line();
  line("model:");
  line(`  name: ${scalar(study.model)}`);
  line("  # config: data/models/<model>.config.json   # the model's config.json, for the hardware ceiling");
  line();
  line("hardware:");
  line(`  gpu: ${scalar(`${PLACEHOLDER}: the GPU id in data/gpus/gpus.yaml, e.g. h100-sxm5-80gb`)}`);
  line(`  name: ${scalar(study.gpu ?? `${PLACEHOLDER}: the GPU's name, e.g. NVIDIA H100 SXM 80GB`)}`);
  line("  # count: 1   # GPUs per server (default 1)");
  line();
  line("engines:");
  for (const [id, e] of Object.entries(study.engines))
    line(`  ${scalar(id)}: {name: ${scalar(e.name)}, version: ${scalar(e.version)}}`);
  line();
  line("client:");
  line(`  name: ${scalar(study.client.name)}`);
  line(
    "  # {model} becomes each candidate's model; each scenario adds its dataset, length, prompt, rate and concurrency flags."
  );
  line(`  argv: ${flowList(study.client.argv)}`);
  line();
  line("scenarios:");
  for (const s of study.scenarios) {
    line(`  ${scalar(s.id)}:`);
    line(`    name: ${textYaml(s.name)}`);
    if (s.measured_input != null)
      line(
        `    # ${s.measured_input} input tokens per request, measured: the files state no prompt length, and other runs alike sent other lengths`
      );
    line(`    dataset: ${scalar(s.dataset)}`);
    if (s.dataset_path) line(`    dataset_path: ${scalar(s.dataset_path)}`);
    if (s.input_len != null) line(`    input_len: ${s.input_len}`);
    if (s.output_len != null) line(`    output_len: ${s.output_len}`);
    line(`    num_prompts: ${s.num_prompts}`);
    if (s.seed != null) line(`    seed: ${s.seed}`);
    if (s.request_rate != null) line(`    request_rate: ${s.request_rate}`);
    if (s.max_concurrency != null) line(`    max_concurrency: ${s.max_concurrency}`);
    if (s.bench_args?.length) line(`    bench_args: ${flowList(s.bench_args)}`);
    if (s.loads) {
      const per =
        s.loads.prompts_per_load != null
          ? `, prompts_per_load: ${s.loads.prompts_per_load}`
          : s.loads.prompts
            ? `, prompts: ${flowList(s.loads.prompts)}`
            : "";
      line(`    loads: {${s.loads.kind}: ${flowList(s.loads.levels)}${per}}   # the levels as imported`);
    }
    if (s.repeats) line(`    repeats: ${s.repeats}   # runs of each point as imported`);
  }
  line();
  if (Object.keys(study.shared).length) line(`# Every candidate shares: ${yamlComment(settingsText(study.shared))}.`);
  line("steps:");
  if (study.steps.length > 1)
    line(
      "  # Not every candidate ran every scenario: the scenarios the same candidates ran are one step over those candidates."
    );
  for (const step of study.steps) {
    line(`  - id: ${scalar(step.id)}`);
    line("    kind: selection");
    line(`    title: ${textYaml(step.title)}`);
    line(`    scenarios: ${flowList(step.scenarios)}`);
    if (step.scenarios.length > 1) {
      line(
        "    # Several scenarios: each candidate's per-scenario ratio to the baseline, combined by geometric mean, decides."
      );
      line("    # To let one scenario decide instead: decision: {scenario: <id>}");
      line("    decision: geometric-mean");
    }
    line("    # Each server command is as far as the result files tell it: add the base command's other flags.");
    line("    candidates:");
    for (const c of study.candidates.filter((c) => step.candidates.includes(c.id))) {
      line(`      - id: ${scalar(c.id)}`);
      const differs = settingsText(c.differs);
      if (differs && differs !== c.label) line(`        # ${yamlComment(differs)}`);
      line(`        label: ${scalar(c.label)}`);
      line(`        engine: ${scalar(c.engine)}`);
      line(`        model: ${scalar(c.model)}`);
      // Left open where no file gives it: bf16 by the plan's default would be a fact no file stated.
      line(
        `        quantization: ${scalar(c.quantization ?? `${PLACEHOLDER}: the weight precision (not in the result files)`)}`
      );
      if (c.repeats)
        line(
          `        repeats: {${Object.entries(c.repeats)
            .map(([k, n]) => `${k}: ${n}`)
            .join(", ")}}   # runs as imported`
        );
      line(`        server: ${flowList(c.server)}`);
    }
  }
  line();
  line("# The starting point gains are measured against: the first candidate.");
  line(`baseline: {step: ${scalar(study.steps[0].id)}, candidate: ${scalar(study.steps[0].candidates[0])}}`);
  return out.join("\n") + "\n";
}
