// One run added to a built study: the next `npm run build:incremental` builds only the pages that changed and takes the
// rest from its last output, and its output equals a cold build's of the same study, file for file.
import {spawn} from "node:child_process";
import {cpSync, mkdirSync, readdirSync, renameSync, rmSync} from "node:fs";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {sameTrees} from "../../bench/same-trees.js";
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
const drawn = new Map<string, {without: Map<string, string>; withRun: Map<string, string>}>();

async function drawnPages(dir: string, env: Record<string, string>): Promise<Map<string, string>> {
  const saved = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  Object.assign(process.env, env);
  try {
    // A page is drawn from its input: a page whose input or fragments differ is one the next build must draw again.
    const pages = new Map<string, string>();
    await siteFragments(await loadStudy(dir), dir, (path, fragments, info) =>
      pages.set(path, JSON.stringify([fragments, info.input]))
    );
    return pages;
  } finally {
    for (const [name, value] of Object.entries(saved))
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
  }
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
        drawn.set(c.name, {without, withRun});
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

/** The pages Framework built ("load /steps/a in 123ms" in its log). */
const frameworkPages = (log: string) => [...log.matchAll(/^load (\/\S*) in /gm)].map(([, path]) => path).sort();

/** What the renderer says of a build: pages, drawn, as drawn before. */
const rendered = (log: string, what = "pages") =>
  new RegExp(`render: (\\d+) ${what}, (\\d+) drawn, (\\d+) as drawn before`).exec(log)!.slice(1).map(Number);

// Drawn from the whole study, these are drawn every time: eight pages in each language (home, setup, summary, search,
// notes, quality, headroom, all runs).
const AUTHORED = 16;
// Pages a user wrote under src/ (the notebook pages): Framework builds them, the renderer draws nothing for them.
const USER_PAGES = ["/dictionary", "/explore", "/tr/explore"];

describe.each(CASES)("one run added to the built seed ($name)", (c) => {
  it("equals a cold build of the same study, file for file", () => {
    expect(sameTrees(join(TMP, c.name, "cold"), join(TMP, c.name, "incremental"))).toEqual([]);
  });

  it("has Framework build the same few pages both times: the written pages, the 404 and each template's first", () => {
    const {first, added} = logs.get(c.name)!;
    const built = frameworkPages(added);
    expect(frameworkPages(first)).toEqual(built);
    expect(built).toContain("/404");
    expect(built.filter((path) => path.startsWith("/steps/"))).toHaveLength(1);
    expect(built.filter((path) => USER_PAGES.includes(path))).toEqual(USER_PAGES);
    expect(built.length).toBe(AUTHORED + USER_PAGES.length + 1 + (c.name === "sets" ? 6 : 4));
  });

  it("draws again only the pages whose input changed, and the pages drawn from the whole study", () => {
    const {added} = logs.get(c.name)!;
    const {without, withRun} = drawn.get(c.name)!;
    const changed = [...withRun.keys()].filter((path) => without.get(path) !== withRun.get(path));
    const authored = [...withRun.keys()].filter((path) => !/\/(steps|runs)\/./.test(path));
    expect(authored).toHaveLength(AUTHORED);
    const details = [...withRun.keys()].filter((path) => /\/runs\/detail\//.test(path));
    if (!details.length) {
      const redrawn = new Set([...authored, ...changed]);
      expect(rendered(added)).toEqual([withRun.size, redrawn.size, withRun.size - redrawn.size]);
      return;
    }
    // In run sets a second renderer draws the runs' own pages; the first renderer draws the first run's too.
    const changedDetails = changed.filter((path) => details.includes(path));
    expect(changedDetails).toHaveLength(2);
    expect(rendered(added, "run pages")).toEqual([details.length, 2, details.length - 2]);
    const rest = [...withRun.keys()].filter((path) => !details.includes(path));
    const redrawn = new Set([...authored, ...changed.filter((path) => rest.includes(path))]);
    // Its memo holds the first run's own pages too (the run added is another).
    expect(rendered(added)).toEqual([rest.length + 2, redrawn.size, rest.length + 2 - redrawn.size]);
  });
});

describe("one run added to the built seed in run sets", () => {
  it("writes only the added run's own pages of all the runs' pages; the others are the last build's files", () => {
    const {added} = logs.get("sets")!;
    const runs = readdirSync(join(TMP, "sets", "study/runs")).length;
    // Every other page shows the search index's new name in its sidebar, so it is written again; so are the first run's
    // own pages, written from Framework's build of them.
    expect(added).toMatch(new RegExp(`: \\d+ pages written, ${(runs - 2) * 2} pages linked from the last build`));
  });
});
