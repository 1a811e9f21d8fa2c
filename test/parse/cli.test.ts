// `tps-report parse` end to end: exit codes 0/1/2, the --json shape, the table and error lines.
import {spawnSync} from "node:child_process";
import {describe, expect, it} from "vitest";
import {FIXTURES} from "./helpers.js";

function cli(...args: string[]): {status: number | null; stdout: string; stderr: string} {
  const run = spawnSync(process.execPath, ["bin/tps-report.js", "parse", ...args], {encoding: "utf8"});
  return {status: run.status, stdout: run.stdout, stderr: run.stderr};
}

const SEED = "data/studies/qwen3-32b-a100/runs/engine-selection--vllm--sharegpt/bench.log";

describe("tps-report parse", () => {
  it("--json: one object per file with blocks and errors; exit 0 when all parse", () => {
    const run = cli("--json", SEED, `${FIXTURES}/sglang-output.jsonl`);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    const out = JSON.parse(run.stdout);
    expect(out).toHaveLength(2);
    expect(Object.keys(out[0])).toEqual(["file", "blocks", "errors", "warnings"]);
    expect(out[0].warnings).toEqual([]);
    expect(out[0].file).toBe(SEED);
    expect(out[0].errors).toEqual([]);
    expect(out[0].blocks).toHaveLength(1);
    expect(Object.keys(out[0].blocks[0])).toEqual(["tool", "format", "lines", "metrics", "extra"]);
    expect(out[0].blocks[0]).toMatchObject({tool: "vllm", format: "text", lines: [1, 23]});
    expect(out[0].blocks[0].metrics.total_token_throughput).toBe(1730.98);
    expect(out[1].blocks.map((b: {tool: string; format: string}) => `${b.tool}/${b.format}`)).toEqual([
      "sglang/json",
      "sglang/json",
      "sglang/json"
    ]);
  });

  it("exit 1 when a file has errors; --json carries them with their lines", () => {
    const run = cli("--json", `${FIXTURES}/broken.json`, SEED);
    expect(run.status).toBe(1);
    const out = JSON.parse(run.stdout);
    expect(out[0].blocks).toEqual([]);
    expect(out[0].errors).toEqual([
      {line: 5, message: `invalid JSON at column 3: expected ',' or '}', found "\\"p99_ttft_ms"`}
    ]);
    expect(out[1].errors).toEqual([]);
  });

  it("a partial block: exit 0, marked partial in the table, its warning on stderr", () => {
    const run = cli(`${FIXTURES}/truncated-block.txt`);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(`${FIXTURES}/truncated-block.txt: 1 block, 0 errors, 1 warning`);
    expect(run.stdout).toContain("  block 1: vllm text, lines 2-19, partial\n");
    expect(run.stdout).toContain("    mean_itl_ms             9.95\n");
    expect(run.stderr).toBe(
      `${FIXTURES}/truncated-block.txt:2: warning: result block at lines 2-19 is partial: no closing "=====" line; the text stops at line 20 ("Median IT")\n`
    );
  });

  it("table output: aligned metric/value rows, errors as file:line: message", () => {
    const run = cli(SEED, `${FIXTURES}/bad-value.txt`);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(`${SEED}: 1 block, 0 errors`);
    expect(run.stdout).toContain("  block 1: vllm text, lines 1-23");
    expect(run.stdout).toContain("    completed                1000\n");
    expect(run.stdout).toContain("    total_token_throughput   1730.98\n");
    expect(run.stdout).toContain("    p99_itl_ms               572.34\n");
    expect(run.stderr).toBe(
      `${FIXTURES}/bad-value.txt:1: warning: result block at lines 1-21 is partial: "Request throughput (req/s):" on line 6 could not be read\n` +
        `${FIXTURES}/bad-value.txt:6: "Request throughput (req/s):" has unparseable value "12.3.4"\n`
    );
  });

  it("exit 2: no files, unknown flag, unreadable file named", () => {
    const none = cli();
    expect(none.status).toBe(2);
    expect(none.stderr).toMatch(/^tps-report parse: no input files/);
    const flag = cli("--csv", SEED);
    expect(flag.status).toBe(2);
    expect(flag.stderr).toMatch(/^tps-report parse: unknown option --csv\n/);
    const missing = cli(SEED, `${FIXTURES}/does-not-exist.log`);
    expect(missing.status).toBe(2);
    expect(missing.stdout).toBe("");
    expect(missing.stderr).toBe(`tps-report parse: ${FIXTURES}/does-not-exist.log does not exist\n`);
    // It said "cannot read test/fixtures/parse (EISDIR)".
    const folder = cli(FIXTURES);
    expect([folder.status, folder.stderr]).toEqual([
      2,
      `tps-report parse: ${FIXTURES} is a folder; parse takes files\n`
    ]);
  });
});
