import {spawnSync} from "node:child_process";
import {describe, expect, it, vi} from "vitest";
import {main} from "../../loaders/cli/headroom.js";

/** Runs the subcommand in-process, capturing what it writes. */
async function run(argv: string[]): Promise<{code: number; stdout: string; stderr: string}> {
  let stdout = "";
  let stderr = "";
  const out = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => ((stdout += String(chunk)), true));
  const err = vi.spyOn(process.stderr, "write").mockImplementation((chunk) => ((stderr += String(chunk)), true));
  try {
    const code = await main(argv);
    return {code, stdout, stderr};
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}

const LONG_A100 = ["--model", "data/models/qwen3-32b.config.json", "--gpu", "a100-sxm4-80gb"];
const LONG = ["--input-len", "4000", "--output-len", "200", "--num-prompts", "500"];

describe("tps-report headroom", () => {
  it("prints the bound for the 4K scenario on the A100", async () => {
    const {code, stdout, stderr} = await run([...LONG_A100, ...LONG]);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    expect(stdout).toContain("scenario: 500 prompts × (4,000 input + 200 output tokens) = 2,100,000 tokens");
    expect(stdout).toMatch(/parameters\s+32,762,123,264/);
    expect(stdout).toMatch(/KV per token\s+262,144 B/);
    expect(stdout).toMatch(/KV capacity\s+42,549 tokens \(10 sequences/);
    expect(stdout).toMatch(/iterations\s+9,950\.0/);
    expect(stdout).toMatch(/compute time\s+450\.1 s/);
    expect(stdout).toMatch(/memory time\s+364\.9 s/);
    expect(stdout).toMatch(/hard ceiling\s+4,665 tok\/s/);
    expect(stdout).toMatch(/realistic\s+3,033 tok\/s \(MFU 0\.65, MBU 0\.82/);
    expect(stdout).toMatch(/no-overlap\s+2,652 tok\/s/);
    expect(stdout).toMatch(/binding resource\s+compute/);
  });

  it("accepts shipped names, nvidia-smi names, --flag=value and the derates", async () => {
    const {code, stdout} = await run([
      "--model=qwen3-32b",
      "--gpu",
      "NVIDIA A100-SXM4-80GB",
      ...LONG,
      "--mfu",
      "0.7",
      "--mbu=0.85",
      "--json"
    ]);
    expect(code).toBe(0);
    const out = JSON.parse(stdout);
    expect(out).toMatchObject({model: "qwen3-32b", gpu: "a100-sxm4-80gb", mfu: 0.7, mbu: 0.85, binding: "compute"});
    expect(out.counts.totalParams).toBe(32_762_123_264);
    expect(Math.round(out.ceilingTps)).toBe(4665);
  });

  it("exits 2 with the known GPUs on an unknown GPU", async () => {
    const {code, stderr} = await run(["--model", "qwen3-32b", "--gpu", "rtx4090", ...LONG]);
    expect(code).toBe(2);
    expect(stderr).toContain('unknown GPU "rtx4090" (known: a100-sxm4-80gb, h100-sxm, h200-sxm)');
    expect(stderr).toContain("usage: tps-report headroom");
  });

  it("exits 2 with the known models on an unknown model", async () => {
    const {code, stderr} = await run(["--model", "qwen3-70b", "--gpu", "h200-sxm", ...LONG]);
    expect(code).toBe(2);
    expect(stderr).toContain("known: qwen3-32b, qwen3-14b, qwen3-8b");
  });

  it("exits 2 on missing or malformed arguments", async () => {
    expect((await run(["--model", "qwen3-32b"])).stderr).toContain(
      "missing --gpu, --input-len, --output-len, --num-prompts"
    );
    expect((await run([...LONG_A100, ...LONG, "--mfu", "1.5"])).code).toBe(2);
    expect((await run([...LONG_A100, "--input-len", "x", "--output-len", "2", "--num-prompts", "1"])).stderr).toContain(
      "--input-len must be from 1 to 10000000, got 'x'"
    );
    expect((await run([...LONG_A100, ...LONG, "--frobnicate"])).stderr).toContain(
      "tps-report headroom: unknown option --frobnicate\n"
    );
  });

  it("exits 1 when the weights do not fit", async () => {
    const {code, stderr} = await run([...LONG_A100, ...LONG, "--mem-util", "0.5"]);
    expect(code).toBe(1);
    expect(stderr).toContain("do not fit in 0.5 × 79.35 GiB of a100-sxm4-80gb");
  });

  it("prints help with exit 0", async () => {
    const {code, stdout} = await run(["--help"]);
    expect(code).toBe(0);
    expect(stdout).toContain("--gpu           a GPU id or nvidia-smi name: a100-sxm4-80gb, h100-sxm, h200-sxm");
  });

  it("runs through bin/tps-report.js", () => {
    const result = spawnSync(process.execPath, ["bin/tps-report.js", "headroom", ...LONG_A100, ...LONG], {
      encoding: "utf8"
    });
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/hard ceiling\s+4,665 tok\/s/);
    const bad = spawnSync(process.execPath, ["bin/tps-report.js", "headroom", "--gpu", "nope"], {encoding: "utf8"});
    expect(bad.status).toBe(2);
  });

  // Both printed a ceiling: 1,864 tok/s for 100,100-token requests "1 sequences of I+1 at once" in a 42,549-token KV
  // cache, and "0 tok/s" with "FLOPs Infinity" for --input-len 1e308.
  it("refuses a request the KV cache cannot hold, and lengths or counts past what a plan may ask", async () => {
    const whole = await run([...LONG_A100, "--input-len", "100000", "--output-len", "100", "--num-prompts", "10"]);
    expect([whole.code, whole.stdout, whole.stderr]).toEqual([
      1,
      "",
      "tps-report headroom: one request of 100,000 input + 100 output tokens needs more KV cache than one copy of the " +
        "model has on a100-sxm4-80gb: 42,549 tokens (--mem-util 0.9 of 79.35 GiB, less 65.52 GB of weights); a server " +
        "refuses a model length above it: raise --mem-util, add GPUs (--tp, --pp) or shorten the request\n"
    ]);
    // Two GPUs of tensor parallel pool their memory: the same request fits.
    expect(
      (await run([...LONG_A100, "--input-len", "100000", "--output-len", "100", "--num-prompts", "10", "--tp", "2"]))
        .code
    ).toBe(0);
    for (const [flag, value, range] of [
      ["--input-len", "1e308", "from 1 to 10000000"],
      ["--output-len", "10000001", "from 1 to 10000000"],
      ["--num-prompts", "1e30", "a whole number from 1 to 10000000"]
    ]) {
      const args = {"--input-len": "100", "--output-len": "10", "--num-prompts": "10", [flag]: value};
      const bad = await run([...LONG_A100, ...Object.entries(args).flat()]);
      expect([bad.code, bad.stderr.split("\n")[0]]).toEqual([
        2,
        `tps-report headroom: ${flag} must be ${range}, got '${value}'`
      ]);
    }
  });

  it("--tp, --pp and --dp: a server of several GPUs, its interconnect time and its layout", async () => {
    const {code, stdout} = await run([...LONG_A100, ...LONG, "--tp", "2", "--json"]);
    expect(code).toBe(0);
    const c = JSON.parse(stdout);
    expect(c.parallel).toEqual({tp: 2, pp: 1, dp: 1, gpus: 2, requestsPerCopy: 500});
    // 500 × 4,199 processed tokens × 2 all-reduces × 64 layers × 2(2−1)/2 × 5,120 × 2 B, one way at 300 GB/s.
    expect(c.interconnect.bytesPerGpu).toBe(500 * 4199 * 2 * 64 * 1 * 10240);
    expect(c.interconnect.time).toBeCloseTo((500 * 4199 * 2 * 64 * 10240) / 300e9, 9);
    const text = await run([...LONG_A100, ...LONG, "--tp", "2"]);
    expect(text.stdout).toMatch(/^gpus \(2: tp 2 × pp 1 × dp 1; one copy's below\)$/m);
    expect(text.stdout).toMatch(/interconnect time\s+9\.2 s \(X\/λ: 2,751\.86 GB per GPU at 300 GB\/s\)/);
    const bad = await run([...LONG_A100, ...LONG, "--tp", "0"]);
    expect([bad.code, bad.stderr.split("\n")[0]]).toEqual([
      2,
      "tps-report headroom: --tp must be a whole number from 1, got '0'"
    ]);
  });
});
