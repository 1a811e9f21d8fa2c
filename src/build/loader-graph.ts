// Which project files each data loader imports, directly or through other imports: the
// files whose edits must re-run that loader in `npm run dev`.
import {readFileSync} from "node:fs";
import {isAbsolute, join, relative, resolve} from "node:path";
import ts from "typescript";
import {dataLoaders} from "./loader-outputs.js";

function compilerOptions(root: string): ts.CompilerOptions {
  const file = join(root, "tsconfig.json");
  const {config} = ts.readConfigFile(file, ts.sys.readFile);
  return ts.parseJsonConfigFileContent(config ?? {}, ts.sys, root).options;
}

/** Resolves imports to project files, remembering each file's direct imports until `forget` says it changed. */
export class ImportGraph {
  private readonly direct = new Map<string, string[]>();
  private readonly options: ts.CompilerOptions;

  constructor(readonly root: string) {
    this.options = compilerOptions(root);
  }

  forget(file: string): void {
    this.direct.delete(resolve(file));
  }

  /** The project files (outside node_modules) that `file` imports itself, statically or dynamically. */
  private imports(file: string): string[] {
    let known = this.direct.get(file);
    if (known) return known;
    known = [];
    let text = "";
    try {
      text = readFileSync(file, "utf8");
    } catch {
      // A file deleted mid-edit imports nothing until it is back.
    }
    for (const {fileName} of ts.preProcessFile(text, true, true).importedFiles) {
      const resolved = ts.resolveModuleName(fileName, file, this.options, ts.sys).resolvedModule;
      if (!resolved || resolved.isExternalLibraryImport || resolved.resolvedFileName.includes("/node_modules/"))
        continue;
      known.push(resolve(resolved.resolvedFileName));
    }
    this.direct.set(file, known);
    return known;
  }

  /** Every project file that `entry` imports, at any depth. */
  importsOf(entry: string): Set<string> {
    const seen = new Set<string>();
    const stack = [resolve(entry)];
    while (stack.length) {
      for (const next of this.imports(stack.pop()!)) {
        if (seen.has(next)) continue;
        seen.add(next);
        stack.push(next);
      }
    }
    return seen;
  }

  /** For each data loader (absolute paths), the project files it imports. */
  loaders(): Map<string, Set<string>> {
    const graph = new Map<string, Set<string>>();
    for (const loader of dataLoaders(this.root)) graph.set(resolve(loader), this.importsOf(loader));
    return graph;
  }
}

/** The loaders that must re-run after `changed` was edited: those importing it; for any other file under data/ or
 * in the study folder (read at run time, not imported; TPS_REPORT_STUDY may put it anywhere) every loader, since they
 * all read the study. */
export function loadersToRerun(
  root: string,
  graph: Map<string, Set<string>>,
  changed: string,
  study = join(root, "data")
): string[] {
  const file = resolve(changed);
  const importers = [...graph].filter(([, imports]) => imports.has(file)).map(([loader]) => loader);
  if (importers.length) return importers;
  return inside(join(root, "data"), file) || inside(study, file) ? [...graph.keys()] : [];
}

/** The folders `npm run dev` watches: the project's own, and the study's where it lies outside them. */
export function watchedDirs(root: string, study: string): string[] {
  const dirs = ["loaders", "data", "src"].map((dir) => join(root, dir));
  const studyDir = resolve(root, study);
  return dirs.some((dir) => inside(dir, studyDir)) ? dirs : [...dirs, studyDir];
}

/** Changes dev leaves alone: Framework's cache, hidden files (an editor's, a live run not finished) and temporaries,
 * judged by the path inside the watched folder, so a study under a dot folder is still watched. */
export function ignoredChange(root: string, watched: string, name: string): boolean {
  const file = join(watched, name);
  return inside(join(root, "src/.observablehq"), file) || /(^|\/)\.|~$|\.tmp$/.test(relative(watched, file));
}

/** Whether `file` is `dir` or lies under it. */
export function inside(dir: string, file: string): boolean {
  const rel = relative(resolve(dir), resolve(file));
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
}
