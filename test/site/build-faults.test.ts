// Builds that must not lie or break (issue 47, items 10 to 13; issue 43, item 9): in a throw-away copy of the project,
// so its dist/, its Framework cache and its build state are its own.
import {execFileSync, spawn} from "node:child_process";
import {cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {sameTrees} from "../../bench/same-trees.js";
import {npmRun} from "../support/npm-run.js";
import {projectCopy} from "../support/project-copy.js";

const SEED = "data/studies/qwen3-32b-a100";
const RUN = "quantization--vllm-fp8--sharegpt";
let dir: string;

beforeAll(() => {
  dir = projectCopy("tps-build-faults-");
});
afterAll(() => rmSync(dir, {recursive: true, force: true}));

/** Every file of a built site with its bytes, to tell that a site was left exactly as it was. */
function snapshot(root: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (path: string): void => {
    for (const entry of readdirSync(path, {withFileTypes: true})) {
      const child = join(path, entry.name);
      if (entry.isDirectory()) walk(child);
      else files.set(child.slice(root.length), readFileSync(child, "base64"));
    }
  };
  walk(root);
  return files;
}

function build(script: string, env: Record<string, string> = {}) {
  return npmRun(script, {TPS_REPORT_STUDY: SEED, ...env}, dir);
}

let seedSite: ReturnType<typeof build> | null = null;
/** The seed built into the copy's dist/, once: each failed build below must leave it byte for byte as it was. */
const builtSeed = () => (seedSite ??= build("build"));

function siblings(output: string): string[] {
  const parent = join(output, "..");
  const name = output.slice(parent.length + 1);
  return readdirSync(parent).filter((entry) => entry.startsWith(`${name}.`));
}

describe("a failed npm run build leaves the last site whole", () => {
  it("when the plan no longer parses", async () => {
    const good = await builtSeed();
    expect(good.code, good.log.slice(-2000)).toBe(0);
    const before = snapshot(join(dir, "dist"));
    expect(before.size).toBeGreaterThan(50);
    const plan = join(dir, SEED, "study.yaml");
    const source = readFileSync(plan, "utf8");
    writeFileSync(plan, `${source}\nsteps: [\n`);
    try {
      const broken = await build("build");
      expect(broken.code).not.toBe(0);
      expect(broken.log).toMatch(/study\.yaml/);
      expect(snapshot(join(dir, "dist"))).toEqual(before);
    } finally {
      writeFileSync(plan, source);
    }
  }, 300_000);

  it("when a notebook cell needs the network", async () => {
    const good = await builtSeed();
    expect(good.code, good.log.slice(-2000)).toBe(0);
    const before = snapshot(join(dir, "dist"));
    expect(before.size).toBeGreaterThan(50);
    const page = join(dir, "src", "needs-network.md");
    writeFileSync(page, '# Needs the network\n\n```js\nimport confetti from "npm:canvas-confetti";\n```\n');
    try {
      const broken = await build("build");
      expect(broken.code).not.toBe(0);
      expect(snapshot(join(dir, "dist"))).toEqual(before);
    } finally {
      rmSync(page, {force: true});
    }
  }, 300_000);
});

describe("an interrupted build", () => {
  /** Starts a build into `output` and signals its process group once the build's staging folder is there. */
  async function interrupt(output: string, signal: NodeJS.Signals): Promise<string[]> {
    const child = spawn(process.execPath, ["--import", "tsx", "tools/build.ts"], {
      cwd: dir,
      detached: true,
      env: {...process.env, OBSERVABLE_TELEMETRY_DISABLE: "true", TPS_REPORT_STUDY: "", TPS_REPORT_OUTPUT: output},
      stdio: ["ignore", "pipe", "pipe"]
    });
    let log = "";
    child.stdout.on("data", (chunk) => (log += chunk));
    child.stderr.on("data", (chunk) => (log += chunk));
    const exited = new Promise((resolve) => child.on("close", resolve));
    const started = Date.now();
    while (!siblings(output).some((name) => name.includes(".partial-"))) {
      if (child.exitCode !== null || Date.now() - started > 120_000)
        throw new Error(`the build made no staging folder:\n${log.slice(-2000)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    process.kill(-child.pid!, signal);
    await exited;
    // Its children (Framework, the renderer) end with it or soon after.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    return siblings(output);
  }

  it("on SIGINT leaves no staging folder behind", async () => {
    const output = join(dir, "interrupted-int");
    const left = await interrupt(output, "SIGINT");
    expect(left).toEqual([]);
  }, 300_000);

  it("on SIGKILL leaves a staging folder that the next build removes, saying so in one line", async () => {
    const output = join(dir, "interrupted-kill");
    const left = await interrupt(output, "SIGKILL");
    expect(left.filter((name) => name.includes(".partial-"))).toHaveLength(1);
    const next = await build("build", {TPS_REPORT_OUTPUT: output});
    expect(next.code, next.log.slice(-2000)).toBe(0);
    expect(siblings(output)).toEqual([]);
    const lines = next.log.split("\n").filter((line) => line.includes(left[0]));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^build: removed .*interrupted build/);
  }, 300_000);
});

describe("what interrupted builds left", () => {
  it("is removed by the next build of the same output (a study's or a site's), one line each; a live build's is not", async () => {
    const {removeLeftovers} = (await import(join(dir, "src/build/build.ts"))) as {
      removeLeftovers(output: string, log: (line: string) => void): void;
    };
    const output = join(dir, "site");
    const dead = 2 ** 22 + 12345;
    for (const name of [`site.partial-${dead}`, `site.earlier-${dead}`, `site.partial-${process.pid}`, "site.other"])
      cpSync(join(dir, "src", "404.md"), join(dir, name, "404.md"), {recursive: true});
    const lines: string[] = [];
    removeLeftovers(output, (line) => lines.push(line));
    expect(siblings(output).sort()).toEqual(["site.other", `site.partial-${process.pid}`]);
    expect(lines).toEqual([
      `build: removed ${output}.earlier-${dead}, left by an interrupted build (process ${dead})`,
      `build: removed ${output}.partial-${dead}, left by an interrupted build (process ${dead})`
    ]);
  });
});

describe("npm run build:incremental", () => {
  /** The folder an incremental build of `output` keeps what it takes from in, inside the copy. */
  async function reuseFolder(output: string): Promise<string> {
    const {stateFolder} = (await import(join(dir, "src/render/store.ts"))) as {
      stateFolder(r: string, o: string): string;
    };
    return stateFolder(dir, output);
  }

  it("sees a run's bench.log edited in place with its size and time kept: its output equals a cold build's", async () => {
    const study = join(dir, "edited-study");
    cpSync(join(dir, SEED), study, {recursive: true});
    const env = {TPS_REPORT_STUDY: study, TPS_REPORT_OUTPUT: join(dir, "incremental")};
    for (let i = 0; i < 2; i++) {
      const built = await build("build:incremental", env);
      expect(built.code, built.log.slice(-2000)).toBe(0);
    }
    const log = join(study, "runs", RUN, "bench.log");
    const reference = join(dir, "bench.log.times");
    // touch -r keeps the times to the nanosecond, as an editor or a tool restoring them would.
    execFileSync("cp", ["-p", log, reference]);
    const before = statSync(log, {bigint: true});
    const text = readFileSync(log, "utf8");
    expect(text).toContain("1563.33");
    writeFileSync(log, text.replace("1563.33", "1663.33"));
    execFileSync("touch", ["-r", reference, log]);
    const after = statSync(log, {bigint: true});
    expect([after.size, after.mtimeNs]).toEqual([before.size, before.mtimeNs]);
    const again = await build("build:incremental", env);
    expect(again.code, again.log.slice(-2000)).toBe(0);
    const cold = await build("build", {...env, TPS_REPORT_OUTPUT: join(dir, "cold")});
    expect(cold.code, cold.log.slice(-2000)).toBe(0);
    expect(readFileSync(join(dir, "cold", "steps", "quantization.html"), "utf8")).toContain("1663.33");
    expect(sameTrees(join(dir, "incremental"), join(dir, "cold"))).toEqual([]);
  }, 600_000);

  it("falls back to a cold build, in one line, when every file it kept is corrupted", async () => {
    // The incremental build of the edited study above, and what it kept.
    const output = join(dir, "incremental");
    const env = {TPS_REPORT_STUDY: join(dir, "edited-study"), TPS_REPORT_OUTPUT: output};
    const reuse = await reuseFolder(output);
    expect(existsSync(reuse)).toBe(true);
    let corrupted = 0;
    const walk = (path: string): void => {
      for (const entry of readdirSync(path, {withFileTypes: true})) {
        const child = join(path, entry.name);
        if (entry.isDirectory()) walk(child);
        else {
          writeFileSync(child, "\u0001{not what was written\u0002");
          corrupted++;
        }
      }
    };
    walk(reuse);
    expect(corrupted).toBeGreaterThan(0);
    const built = await build("build:incremental", env);
    expect(built.code, built.log.slice(-3000)).toBe(0);
    expect(built.log).not.toMatch(/SyntaxError|\n\s+at /);
    expect(built.log.split("\n").filter((line) => /building every page/.test(line))).toHaveLength(1);
    expect(sameTrees(output, join(dir, "cold"))).toEqual([]);
  }, 600_000);
});
