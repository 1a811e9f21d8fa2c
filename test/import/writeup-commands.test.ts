// A write-up's command lines as words. JSON printed bare (`--speculative-config {"method":"mtp",…}`, as GPUStack's
// DeepSeek-V3.2 and Qwen3.5 pages print it) is the JSON the author meant: a shell would take its quotes away and split
// it at its commas, which no page means.
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, expect, it} from "vitest";
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
