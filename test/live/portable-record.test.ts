// A live run's record holds no path of the machine that ran it, and `check` elsewhere compares commands by meaning.
import {readFileSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {freePort} from "../../loaders/live/port.js";
import {Progress} from "../../loaders/live/progress.js";
import {runStudy} from "../../loaders/live/runner.js";
import {loadStudy} from "../../loaders/analysis/report.js";
import {loadStudyPlan} from "../../loaders/study/plan.js";
import {FAILING_SERVER, FIXTURE_SERVER, readRunJson, removeStudies, writeStudy} from "./live-study.js";

let study: string;
const OK = "s--fixture--tiny";
const FAILED = "s--broken--tiny";

beforeAll(async () => {
  study = writeStudy({
    port: await freePort(),
    client: ["vllm", "bench", "serve"],
    steps: [
      {
        id: "s",
        scenarios: ["tiny"],
        candidates: [
          {id: "fixture", model: "Qwen/Qwen3-8B", server: [...FIXTURE_SERVER, "--model", "Qwen/Qwen3-8B"]},
          {id: "broken", server: FAILING_SERVER}
        ]
      }
    ]
  });
  const quiet = {write: () => true} as unknown as NodeJS.WritableStream;
  await runStudy(loadStudyPlan(study), {client: "native", progress: new Progress({stream: quiet, live: false})});
}, 90_000);

afterAll(removeStudies);

const argvDiffers = async () =>
  (await loadStudy(study)).report.findings.filter((f) => /argv-differs/.test(f.code)).map((f) => f.message);

describe("portable live records", () => {
  it("records the native client as `tps-report bench …` with no machine path", () => {
    for (const id of [OK, FAILED]) {
      const argv: string[] = readRunJson(study, id).bench_argv;
      expect(argv.slice(0, 2)).toEqual(["tps-report", "bench"]);
      expect(argv.filter((arg) => arg.startsWith("/") || arg.includes(study))).toEqual([]);
      expect(argv.slice(argv.indexOf("--result-dir"), argv.indexOf("--result-dir") + 2)).toEqual([
        "--result-dir",
        `runs/${id}`
      ]);
    }
  });

  it("writes no temporary path into bench.log", () => {
    const log = readFileSync(join(study, "runs", OK, "bench.log"), "utf8");
    expect(log).toMatch(/^Successful requests:\s+6\s*$/m);
    expect(log).not.toMatch(/\.tmp-\d+/);
    expect(log).toContain("Result written to result.json");
  });

  it("warms the server before the measured run, and records the warm-up without measuring it", () => {
    const argv: string[] = readRunJson(study, OK).bench_argv;
    expect(argv.slice(argv.indexOf("--num-warmups"), argv.indexOf("--num-warmups") + 2)).toEqual([
      "--num-warmups",
      "1"
    ]);
    const log = readFileSync(join(study, "runs", OK, "bench.log"), "utf8");
    expect(log.indexOf("Warming up with 1 requests...")).toBeGreaterThan(-1);
    expect(log.indexOf("Warmup run completed.")).toBeLessThan(log.indexOf("Starting main benchmark run..."));
    const result = JSON.parse(readFileSync(join(study, "runs", OK, "result.json"), "utf8"));
    expect([result.completed, result.total_input_tokens]).toEqual([6, 6 * 16]);
  });

  it("gives no argv warning when checked from another checkout and node binary", async () => {
    expect(await argvDiffers()).toEqual([]);
    // A record from another machine, spelled as the runner used to record it: its node, its checkout, its paths,
    // the runner's flags in another order and with another port.
    const file = join(study, "runs", OK, "run.json");
    const meta = JSON.parse(readFileSync(file, "utf8"));
    const flags: string[] = meta.bench_argv.slice(2);
    const cut = flags.indexOf("--host");
    const foreign = [
      "/opt/node-v20.11.1/bin/node",
      "/home/someone/src/tps-report/bin/tps-report.js",
      "bench",
      ...["--save-result", "--result-filename", "result.json", "--result-dir", `/scratch/${meta.id}`],
      ...["--port", "18000", "--host", "10.1.2.3"],
      ...flags.slice(0, cut)
    ];
    writeFileSync(file, JSON.stringify({...meta, bench_argv: foreign}));
    expect(await argvDiffers()).toEqual([]);
    // A real difference still shows.
    const fewer = foreign.map((arg, i) => (foreign[i - 1] === "--num-prompts" ? "5" : arg));
    writeFileSync(file, JSON.stringify({...meta, bench_argv: fewer}));
    const differs = await argvDiffers();
    expect(differs).toHaveLength(1);
    expect(differs[0]).toContain("--num-prompts 5 against 6");
  });
});
