// `tps-report new`: a commented live-mode plan from flags that the plan reader accepts and `run` can execute.
import {existsSync, mkdtempSync, readFileSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join, resolve} from "node:path";
import {afterEach, describe, expect, it} from "vitest";
import {main} from "../../loaders/cli/new.js";
import {benchArgv, loadStudyPlan, plannedRuns} from "../../loaders/study/plan.js";

let tmp: string;
afterEach(() => rmSync(tmp, {recursive: true, force: true}));

describe("tps-report new", () => {
  it("writes a plan with the engines, scenarios and a first step, starting with the schema line", async () => {
    tmp = mkdtempSync(join(tmpdir(), "tps-new-"));
    const dir = join(tmp, "qwen3-8b-h100");
    const args = [dir, "--model", "Qwen/Qwen3-8B", "--gpu", "h100-sxm5-80gb", "--engine", "vllm=v0.11.0"];
    const code = await main([
      ...args,
      "--engine",
      "sglang=v0.5.5",
      "--scenario",
      "short:random:128:4:1000",
      "--scenario",
      "long:random:4000:200:500"
    ]);
    expect(code).toBe(0);
    const text = readFileSync(join(dir, "study.yaml"), "utf8");
    const schema = /^# yaml-language-server: \$schema=(.*)$/.exec(text.split("\n")[0])?.[1];
    expect(resolve(dir, schema ?? "")).toBe(resolve("schema/study.schema.json"));
    const plan = loadStudyPlan(dir);
    expect(plan.id).toBe("qwen3-8b-h100");
    expect(plan.steps[0].candidates.map((c) => [c.id, c.server.join(" ")])).toEqual([
      ["vllm", "vllm serve Qwen/Qwen3-8B"],
      ["sglang", "python3 -m sglang.launch_server --model-path Qwen/Qwen3-8B"]
    ]);
    expect(plan.steps[0].decision).toBe("geometric-mean");
    expect(plannedRuns(plan).map((r) => r.run)).toEqual([
      "engine-selection--vllm--short",
      "engine-selection--vllm--long",
      "engine-selection--sglang--short",
      "engine-selection--sglang--long"
    ]);
    const {candidate, scenario} = plannedRuns(plan)[0];
    expect(benchArgv(plan, candidate, scenario).join(" ")).toBe(
      "vllm bench serve --model Qwen/Qwen3-8B --dataset-name random --random-input-len 128 --random-output-len 4 --num-prompts 1000 --seed 42"
    );
    expect(await main(args)).toBe(2);
  });

  // "0x10" wrote count: 16, and "1e1" count: 10.
  it("takes --gpu-count as the other commands take a whole number, and writes nothing otherwise", async () => {
    tmp = mkdtempSync(join(tmpdir(), "tps-new-"));
    const written: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((text: string) => written.push(text) > 0) as typeof process.stderr.write;
    try {
      for (const count of ["0x10", "1e1", "0", "2.0"]) {
        expect(await main([join(tmp, "s"), "--model", "Qwen/Qwen3-8B", "--gpu-count", count])).toBe(2);
        expect(existsSync(join(tmp, "s"))).toBe(false);
      }
    } finally {
      process.stderr.write = write;
    }
    expect(written.map((text) => text.split("\n")[0])).toEqual(
      Array(4).fill("tps-report new: --gpu-count needs a whole number from 1")
    );
  });
});
