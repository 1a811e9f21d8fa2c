// `npm run dev`: the page renderer draws the study into dev's state folder, then Framework's preview serves it. An edit
// under loaders/, data/, src/ or the study draws it again (only the pages whose input or code changed) and reloads the
// open pages; the data loaders that import the edited file run again. A study that cannot be drawn shows its error on
// the pages until it is mended.
import {spawn, type ChildProcess} from "node:child_process";
import {existsSync, utimesSync, watch} from "node:fs";
import {join, relative, resolve} from "node:path";
import {studyDir} from "../../loaders/study/study-dir.js";
import {readSite, stateFolder, STATE_ENV} from "../render/store.js";
import {handDownloads} from "./build.js";
import {ignoredChange, ImportGraph, inside, loadersToRerun, watchedDirs} from "./loader-graph.js";
import {forgetLoaderOutputs} from "./loader-outputs.js";

const root = resolve(import.meta.dirname, "../..");
const framework = join(root, "node_modules/@observablehq/framework/dist/bin/observable.js");
const CONFIG = join(root, "observablehq.config.ts");

/** Draws the study into `state` in a fresh process, so the code as it is now draws it; whether it could. */
function draw(state: string): Promise<boolean> {
  return new Promise((done) => {
    const child = spawn(
      process.execPath,
      [
        "--max-semi-space-size=128",
        "--import",
        "tsx",
        join(root, "src/render/main.ts"),
        ...["--state", state, "--mode", "fill", "--keep", "--show-error"]
      ],
      {cwd: root, stdio: ["ignore", "inherit", "inherit"]}
    );
    child.on("error", () => done(false));
    child.on("close", (code) => done(code === 0));
  });
}

function touch(file: string): void {
  const now = new Date();
  if (existsSync(file)) utimesSync(file, now, now);
}

/** The Markdown sources of the drawn pages, as the last drawing listed them (none while the study cannot be drawn). */
function drawnSourcesOf(state: string): Set<string> {
  try {
    const site = readSite(state);
    return new Set("error" in site ? [] : site.pages.map((page) => join(root, "src", page.source)));
  } catch {
    return new Set();
  }
}

export async function dev(args: readonly string[]): Promise<void> {
  const study = resolve(root, studyDir());
  const state = stateFolder(root, "dev");
  const graph = new ImportGraph(root);
  const drawnSources = () => drawnSourcesOf(state);
  let loaders = graph.loaders();
  // A build leaves its study's files in Framework's cache, dated as their loaders, so taken as fresh: this study's
  // replace them, or, when it cannot be drawn, no loader's output is left (each runs and shows the study's error).
  if (await draw(state)) handDownloads(state);
  else forgetLoaderOutputs(root);
  const preview: ChildProcess = spawn(
    process.execPath,
    ["--import", "tsx", "--import", join(root, "src/build/dev-guard.ts"), framework, "preview", ...args],
    {cwd: root, env: {...process.env, [STATE_ENV]: state}, stdio: "inherit"}
  );
  preview.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => preview.kill(signal));

  const pending = new Set<string>();
  let timer: NodeJS.Timeout | null = null;
  let drawing: Promise<void> = Promise.resolve();

  const redraw = async (): Promise<void> => {
    timer = null;
    const changed = [...pending];
    pending.clear();
    for (const file of changed) graph.forget(file);
    loaders = graph.loaders();
    const names = changed.map((f) => relative(root, f)).join(", ");
    process.stdout.write(`dev: ${names} changed; drawing the study again\n`);
    await draw(state);
    const rerun = new Set<string>();
    for (const file of changed) for (const loader of loadersToRerun(root, loaders, file, study)) rerun.add(loader);
    for (const loader of rerun) touch(loader);
    // Framework reads its config again when the file's time changes, and reloads the open pages.
    touch(CONFIG);
  };

  /** Collects the edits of one save (editors write several events), then draws once, after any drawing under way. */
  const changedFile = (dir: string, name: string | null): void => {
    if (!name || ignoredChange(root, dir, name)) return;
    const file = join(dir, name);
    if (loaders.has(file)) return; // Framework watches the loaders themselves
    // A page a user wrote (no drawn page's source) is Framework's alone: it shows the edited cell itself.
    if (file.endsWith(".md") && inside(join(root, "src"), file) && !drawnSources().has(file)) return;
    pending.add(file);
    timer ??= setTimeout(() => (drawing = drawing.then(redraw)), 100);
  };
  for (const dir of watchedDirs(root, study))
    if (existsSync(dir)) watch(dir, {recursive: true}, (_event, name) => changedFile(dir, name));
}
