// Data flows one way through the library: a file under loaders/ imports only its own folder or a lower one, never src/.
import {readdirSync, readFileSync} from "node:fs";
import {dirname, join, relative, resolve} from "node:path";
import {describe, expect, it} from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");
const LOADERS = join(ROOT, "loaders");

/** The library's folders from the ground up; a folder may import its own rank or lower, never a peer of its rank. */
export const LAYERS: readonly (readonly string[])[] = [
  [".", "files"],
  ["parse", "stats", "requests", "telemetry"],
  ["headroom"],
  ["study"],
  ["command"],
  ["runs"],
  ["analysis"],
  ["export", "pages"],
  ["client"],
  ["import"],
  ["live"],
  ["cluster"],
  ["cli"]
];

function rankOf(folder: string): number {
  return LAYERS.findIndex((layer) => layer.includes(folder));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, {withFileTypes: true}).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : /\.(ts|js)$/.test(e.name) ? [join(dir, e.name)] : []
  );
}

/** Every module a file names: static imports and re-exports (type-only ones too) and import() of a literal. */
export function importedSpecifiers(text: string): string[] {
  const found: string[] = [];
  const patterns = [
    /^\s*(?:import|export)\b[^;"']*?\bfrom\s*["']([^"']+)["']/gm,
    /^\s*import\s*["']([^"']+)["']/gm,
    /\bimport\(\s*["']([^"']+)["']\s*\)/g
  ];
  for (const pattern of patterns) for (const m of text.matchAll(pattern)) found.push(m[1]);
  return found;
}

/** Where the library's imports break the order: "importer -> imported (why)". */
export function layerViolations(files: readonly {path: string; text: string}[]): string[] {
  const problems: string[] = [];
  for (const {path, text} of files) {
    const from = relative(LOADERS, path);
    const fromFolder = from.includes("/") ? from.split("/")[0] : ".";
    for (const spec of importedSpecifiers(text)) {
      if (!spec.startsWith(".")) continue;
      const target = relative(LOADERS, resolve(dirname(path), spec));
      // The package's own manifest (its version) is no layer: the bundle inlines it.
      if (relative(ROOT, resolve(dirname(path), spec)) === "package.json") continue;
      if (target.startsWith("..")) {
        problems.push(`${from} -> ${relative(ROOT, resolve(dirname(path), spec))} (outside loaders/)`);
        continue;
      }
      const toFolder = target.includes("/") ? target.split("/")[0] : ".";
      if (toFolder === fromFolder) continue;
      const [a, b] = [rankOf(fromFolder), rankOf(toFolder)];
      if (a < 0 || b < 0) problems.push(`${from} -> ${target} (folder not in LAYERS)`);
      else if (b > a) problems.push(`${from} -> ${target} (up a layer)`);
      else if (b === a) problems.push(`${from} -> ${target} (a peer folder)`);
    }
  }
  return problems;
}

/** Import circles between files of one folder, each as "a -> b -> a". */
export function importCircles(files: readonly {path: string; text: string}[]): string[] {
  const edges = new Map<string, string[]>();
  for (const {path, text} of files) {
    const targets = importedSpecifiers(text)
      .filter((s) => s.startsWith("."))
      .map((s) => resolve(dirname(path), s).replace(/\.js$/, ".ts"));
    edges.set(path, targets);
  }
  const circles = new Set<string>();
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, "open");
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      if (!edges.has(next)) continue;
      if (state.get(next) === "open") {
        const loop = stack.slice(stack.indexOf(next)).map((p) => relative(LOADERS, p));
        circles.add([...loop, loop[0]].join(" -> "));
      } else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, "done");
  };
  for (const node of edges.keys()) if (!state.has(node)) visit(node);
  return [...circles];
}

const library = sourceFiles(LOADERS).map((path) => ({path, text: readFileSync(path, "utf8")}));

describe("the library's layers", () => {
  it("names every folder of loaders/ in LAYERS", () => {
    const folders = readdirSync(LOADERS, {withFileTypes: true})
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    expect(folders.filter((f) => rankOf(f) < 0)).toEqual([]);
  });

  it("has no import from src/, up a layer or across to a peer folder", () => {
    expect(layerViolations(library)).toEqual([]);
  });

  it("has no import circle", () => {
    expect(importCircles(library)).toEqual([]);
  });

  it("would catch each of the imports issue 27 names", () => {
    const at = (path: string, spec: string) => ({path: join(LOADERS, path), text: `import {x} from "${spec}";\n`});
    const named = [
      at("pages/run-pages.ts", "../../src/components/runSets.js"),
      at("export/aggregate.ts", "../pages/run-cells.js"),
      at("analysis/shown-command.ts", "../live/argv.js"),
      at("analysis/validate.ts", "../live/settings.js"),
      at("cluster/emit.ts", "../cli/errors.js")
    ];
    for (const file of named) expect(layerViolations([file])).toHaveLength(1);
    const circle = [
      {path: join(LOADERS, "study/plan.ts"), text: `import type {A} from "./repeats.js";`},
      {path: join(LOADERS, "study/repeats.ts"), text: `import {pointRepeats} from "./plan.js";`}
    ];
    expect(importCircles(circle)).toHaveLength(1);
  });
});
