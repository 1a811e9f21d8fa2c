// Real result files committed to public repositories by people outside this project (test/fixtures/import-corpus/,
// unedited, each with a provenance sidecar: repository, path, commit, the setup its repository states, every printed
// value and the point each record belongs to). Imported per kind and all together: every record imported, every value
// exact, check without errors, and the points grouped as the sidecars say.
import {mkdtempSync, readdirSync, readFileSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {importResults, type ImportSource} from "../../loaders/import/index.js";
import {loadStudy} from "../../loaders/analysis/report.js";
import {parseBuffer} from "../../loaders/parse/index.js";
import {rawBytes} from "../../loaders/import/result.js";
import {loadPart} from "../../loaders/study/ids.js";

const ROOT = "test/fixtures/import-corpus";

interface Sidecar {
  repo: string;
  path: string;
  commit: string;
  url?: string;
  /** The licence and where the repository states it, or "none stated" and where that was looked for. */
  licence: string;
  /** The day the file was taken from the repository. */
  fetched?: string;
  /** Settings the repository states beside the file (its launch script, its README): given as --set. */
  setup: Record<string, string>;
  /** The point each record belongs to, in record order. */
  points: string[];
  /** Each record's printed values under the canonical metric names. */
  printed: ({line: number} & Record<string, number>)[];
}

const kinds = readdirSync(ROOT).sort();
const filesOf = (kind: string) =>
  readdirSync(join(ROOT, kind), {recursive: true, encoding: "utf8"})
    .filter((f) => f.endsWith(".provenance.json"))
    .sort()
    .map((f) => {
      const file = join(ROOT, kind, f.replace(/\.provenance\.json$/, ""));
      return {file, sidecar: JSON.parse(readFileSync(`${file}.provenance.json`, "utf8")) as Sidecar};
    });

const tmp = mkdtempSync(join(tmpdir(), "tps-import-corpus-"));
afterAll(() => rmSync(tmp, {recursive: true, force: true}));

async function importAndCheck(name: string, files: ReturnType<typeof filesOf>) {
  const sources: ImportSource[] = files.map(({file, sidecar}) => ({path: file, set: sidecar.setup}));
  const study = join(tmp, name);
  const report = importResults(sources, study);
  // Every record imported, once.
  const expected = files.flatMap(({file, sidecar}) => sidecar.printed.map((p) => `${file}:${p.line}`));
  // A JSON Lines record is `file:line`; a GuideLLM report's benchmark `file#benchmarks[i]`, the sidecar's line i + 1.
  const sourceOf = (source: string) => {
    const benchmark = /^(.*)#benchmarks\[(\d+)\]$/.exec(source);
    if (benchmark) return `${benchmark[1]}:${Number(benchmark[2]) + 1}`;
    return /:\d+$/.test(source) ? source : `${source}:1`;
  };
  expect(report.study.runs.map((r) => sourceOf(r.result.source)).sort()).toEqual(expected.sort());
  // Every printed value exact, read back from the copy in the run folder.
  const printed = new Map(
    files.flatMap(({file, sidecar}) =>
      sidecar.printed.map((p): [string, Sidecar["printed"][number]] => [`${file}:${p.line}`, p])
    )
  );
  for (const run of report.study.runs) {
    const copy = parseBuffer(rawBytes(run.result.files[0]), run.id);
    const {line, ...values} = printed.get(sourceOf(run.result.source))!;
    void line;
    const read = Object.fromEntries(Object.keys(values).map((k) => [k, copy.blocks[0].metrics[k]]));
    expect(read, run.result.source).toEqual(values);
  }
  // Points as the sidecars say: no point mixes two of theirs, none of theirs is split.
  const pointOf = new Map(
    files.flatMap(({file, sidecar}) => sidecar.points.map((p, i): [string, string] => [`${file}:${i + 1}`, p]))
  );
  const theirs = new Map<string, Set<string>>();
  const ours = new Map<string, Set<string>>();
  for (const run of report.study.runs) {
    const mine = `${run.candidate} @ ${run.scenario}${run.load ? ` @ ${loadPart(run.load)}` : ""}`;
    const their = pointOf.get(sourceOf(run.result.source))!;
    theirs.set(mine, (theirs.get(mine) ?? new Set()).add(their));
    ours.set(their, (ours.get(their) ?? new Set()).add(mine));
  }
  expect([...theirs.values()].filter((s) => s.size > 1).map((s) => [...s])).toEqual([]);
  expect([...ours.values()].filter((s) => s.size > 1).map((s) => [...s])).toEqual([]);
  const {report: built} = await loadStudy(study);
  expect(built.findings.filter((f) => f.severity === "error").map((f) => `${f.code}: ${f.message}`)).toEqual([]);
  return report;
}

describe("the real corpus", () => {
  it("holds real files with a sidecar each: at least 40 files of 8 kinds from 10 repositories", () => {
    const all = kinds.flatMap(filesOf);
    expect(all.length).toBeGreaterThanOrEqual(40);
    expect(kinds.length).toBeGreaterThanOrEqual(8);
    expect(new Set(all.map(({sidecar}) => sidecar.repo)).size).toBeGreaterThanOrEqual(10);
    for (const {sidecar} of all) {
      expect(sidecar.commit).toMatch(/^[0-9a-f]{40}$/);
      expect(sidecar.licence, sidecar.path).toMatch(/^(?:MIT|Apache-2\.0|none stated) \(.+\)$/);
      expect(sidecar.points).toHaveLength(sidecar.printed.length);
    }
    // The sidecars written since the first five also say where to see the file and when it was taken.
    for (const {sidecar} of all.filter(({sidecar}) => sidecar.fetched)) {
      expect(sidecar.url).toBe(`https://github.com/${sidecar.repo}/blob/${sidecar.commit}/${sidecar.path}`);
      expect(sidecar.fetched).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it("reads every format on a real file: vLLM, SGLang, trtllm-bench, GuideLLM, AIPerf", async () => {
    const sources: ImportSource[] = kinds.flatMap(filesOf).map(({file, sidecar}) => ({path: file, set: sidecar.setup}));
    const report = importResults(sources, join(tmp, "tools"));
    expect(new Set(report.study.runs.map((r) => r.result.client))).toEqual(
      new Set(["vllm bench serve", "sglang.bench_serving", "trtllm-bench", "guidellm", "aiperf"])
    );
  });

  it("AIPerf JSON of schema 1.0 (aiperf 0.8.0) and 1.3 (aiperf 0.10.0 and 0.11.0): model, dataset, load and failures from the file", () => {
    const dir = join(ROOT, "aiperf-json");
    const file = (run: string) => join(dir, run, "profile_export_aiperf.json");
    const report = importResults(readdirSync(dir).sort().map(file), join(tmp, "aiperf-facts"));
    const facts = Object.fromEntries(
      report.study.runs.map(({result: r}) => [
        r.source.slice(dir.length + 1, -"/profile_export_aiperf.json".length),
        {model: r.model, status: r.status, error: r.error, bench: r.bench}
      ])
    );
    expect(facts).toEqual({
      "anud18-agent-c16": {
        model: "qwen3.6-nvfp4",
        status: "ok",
        error: null,
        bench: {
          dataset_name: "custom",
          dataset_path: "datasets/aiperf/nvfp4_agent.jsonl",
          num_prompts: 96,
          max_concurrency: 16
        }
      },
      // 10 of its 20 requests timed out: a run with its counts, not a failed one.
      "databloom-llama-3.2-3b-c1": {
        model: "llama-3.2-3b-instruct-gguf:q4_k_m",
        status: "ok",
        error: null,
        bench: {
          dataset_name: "custom",
          dataset_path: "/home/mike/performancetest/aiperf/inputs.jsonl",
          num_prompts: 20,
          max_concurrency: 1
        }
      },
      // A 300 s phase at concurrency 16: no request count was asked for; the 2,044 completed become the prompts.
      "akamaslabs-exp7-c16": {
        model: "qwen3-4b",
        status: "ok",
        error: null,
        bench: {
          dataset_name: "custom",
          dataset_path: "/benchmarks/sharegpt-cache/inputs-qwen3-4b.json",
          num_prompts: 2044,
          max_concurrency: 16
        }
      },
      // Every request timed out: the file holds error_request_count and no request_count at all.
      "databloom-qwen3.5-4b-c1": {
        model: "qwen_qwen3.5-4b-gguf:q4_k_m",
        status: "failed",
        error: "all 20 requests failed: TimeoutError",
        bench: {
          dataset_name: "custom",
          dataset_path: "/home/mike/performancetest/aiperf/inputs.jsonl",
          num_prompts: 20,
          max_concurrency: 1
        }
      }
    });
  });

  it("a real sweep of four server settings run three times each: four candidates, one scenario, three repeats", () => {
    // The experiment folder as `vllm bench sweep serve` wrote it; its launch file gives --tensor-parallel-size 8.
    const experiment = join(ROOT, "vllm-sweep", "tpu-builders-qwen3-v6e-sweep");
    const {study} = importResults([{path: experiment, set: {tensor_parallel_size: "8"}}], join(tmp, "tpu-sweep"));
    expect(study.runs.every((r) => r.result.tool === "vllm-sweep")).toBe(true);
    expect(study.scenarios.map((s) => [s.id, s.request_rate, s.num_prompts, s.repeats])).toEqual([
      ["random-1000-100-rate16", 16, 100, 3]
    ]);
    expect(study.candidates.map((c) => c.label)).toEqual([
      "gpu_memory_utilization=0.9, max_num_seqs=128, max_num_batched_tokens=2048",
      "gpu_memory_utilization=0.9, max_num_seqs=256, max_num_batched_tokens=4096",
      "gpu_memory_utilization=0.95, max_num_seqs=128, max_num_batched_tokens=2048",
      "gpu_memory_utilization=0.95, max_num_seqs=256, max_num_batched_tokens=4096"
    ]);
    for (const c of study.candidates) expect(c.server.join(" ")).toContain("--tensor-parallel-size 8");
    // Each setting's run=0, 1 and 2 are its repeats 1, 2 and 3.
    const repeats = study.runs.map((r) => [r.candidate, r.repeat, r.result.source.slice(-10)].join(" ")).sort();
    expect(repeats).toEqual(
      study.candidates.flatMap((c) => [1, 2, 3].map((n) => `${c.id} ${n} run=${n - 1}.json`)).sort()
    );
  });

  for (const kind of kinds)
    it(`${kind}: every file imported, values exact, check clean, points as the sidecars say`, async () => {
      await importAndCheck(kind, filesOf(kind));
    });

  it("all kinds together", async () => {
    await importAndCheck("all", kinds.flatMap(filesOf));
  });
});

describe("a corpus folder imported whole", () => {
  it("skips the provenance sidecars (JSON that quotes printed values, not a result) with a note each", () => {
    const dir = join(ROOT, "vllm-json");
    const report = importResults([dir], join(tmp, "whole"));
    const records = filesOf("vllm-json").reduce((n, {sidecar}) => n + sidecar.printed.length, 0);
    expect(report.study.runs).toHaveLength(records);
    expect(report.notes.filter((n) => n.includes(".provenance.json"))).toHaveLength(filesOf("vllm-json").length);
  });
});
