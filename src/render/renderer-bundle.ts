// The build's renderer runs from one esbuild bundle of our sources, made again only when one of them changed: loading
// its 180 TypeScript modules through tsx took 3 s of the renderer's start at 1000× the seed, on the build's critical
// path. The packages stay outside the bundle, loaded by Node as they are.
import {existsSync, mkdirSync, readFileSync, statSync} from "node:fs";
import {dirname, join, relative} from "node:path";
import {pathToFileURL} from "node:url";
import type {Plugin} from "esbuild";
import {writeFileAtomic} from "../../loaders/files/write-atomic.js";

/** Where the bundle and the list of what it was made from are kept: in Framework's cache, which `npm run clean` empties. */
export function rendererBundleDir(root: string): string {
  return join(root, "src/.observablehq/cache/.renderer");
}

interface Made {
  /** Each source file the bundle holds, with the size and modification time it had when bundled. */
  inputs: [string, number, number][];
}

function unchanged(root: string, made: Made): boolean {
  return made.inputs.every(([path, size, mtimeMs]) => {
    const stat = statSync(join(root, path), {throwIfNoEntry: false});
    return stat?.size === size && stat.mtimeMs === mtimeMs;
  });
}

// A module's own folder and URL, where its source names them: in one bundle they would all be the bundle's.
// Each file's size and time are taken as it is read, so a file edited during the bundling makes the next build bundle again.
function ownLocation(root: string, read: Map<string, [number, number]>): Plugin {
  return {
    name: "own-location",
    setup(build) {
      build.onLoad({filter: /\.ts$/}, (args) => {
        if (relative(root, args.path).startsWith("..") || args.path.includes("/node_modules/")) return undefined;
        const stat = statSync(args.path);
        read.set(relative(root, args.path), [stat.size, stat.mtimeMs]);
        const contents = readFileSync(args.path, "utf8")
          .replaceAll("import.meta.dirname", JSON.stringify(dirname(args.path)))
          .replaceAll("import.meta.filename", JSON.stringify(args.path))
          .replaceAll("import.meta.url", JSON.stringify(pathToFileURL(args.path).href));
        return {contents, loader: "ts"};
      });
    }
  };
}

/** The renderer's entry for Node: the bundle of `entry` (a path under `root`), made first when a source changed. */
export async function rendererBundle(root: string, entry: string): Promise<string> {
  const dir = rendererBundleDir(root);
  const name = entry.replace(/[/.]/g, "-");
  const file = join(dir, `${name}.mjs`);
  const list = join(dir, `${name}.json`);
  if (existsSync(file) && existsSync(list)) {
    try {
      if (unchanged(root, JSON.parse(readFileSync(list, "utf8")) as Made)) return file;
    } catch {
      // A list cut short: the bundle is made again.
    }
  }
  const {build} = await import("esbuild");
  const read = new Map<string, [number, number]>();
  const result = await build({
    absWorkingDir: root,
    entryPoints: [join(root, entry)],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    write: false,
    metafile: true,
    outfile: file,
    plugins: [ownLocation(root, read)],
    logLevel: "silent"
  });
  const inputs: Made["inputs"] = Object.keys(result.metafile.inputs).map((path) => {
    const seen = read.get(path);
    if (seen) return [path, ...seen];
    const stat = statSync(join(root, path));
    return [path, stat.size, stat.mtimeMs];
  });
  mkdirSync(dir, {recursive: true});
  // The list goes last: a bundle without its list, or with an older one, is made again.
  writeFileAtomic(file, result.outputFiles[0].contents);
  writeFileAtomic(list, JSON.stringify({inputs} satisfies Made));
  return file;
}

/** The arguments that run `entry` in Node: its bundle, or where esbuild cannot bundle a source, the source through
 * tsx, which says what is wrong as it always has. */
export async function entryArgs(root: string, entry: string): Promise<string[]> {
  return rendererBundle(root, entry).then(
    (bundle) => [bundle],
    () => ["--import", "tsx", join(root, entry)]
  );
}
