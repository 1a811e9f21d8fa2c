// Framework's npm cache filled from node_modules, so that notebook pages' `npm:` imports and implicit built-ins (Plot,
// Inputs, d3, aq, vl, FileAttachment(…).csv(), …) never reach a CDN. Framework serves `/_npm/<name>@<version>/…` from
// src/.observablehq/cache/_npm when the file is there and fetches it only when it is not (its dist/npm.js). The cache
// is made once per package-lock.json under node_modules/.cache, which `npm run clean` leaves alone, and linked in
// before Framework resolves an import. This file and bundle-package.ts are the only code that knows that layout.
import {createHash} from "node:crypto";
import {
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync
} from "node:fs";
import {dirname, join, resolve} from "node:path";
import {version as esbuildVersion} from "esbuild";
import {bundleModule, modulePath, type CacheModule} from "./bundle-package.js";
import {installedPackage, lockedVersions, type InstalledPackage} from "./locked-packages.js";

/** The packages Framework's implicit imports name (its libraries.js and client stdlib): a page uses them unasked. */
export const BUILT_IN_PACKAGES = [
  "@observablehq/plot", // Plot
  "d3", // d3
  "d3-dsv", // FileAttachment(…).csv(), .tsv()
  "htl", // html, svg, htl; Inputs
  "arquero", // aq, FileAttachment(…).arquero()
  "apache-arrow", // Arrow, FileAttachment(…).arrow(), .parquet()
  "parquet-wasm", // FileAttachment(…).parquet()
  "vega", // vl
  "vega-lite", // vl
  "vega-lite-api" // vl
] as const;

/** Where the caches live: inside node_modules, so `npm ci` starts them afresh and `npm run clean` keeps them. */
export const CACHE_PARENT = join("node_modules", ".cache", "tps-report");

/** The file in a filled cache that lists what it holds. */
export const MANIFEST = "npm-cache.json";

export interface CacheManifest {
  key: string;
  modules: string[];
  /** Project dependencies that do not run in a browser, with the reason. */
  skipped: {name: string; reason: string}[];
  seconds: number;
}

const SOURCES = ["fill.ts", "bundle-package.ts", "locked-packages.ts"];

/** The cache's key: the lock, the manifest's dependencies, this tool's code and esbuild's version. */
export function cacheKey(root: string): string {
  const hash = createHash("sha256")
    .update(readFileSync(join(root, "package-lock.json")))
    .update(esbuildVersion);
  hash.update(JSON.stringify(projectDependencies(root)));
  for (const name of SOURCES) hash.update(readFileSync(join(import.meta.dirname, name)));
  return hash.digest("hex").slice(0, 16);
}

/** The filled cache's folder for the project at `root`; its `_npm` is what Framework's cache links to. */
export function npmCacheDir(root: string): string {
  return join(root, CACHE_PARENT, `npm-${cacheKey(root)}`);
}

/** The project's own dependencies (package.json), each tried in the cache; those that need Node are skipped. */
function projectDependencies(root: string): string[] {
  const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {dependencies?: object};
  return Object.keys(manifest.dependencies ?? {});
}

/** Every file of an installed package linked into its cache folder (not its own node_modules), as the CDN serves a
 * package's files by path: `npm:parquet-wasm/esm/parquet_wasm_bg.wasm`, a stylesheet, a data file. */
function linkPackageFiles(pkg: InstalledPackage, into: string): void {
  const walk = (from: string, to: string): void => {
    mkdirSync(to, {recursive: true});
    for (const entry of readdirSync(from, {withFileTypes: true})) {
      if (entry.name === "node_modules") continue;
      const source = join(from, entry.name);
      if (entry.isDirectory()) walk(source, join(to, entry.name));
      else if (entry.isFile() && !existsSync(join(to, entry.name))) {
        try {
          linkSync(source, join(to, entry.name));
        } catch {
          writeFileSync(join(to, entry.name), readFileSync(source));
        }
      }
    }
  };
  walk(pkg.dir, into);
}

/** Bundles `names` and all they import into `out` (Framework's _npm layout); returns the modules written. */
async function bundleClosure(
  root: string,
  names: readonly string[],
  locked: ReadonlyMap<string, string>,
  written: Map<string, CacheModule>
): Promise<Map<string, {module: CacheModule; code: string}>> {
  const made = new Map<string, {module: CacheModule; code: string}>();
  let queue: CacheModule[] = names.map((name) => ({pkg: installedPackage(root, name, root, locked), subpath: ""}));
  while (queue.length) {
    const next: CacheModule[] = [];
    const fresh = queue.filter((m) => !written.has(modulePath(m)) && !made.has(modulePath(m)));
    for (const m of fresh) made.set(modulePath(m), {module: m, code: ""});
    await Promise.all(
      fresh.map(async (module) => {
        const {code, imports} = await bundleModule(root, module, locked);
        made.get(modulePath(module))!.code = code;
        next.push(...imports);
      })
    );
    queue = next;
  }
  return made;
}

/** Fills a new cache for the project at `root` into `dir` (written aside and renamed, so a reader never sees half):
 * `builtIns` must all bundle, the project's other dependencies are tried. */
export async function fillNpmCache(
  root: string,
  dir = npmCacheDir(root),
  builtIns: readonly string[] = BUILT_IN_PACKAGES
): Promise<CacheManifest> {
  const started = performance.now();
  root = realpathSync(root);
  const locked = lockedVersions(root);
  const written = new Map<string, CacheModule>();
  const staging = mkdtempSync(`${dir}.fill-`);
  const skipped: CacheManifest["skipped"] = [];
  try {
    const keep = (modules: Map<string, {module: CacheModule; code: string}>): void => {
      for (const [path, {module, code}] of modules) {
        const file = join(staging, "_npm", path);
        mkdirSync(dirname(file), {recursive: true});
        writeFileSync(file, code);
        written.set(path, module);
      }
    };
    // The built-ins must all bundle; a project dependency that needs Node is only left out.
    keep(await bundleClosure(root, builtIns, locked, written));
    for (const name of projectDependencies(root)) {
      if (builtIns.includes(name)) continue;
      try {
        keep(await bundleClosure(root, [name], locked, written));
      } catch (error) {
        skipped.push({name, reason: (error as Error).message.split("\n")[0]});
      }
    }
    const packages = new Map([...written.values()].map((m) => [`${m.pkg.name}@${m.pkg.version}`, m.pkg]));
    for (const [folder, pkg] of packages) linkPackageFiles(pkg, join(staging, "_npm", folder));
    const manifest: CacheManifest = {
      key: dir.slice(dir.lastIndexOf("npm-") + 4),
      modules: [...written.keys()].sort(),
      skipped,
      seconds: Math.round((performance.now() - started) / 100) / 10
    };
    writeFileSync(join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    try {
      renameSync(staging, dir);
    } catch (error) {
      // Another process filled the same cache meanwhile: its copy is as good.
      if (!existsSync(join(dir, MANIFEST))) throw error;
    }
    return manifest;
  } finally {
    rmSync(staging, {recursive: true, force: true});
  }
}

/** The cache's manifest, or null when it is not filled. */
export function readManifest(dir: string): CacheManifest | null {
  try {
    return JSON.parse(readFileSync(join(dir, MANIFEST), "utf8")) as CacheManifest;
  } catch {
    return null;
  }
}

/** Points `<sourceRoot>/.observablehq/cache/_npm` at the filled cache (replacing a folder or an older link). */
export function linkNpmCache(sourceRoot: string, dir: string): void {
  const link = join(sourceRoot, ".observablehq", "cache", "_npm");
  const target = resolve(dir, "_npm");
  try {
    if (lstatSync(link).isSymbolicLink() && readlinkSync(link) === target) return;
  } catch {
    // No link yet.
  }
  mkdirSync(dirname(link), {recursive: true});
  const made = `${link}.${process.pid}.link`;
  rmSync(made, {force: true});
  symlinkSync(target, made, "dir");
  try {
    renameSync(made, link);
  } catch {
    // A folder Framework made before (a rename cannot replace a folder): its files were fetched or stubs.
    rmSync(link, {recursive: true, force: true});
    renameSync(made, link);
  }
}

/** Caches of other locks, left by an earlier install: removed once this one is filled. */
function removeOtherCaches(root: string, keep: string): void {
  const parent = join(root, CACHE_PARENT);
  for (const name of readdirSync(parent))
    if (/^npm-[0-9a-f]{16}$/.test(name) && join(parent, name) !== keep)
      rmSync(join(parent, name), {recursive: true, force: true});
}

/** The project that installed the node_modules `dir` uses: a copy of the project that links them (a test's) has the
 * lock and the cache of the original. */
export function installRoot(dir: string): string {
  return dirname(realpathSync(join(dir, "node_modules")));
}

/**
 * The cache for the lock of the project at `projectDir`, filled when missing (once per package-lock.json), linked into
 * Framework's cache of `sourceRoot` (relative to `projectDir`). Called before Framework resolves any import
 * (observablehq.config.ts).
 */
export async function ensureNpmCache(
  projectDir: string,
  sourceRoot: string,
  log: (line: string) => void = (line) => process.stderr.write(`${line}\n`)
): Promise<CacheManifest> {
  const root = installRoot(projectDir);
  const dir = npmCacheDir(root);
  let manifest = readManifest(dir);
  if (!manifest) {
    log("npm cache: bundling the notebook libraries from node_modules (once per package-lock.json)…");
    mkdirSync(dirname(dir), {recursive: true});
    manifest = await fillNpmCache(root, dir);
    removeOtherCaches(root, dir);
    log(`npm cache: ${manifest.modules.length} modules in ${manifest.seconds} s (${dir})`);
  }
  linkNpmCache(resolve(projectDir, sourceRoot), dir);
  return manifest;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const manifest = await ensureNpmCache(resolve(import.meta.dirname, "../.."), "src");
  for (const {name, reason} of manifest.skipped) process.stderr.write(`npm cache: ${name} left out: ${reason}\n`);
}
