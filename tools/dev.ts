// `npm run dev`: Framework's preview, plus the one thing it does not watch: the files a data loader imports. Framework
// re-runs a loader whose file was touched, so an edit under loaders/, data/ or src/ touches the loaders that import
// the edited file (every loader, for a study file they read at run time) and the page reloads its data.
import {spawn} from "node:child_process";
import {existsSync, utimesSync, watch} from "node:fs";
import {join, relative, resolve} from "node:path";
import {studyDir} from "../loaders/study/study-dir.js";
import {PAGE_MEMO_ENV} from "../src/render/page-memo.js";
import {ignoredChange, ImportGraph, loadersToRerun, watchedDirs} from "./loader-graph.js";

const root = resolve(import.meta.dirname, "..");
const framework = join(root, "node_modules/@observablehq/framework/dist/bin/observable.js");
const graph = new ImportGraph(root);
let loaders = graph.loaders();
const CONFIG = join(root, "observablehq.config.ts");
const study = resolve(root, studyDir());

// Each reload's renderer draws only the pages whose input or code changed (at 1000× the seed a new run changes one
// step's page); the memo lives in Framework's cache, so `npm run clean` clears it.
const memo = process.env[PAGE_MEMO_ENV] ?? join(root, "src/.observablehq/cache/.dev-memo");
const preview = spawn(process.execPath, [framework, "preview", ...process.argv.slice(2)], {
  cwd: root,
  env: {...process.env, [PAGE_MEMO_ENV]: memo},
  stdio: "inherit"
});
preview.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => preview.kill(signal));

const pending = new Set<string>();
let timer: NodeJS.Timeout | null = null;

function rerun(): void {
  timer = null;
  const changed = [...pending];
  pending.clear();
  for (const file of changed) graph.forget(file);
  loaders = graph.loaders();
  const touched = new Set<string>();
  for (const file of changed) for (const loader of loadersToRerun(root, loaders, file, study)) touched.add(loader);
  if (!touched.size) return;
  const now = new Date();
  for (const loader of touched) if (existsSync(loader)) utimesSync(loader, now, now);
  const names = [...touched].map((loader) => relative(root, loader)).join(", ");
  process.stdout.write(`dev: ${changed.map((f) => relative(root, f)).join(", ")} changed; re-running ${names}\n`);
  const statically = graph.importsOf(CONFIG);
  if (touched.has(CONFIG) && changed.some((f) => statically.has(resolve(f))))
    process.stdout.write("dev: observablehq.config.ts imports it: restart npm run dev for the sidebar and routes\n");
}

/** Collects the edits of one save (editors write several events), then touches the loaders once. */
function changedFile(dir: string, name: string | null): void {
  if (!name || ignoredChange(root, dir, name)) return;
  const file = join(dir, name);
  if (loaders.has(file)) return; // Framework watches the loaders themselves
  pending.add(file);
  timer ??= setTimeout(rerun, 100);
}

for (const dir of watchedDirs(root, study))
  if (existsSync(dir)) watch(dir, {recursive: true}, (_event, name) => changedFile(dir, name));
