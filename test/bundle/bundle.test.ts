// `npm run bundle`'s dist-cli/, copied to a temporary folder and run there with only node on PATH and no
// node_modules anywhere near: headroom, parse, check, bench (against the fixture server), its worker, and run.
import {spawnSync, spawn} from "node:child_process";
import {cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {dirname, join, resolve} from "node:path";
import {build} from "esbuild";
import {stringify} from "yaml";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {scenarioCeiling} from "../../loaders/headroom/ceiling.js";
import {findGpu, readGpuTable} from "../../loaders/headroom/gpus.js";
import {readModelConfig} from "../../loaders/headroom/model-config.js";
import {freePort} from "../../loaders/live/port.js";
import {bundle} from "../../scripts/bundle.js";

const ROOT = resolve(import.meta.dirname, "../..");
const SEED = join(ROOT, "data/studies/qwen3-32b-a100");
let home: string;
let cli: string;
let fixtureServer: string;
let work: string;
const env = {PATH: dirname(process.execPath)};

/** `node <bundle> args…` from a folder of its own, with nothing but node on PATH. */
function tps(...args: string[]): {code: number | null; stdout: string; stderr: string} {
  const done = spawnSync("node", [cli, ...args], {cwd: work, env, encoding: "utf8", timeout: 120_000});
  return {code: done.status, stdout: done.stdout, stderr: done.stderr};
}

beforeAll(async () => {
  const built = mkdtempSync(join(tmpdir(), "tps-bundle-built-"));
  await bundle(join(built, "dist-cli"));
  home = mkdtempSync(join(tmpdir(), "tps-bundle-"));
  cpSync(join(built, "dist-cli"), join(home, "tps"), {recursive: true});
  rmSync(built, {recursive: true, force: true});
  cli = join(home, "tps", "tps-report.mjs");
  // The fixture server as one plain-JavaScript file, so it too runs without tsx or node_modules.
  fixtureServer = join(home, "fixture-server.mjs");
  await build({
    entryPoints: [join(ROOT, "test/support/fixture-server.ts")],
    outfile: fixtureServer,
    bundle: true,
    platform: "node",
    format: "esm",
    logLevel: "warning"
  });
  work = join(home, "elsewhere");
  mkdirSync(work);
}, 120_000);

afterAll(() => rmSync(home, {recursive: true, force: true}));

describe("dist-cli with plain node", () => {
  it("computes a ceiling from its own data files", () => {
    const out = tps(
      ...["headroom", "--model", "qwen3-8b", "--gpu", "h200-sxm", "--input-len", "512", "--output-len", "128"],
      ...["--num-prompts", "100", "--json"]
    );
    expect(out.stderr).toBe("");
    expect(out.code).toBe(0);
    const gpu = findGpu(readGpuTable(), "h200-sxm")!;
    const wanted = scenarioCeiling(readModelConfig("qwen3-8b"), gpu, {numPrompts: 100, inputLen: 512, outputLen: 128});
    expect(JSON.parse(out.stdout).ceilingTps).toBe(wanted.ceilingTps);
  });

  it("parses a bench log and checks a study", () => {
    const log = join(SEED, "runs", "engine-selection--vllm--sharegpt", "bench.log");
    const parsed = tps("parse", "--json", log);
    expect(parsed.code).toBe(0);
    expect(parsed.stdout).toContain("total_token_throughput");
    cpSync(SEED, join(home, "seed"), {recursive: true});
    const checked = tps("check", "--json", join(home, "seed"));
    expect(checked.stderr).toBe("");
    const report = JSON.parse(checked.stdout);
    expect(report.runs).toBe(17);
    // The seed names data/models/qwen3-32b.config.json: found in the bundle's data, so headroom is computed.
    expect(report.findings.filter((f: {code: string}) => f.code === "headroom-unavailable")).toEqual([]);
  });

  it("runs bench against the fixture server, and its worker thread", async () => {
    const port = await freePort();
    const server = spawn("node", [fixtureServer, "--port", String(port), "--max-lifetime-s", "60"], {env});
    try {
      await new Promise<void>((ok) => server.stdout.once("data", () => ok()));
      const out = tps(
        ...["bench", "--port", String(port), "--model", "Qwen/Qwen3-8B", "--dataset-name", "random"],
        ...["--random-input-len", "32", "--random-output-len", "4", "--num-prompts", "6"]
      );
      expect(out.stderr).toBe("");
      expect(out.stdout).toMatch(/^Successful requests:\s+6\s*$/m);
      expect(out.stdout).toMatch(/^Total input tokens:\s+192\s*$/m);
    } finally {
      server.kill();
    }
    // The random-prompt worker, started as the bundle starts it: plain JavaScript, no tsx.
    const probe = join(home, "worker-probe.mjs");
    writeFileSync(
      probe,
      `import {Worker} from "node:worker_threads";
const worker = new Worker(${JSON.stringify(join(home, "tps", "dataset-random-worker.mjs"))}, {workerData: {id: "Qwen/Qwen3-8B", source: {kind: "qwen3"}}});
worker.on("message", (m) => { if (m.state) { console.log(JSON.stringify(m)); worker.postMessage(null); } else worker.postMessage({index: 0, tokens: [1986, 374, 264, 1273], target: 4}); });
worker.on("error", (e) => { console.error(e.message); process.exit(1); });`
    );
    const worker = spawnSync("node", [probe], {cwd: work, env, encoding: "utf8", timeout: 60_000});
    expect(worker.stderr).toBe("");
    const message = JSON.parse(worker.stdout);
    expect(message.index).toBe(0);
    expect(message.state.done).toBe(true);
  }, 120_000);

  it("runs a study live, recording the client as tps-report bench", async () => {
    const study = join(home, "study");
    mkdirSync(study);
    const plan = {
      id: "bundle-test",
      title: {en: "Bundle", tr: "Paket"},
      goal: {en: "Run from dist-cli", tr: "dist-cli ile çalıştır"},
      model: {name: "Qwen/Qwen3-8B"},
      hardware: {gpu: "none", name: "none", count: 1},
      engines: {fixture: {name: "Fixture", version: "fixture"}},
      client: {argv: ["vllm", "bench", "serve", "--model", "{model}"], kind: "native"},
      serve: {port: await freePort(), ready_timeout_s: 20, stop_grace_s: 2, bench_timeout_s: 60},
      scenarios: {
        tiny: {name: {en: "tiny", tr: "tiny"}, dataset: "random", input_len: 16, output_len: 4, num_prompts: 6, seed: 1}
      },
      steps: [
        {
          id: "s",
          kind: "selection",
          title: {en: "s", tr: "s"},
          scenarios: ["tiny"],
          candidates: [{id: "x", engine: "fixture", server: ["node", fixtureServer, "--model", "Qwen/Qwen3-8B"]}]
        }
      ],
      baseline: {step: "s", candidate: "x"}
    };
    writeFileSync(join(study, "study.yaml"), stringify(plan));
    const out = tps("run", study);
    expect({code: out.code, stderr: out.code === 0 ? "" : out.stderr}).toEqual({code: 0, stderr: ""});
    const meta = JSON.parse(readFileSync(join(study, "runs", "s--x--tiny", "run.json"), "utf8"));
    expect(meta.status).toBe("ok");
    expect(meta.bench_argv.slice(0, 2)).toEqual(["tps-report", "bench"]);
  }, 120_000);
});
