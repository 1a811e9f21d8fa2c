// A write-up's command lines as words. JSON printed bare (`--speculative-config {"method":"mtp",…}`, as GPUStack's
// DeepSeek-V3.2 and Qwen3.5 pages print it) is the JSON the author meant: a shell would take its quotes away and split
// it at its commas, which no page means.
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {importWriteup} from "../../loaders/import/writeup/index.js";
import {commandWords} from "../../loaders/import/writeup/server-command.js";
import {loadStudyPlan} from "../../loaders/study/plan.js";

const root = mkdtempSync(join(tmpdir(), "tps-writeup-commands-"));
afterAll(() => rmSync(root, {recursive: true, force: true}));

const PAGE = "test/fixtures/writeups/qwen3.5-35b-a3b--h200.md";
const SPEC = '{"method":"mtp","num_speculative_tokens":1}';

// It read both as {method:mtp,num_speculative_tokens:1}, which vLLM cannot parse.
it("keeps bare JSON as printed, after a space or an equals sign", () => {
  expect(commandWords(`vllm serve deepseek-ai/DeepSeek-V3.2 -tp 8 --speculative-config ${SPEC}`)).toEqual([
    ...["vllm", "serve", "deepseek-ai/DeepSeek-V3.2", "-tp", "8", "--speculative-config"],
    SPEC
  ]);
  expect(commandWords(`vllm serve m --speculative-config=${SPEC} --max-model-len=32768`)).toEqual([
    ...["vllm", "serve", "m", `--speculative-config=${SPEC}`, "--max-model-len=32768"]
  ]);
  expect(commandWords(`vllm serve m --hf-overrides {"rope_scaling": {"type": "yarn", "factor": 4.0}}`)).toEqual([
    ...["vllm", "serve", "m", "--hf-overrides", '{"rope_scaling": {"type": "yarn", "factor": 4.0}}']
  ]);
});

it("reads quoted JSON and braces that are not JSON as before", () => {
  expect(commandWords(`vllm serve m --speculative-config '${SPEC}'`)).toEqual([
    ...["vllm", "serve", "m", "--speculative-config", SPEC]
  ]);
  expect(commandWords(`echo {a,b} x{"y"}`)).toEqual(["echo", "{a,b}", "x{y}"]);
  expect(commandWords(`vllm serve m --x {"unclosed`)).toBeNull();
});

// The newer page's recommended command, with the line GPUStack's Qwen3.5-35B-A3B latency page recommends added.
it("records a recommended command's bare JSON as the page prints it", () => {
  const page = readFileSync(PAGE, "utf8");
  const line = "        --reasoning-parser=qwen3 \\\n";
  expect(page).toContain(line);
  const file = join(root, "recommended.md");
  writeFileSync(file, page.replace(line, `${line}        --speculative-config=${SPEC} \\\n`));
  const dir = join(root, "recommended");
  importWriteup(file, dir);
  const recommended = loadStudyPlan(dir).claims.find((claim) => claim.kind === "recommended");
  expect(recommended && "server" in recommended ? recommended.server : null).toEqual([
    ...["vllm", "serve", "Qwen/Qwen3.5-35B-A3B-FP8", "--reasoning-parser=qwen3", `--speculative-config=${SPEC}`],
    ...["--performance-mode=throughput", "--max-model-len=32768", "--enable-prefix-caching"]
  ]);
});

describe("a Model section that names another model than the page's title and commands", () => {
  // GPUStack's Qwen3-8B on 910B names Qwen/Qwen3-30B-A3B there; its title and every command name Qwen3-8B. The study
  // was recorded as Qwen3-30B-A3B (every run's check: "serves 'Qwen/Qwen3-8B' but the run is recorded as …"), and a
  // trend of the two 910B pages compared the 8B runs with the 30B page's.
  const SEED_PAGE = "test/fixtures/writeups/qwen3-32b--a100.md";
  const page = readFileSync(SEED_PAGE, "utf8");
  const imported = (name: string, text: string) => {
    const file = join(root, `${name}.md`);
    writeFileSync(file, text);
    const done = importWriteup(file, join(root, name));
    return {model: loadStudyPlan(join(root, name)).model.name, took: done.took};
  };

  it("takes the model the title, the benchmark commands and the servers name, and says so", () => {
    expect(page).toContain("### Model\n\nQwen3-32B\n");
    const {model, took} = imported(
      "slip",
      page.replace("### Model\n\nQwen3-32B\n", "### Model\n\nQwen/Qwen3-30B-A3B\n")
    );
    expect(model).toBe("Qwen/Qwen3-32B");
    expect(took.filter((line) => line.includes("Model section"))).toEqual([
      `${join(root, "slip.md")}:42 (Experimental Setup › Model): model Qwen/Qwen3-32B (the Model section names Qwen/Qwen3-30B-A3B, ` +
        "which no command serves; the title and the benchmark commands name Qwen/Qwen3-32B)"
    ]);
  });

  it("keeps the Model section's where the title does not name the commands' model", () => {
    const text = page
      .replace("### Model\n\nQwen3-32B\n", "### Model\n\nQwen/Qwen3-30B-A3B\n")
      .replace("# Optimizing Qwen3-32B Throughput", "# Optimizing Throughput");
    expect(imported("kept", text).model).toBe("Qwen/Qwen3-30B-A3B");
  });
});
