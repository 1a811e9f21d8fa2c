// One installed package (or a path inside it) bundled to one browser ES module, as the CDN would serve its +esm file:
// the package's browser build (its "browser" field and export conditions), minified, with every other package it
// imports left as an import of that package's own file in the cache, so each package is loaded once per page.
import {createRequire, isBuiltin} from "node:module";
import {dirname, join, posix, relative, sep} from "node:path";
import {build, type Metafile, type Plugin} from "esbuild";
import {installedPackage, isBareSpecifier, splitSpecifier, type InstalledPackage} from "./locked-packages.js";

/** A module of the cache: a package, or a path inside it. */
export interface CacheModule {
  pkg: InstalledPackage;
  /** "" for the package's entry, else the path imported ("dist/foo", "foo.js"). */
  subpath: string;
}

/** Framework's cache path of a module, under _npm: `name@version/_esm.js` or `name@version/sub._esm.js`. */
export function modulePath({pkg, subpath}: CacheModule): string {
  return `${pkg.name}@${pkg.version}/${subpath ? `${subpath}._esm.js` : "_esm.js"}`;
}

export class BundleError extends Error {}

// Framework's own browser targets for the modules it bundles.
const TARGET = ["es2022", "chrome96", "firefox96", "safari16"];

/** What the bundle imports from other packages (each to be bundled in turn) and its code. */
export interface BundledModule {
  code: string;
  imports: CacheModule[];
}

/** The package's exports as Node sees them: a CommonJS package's browser file names none an ES module could import. */
function commonJsNames(pkg: InstalledPackage, specifier: string): string[] {
  try {
    const value = createRequire(join(pkg.dir, "package.json"))(specifier) as object;
    return Object.keys(value).filter((key) => key !== "default" && /^[A-Za-z_$][\w$]*$/.test(key));
  } catch {
    return [];
  }
}

async function esbuild(
  root: string,
  module: CacheModule,
  locked: ReadonlyMap<string, string>,
  stdin: string | null
): Promise<{code: string; imports: CacheModule[]; metafile: Metafile; entry: string}> {
  const {pkg, subpath} = module;
  const specifier = subpath ? `${pkg.name}/${subpath}` : pkg.name;
  const from = dirname(modulePath(module));
  const imports = new Map<string, CacheModule>();
  let entry = "";
  const plugin: Plugin = {
    name: "npm-cache",
    setup(b) {
      b.onResolve({filter: /^tps-report:entry$/}, async () => {
        const found = await b.resolve(specifier, {kind: "import-statement", resolveDir: pkg.dir, pluginData: "entry"});
        if (found.errors.length) return {errors: found.errors};
        entry = found.path;
        return {path: found.path};
      });
      b.onResolve({filter: /.*/}, (args) => {
        if (args.pluginData === "entry" || !isBareSpecifier(args.path) || args.kind === "entry-point") return undefined;
        const {name, subpath: depPath} = splitSpecifier(args.path);
        // A package's own name, and require() (a CommonJS file cannot import an ES module): bundled in.
        if (name === pkg.name || args.kind === "require-call" || args.kind === "require-resolve") return undefined;
        // Node's built-ins are left to esbuild: a "browser" field may map them away, else the bundle fails.
        if (isBuiltin(args.path)) return undefined;
        const dep = installedPackage(root, name, args.resolveDir, locked);
        const target: CacheModule = {pkg: dep, subpath: depPath};
        imports.set(modulePath(target), target);
        let path = posix.relative(from, modulePath(target));
        if (!path.startsWith(".")) path = `./${path}`;
        return {path, external: true};
      });
    }
  };
  const result = await build({
    ...(stdin ? {stdin: {contents: stdin, resolveDir: pkg.dir, loader: "js"}} : {entryPoints: ["tps-report:entry"]}),
    bundle: true,
    write: false,
    format: "esm",
    platform: "browser",
    target: TARGET,
    minify: true,
    legalComments: "none",
    define: {"process.env.NODE_ENV": JSON.stringify("production"), global: "globalThis"},
    metafile: true,
    logLevel: "silent",
    plugins: [plugin]
  }).catch((error: {errors?: {text: string; location?: {file: string; line: number} | null}[]}) => {
    const first = error.errors?.[0];
    const where = first?.location ? ` (${first.location.file}:${first.location.line})` : "";
    throw new BundleError(`${specifier}@${pkg.version}: ${first?.text ?? String(error)}${where}`);
  });
  return {code: result.outputFiles[0].text, imports: [...imports.values()], metafile: result.metafile, entry};
}

/** Bundles a module of the cache; a CommonJS entry gets named exports besides its default, as the CDN gives it. */
export async function bundleModule(
  root: string,
  module: CacheModule,
  locked: ReadonlyMap<string, string>
): Promise<BundledModule> {
  const first = await esbuild(root, module, locked, null);
  const input = first.metafile.inputs[relative(process.cwd(), first.entry).split(sep).join("/")];
  if (input?.format !== "cjs") return {code: first.code, imports: first.imports};
  const specifier = module.subpath ? `${module.pkg.name}/${module.subpath}` : module.pkg.name;
  const names = commonJsNames(module.pkg, specifier);
  const wrapper = [
    `import m from ${JSON.stringify(first.entry)};`,
    "export default m;",
    ...(names.length ? [`export const {${names.join(", ")}} = m;`] : [])
  ].join("\n");
  const wrapped = await esbuild(root, module, locked, wrapper);
  return {code: wrapped.code, imports: wrapped.imports};
}
