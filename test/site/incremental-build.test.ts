// One run added to a built study: the next `npm run build:incremental` builds only the pages that changed and takes the
// rest from its last output, and its output equals a cold build's of the same study, file for file.
import {spawn} from "node:child_process";
import {cpSync, mkdirSync, readdirSync, renameSync, rmSync} from "node:fs";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {sameBuilds} from "../../bench/same-trees.js";
import {loadStudy} from "../../loaders/analysis/report.js";
import {loadStudyPlan} from "../../loaders/study/plan.js";
import {siteFragments} from "../../src/render/page-fragments.js";
import {withLock} from "./build.js";

const SEED = "data/studies/qwen3-32b-a100";
const TMP = "test/.tmp/incremental-build";
const CACHE = "src/.observablehq/cache";

function build(tool: "build" | "build-incremental", study: string, output: string, env: Record<string, string>) {
  return new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", `tools/${tool}.ts`], {
      env: {
        ...process.env,
        ...env,
        OBSERVABLE_TELEMETRY_DISABLE: "true",
        TPS_REPORT_STUDY: study,
        TPS_REPORT_OUTPUT: output
      },
      stdio: ["ignore", "pipe", "pipe"]
    });
    let log = "";
    child.stdout.on("data", (chunk) => (log += chunk));
    child.stderr.on("data", (chunk) => (log += chunk));
    child.on("error", reject);
    // Framework colours its log where CI is set.
    child.on("close", (code) =>
      code === 0
        ? resolve(log.replace(/\x1b\[[0-9;]*m/g, ""))
        : reject(new Error(`${tool} failed:\n${log.slice(-3000)}`))
    );
  });
}

interface Case {
  name: string;
  env: Record<string, string>;
  /** The run taken out before the first build and put back before the second. */
  run: string;
}

// The seed as it is (a Framework page per run), and in sets of 6 runs (the run pages written after Framework).
const CASES: Case[] = [
  {name: "pages", env: {}, run: "quantization--vllm-fp8--sharegpt"},
  {
    name: "sets",
    env: {TPS_REPORT_RUN_PAGE_LIMIT: "5", TPS_REPORT_RUNS_PER_SET: "6"},
    run: "quantization--vllm-fp8--sharegpt"
  }
];

const logs = new Map<string, {first: string; added: string}>();
// Each page's fragments as drawn without the run and with it, and the pages built whatever changed.
const drawn = new Map<string, {without: Map<string, string>; withRun: Map<string, string>; always: string[]}>();

async function drawnPages(dir: string, env: Record<string, string>): Promise<Map<string, string>> {
  const saved = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  Object.assign(process.env, env);
  try {
    const pages = new Map<string, string>();
    await siteFragments(await loadStudy(dir), dir, (path, fragments) => pages.set(path, JSON.stringify(fragments)));
    return pages;
  } finally {
    for (const [name, value] of Object.entries(saved))
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
  }
}

function alwaysBuilt(dir: string, pages: Map<string, string>): string[] {
  const plan = loadStudyPlan(dir);
  const firstRun = [...pages.keys()].find((path) => /^\/runs\/[^/]+$/.test(path) && path !== "/runs/");
  const firstSet = [...pages.keys()].find((path) => path.startsWith("/runs/set/"));
  return [`/steps/${plan.steps[0].id}`, firstRun, firstSet]
    .filter((path): path is string => !!path)
    .flatMap((path) => [path, `/tr${path}`]);
}

beforeAll(async () => {
  rmSync(TMP, {recursive: true, force: true});
  await withLock(async () => {
    rmSync(CACHE, {recursive: true, force: true});
    try {
      for (const c of CASES) {
        const study = join(TMP, c.name, "study");
        cpSync(SEED, study, {recursive: true});
        mkdirSync(join(TMP, c.name, "held"));
        renameSync(join(study, "runs", c.run), join(TMP, c.name, "held", c.run));
        const output = join(TMP, c.name, "incremental");
        const without = await drawnPages(study, c.env);
        const first = await build("build-incremental", study, output, c.env);
        renameSync(join(TMP, c.name, "held", c.run), join(study, "runs", c.run));
        const withRun = await drawnPages(study, c.env);
        drawn.set(c.name, {without, withRun, always: alwaysBuilt(study, withRun)});
        const added = await build("build-incremental", study, output, c.env);
        await build("build", study, join(TMP, c.name, "cold"), c.env);
        logs.set(c.name, {first, added});
      }
    } finally {
      rmSync(CACHE, {recursive: true, force: true});
    }
  });
}, 900_000);

afterAll(() => rmSync(TMP, {recursive: true, force: true}));

/** The pages Framework was handed no work for: "load /steps/tp reused" in its log. */
const keptPages = (log: string) => [...log.matchAll(/^load (\S+) reused$/gm)].map(([, path]) => path).sort();

describe.each(CASES)("one run added to the built seed ($name)", (c) => {
  it("equals a cold build of the same study, file for file", () => {
    expect(sameBuilds(join(TMP, c.name, "cold"), join(TMP, c.name, "incremental"))).toEqual([]);
  });

  it("hands Framework only the pages whose drawn fragments changed, and the first page of each template", () => {
    const {first, added} = logs.get(c.name)!;
    expect(keptPages(first)).toEqual([]);
    const {without, withRun, always} = drawn.get(c.name)!;
    const unchanged = [...withRun.keys()].filter((path) => without.get(path) === withRun.get(path));
    // Framework loads "/runs/" as /runs/index; it builds one set page of each language, the first.
    const expected = unchanged
      .map((path) => path.replace(/\/$/, "/index"))
      .filter((path) => !always.includes(path) && !/\/runs\/set\//.test(path))
      .sort();
    expect(expected.length).toBeGreaterThan(0);
    expect(keptPages(added)).toEqual(expected);
    expect(added).toMatch(new RegExp(`\\b${expected.length} pages kept from the last build\\)`));
  });
});

describe("one run added to the built seed in run sets", () => {
  it("draws and writes only the added run's own pages; the others are the last build's files", () => {
    const {added} = logs.get("sets")!;
    const runs = readdirSync(join(TMP, "sets", "study/runs")).length;
    expect(added).toMatch(
      new RegExp(`${runs * 2} run pages written under .* \\(${(runs - 1) * 2} of them kept from the last build\\)`)
    );
  });

  it("writes again only the set pages whose runs changed; the others are the last build's files", () => {
    const {added} = logs.get("sets")!;
    const {without, withRun, always} = drawn.get("sets")!;
    // Framework builds the first set page of each language; the others are written from it, or kept.
    const unchanged = [...withRun.keys()].filter(
      (path) => /\/runs\/set\//.test(path) && !always.includes(path) && without.get(path) === withRun.get(path)
    );
    const changed = [...withRun.keys()].filter(
      (path) => /\/runs\/set\//.test(path) && !always.includes(path) && without.get(path) !== withRun.get(path)
    );
    expect(unchanged.length).toBeGreaterThan(0);
    expect(changed.length).toBeGreaterThan(0);
    expect(added).toMatch(new RegExp(`, ${unchanged.length} set pages and \\d+ pages kept from the last build\\)`));
  });
});
