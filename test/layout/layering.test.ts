// Data flows one way: through the library (loaders/), whose files import only their own folder or a lower one and never
// the site; then through the site (src/), whose folders import the library and their own rank or lower; then the
// Framework config and the tools, which nothing imports.
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

const SRC = join(ROOT, "src");

/** The site's folders from the ground up (src/): drawing, the page renderer, then Framework's data loaders and the build. */
export const SITE_LAYERS: readonly (readonly string[])[] = [["components"], ["render"], ["data", "build"]];

function siteRank(folder: string): number {
  return SITE_LAYERS.findIndex((layer) => layer.includes(folder));
}

/** Where the site's imports break its order: "importer -> imported (why)". The browser's side (components) takes only
 * types from the library; nothing in the site imports the config or tools/. */
export function siteViolations(files: readonly {path: string; text: string}[]): string[] {
  const problems: string[] = [];
  for (const {path, text} of files) {
    const from = relative(SRC, path);
    const fromFolder = from.split("/")[0];
    for (const match of text.matchAll(/^\s*(import|export)(\s+type)?\b[^;"']*?\bfrom\s*["']([^"']+)["']/gm)) {
      const [, , typeOnly, spec] = match;
      if (!spec.startsWith(".")) continue;
      const target = resolve(dirname(path), spec);
      const fromRoot = relative(ROOT, target);
      if (fromRoot.startsWith("loaders/")) {
        if (fromFolder === "components" && !typeOnly)
          problems.push(`${from} -> ${fromRoot} (the browser's code takes types only)`);
        continue;
      }
      if (!fromRoot.startsWith("src/")) {
        problems.push(`${from} -> ${fromRoot} (outside loaders/ and src/)`);
        continue;
      }
      const toFolder = relative(SRC, target).split("/")[0];
      if (toFolder === fromFolder) continue;
      const [a, b] = [siteRank(fromFolder), siteRank(toFolder)];
      if (a < 0 || b < 0) problems.push(`${from} -> ${relative(SRC, target)} (folder not in SITE_LAYERS)`);
      else if (b > a) problems.push(`${from} -> ${relative(SRC, target)} (up a layer)`);
      else if (b === a) problems.push(`${from} -> ${relative(SRC, target)} (a peer folder)`);
    }
  }
  return problems;
}

const site = readdirSync(SRC, {withFileTypes: true})
  .filter((e) => e.isDirectory() && !e.name.startsWith("."))
  .flatMap((e) => sourceFiles(join(SRC, e.name)))
  .map((path) => ({path, text: readFileSync(path, "utf8")}));

describe("the site's layers", () => {
  it("names every folder of src/ that holds code in SITE_LAYERS", () => {
    const folders = new Set(site.map(({path}) => relative(SRC, path).split("/")[0]));
    expect([...folders].filter((f) => siteRank(f) < 0)).toEqual([]);
  });

  it("has no import up a layer, across to a peer folder, or of anything above the site", () => {
    expect(siteViolations(site)).toEqual([]);
  });

  it("has no import circle", () => {
    expect(importCircles(site)).toEqual([]);
  });

  it("is imported by nothing in the library (loaders/), which stays below it", () => {
    const intoSite = library.flatMap(({path, text}) =>
      importedSpecifiers(text)
        .map((spec) => [spec, relative(ROOT, resolve(dirname(path), spec))])
        .filter(([spec, target]) => spec.startsWith(".") && !target.startsWith("loaders/") && target !== "package.json")
        .map(([spec]) => spec)
        .map((spec) => `${relative(ROOT, path)} -> ${spec}`)
    );
    expect(intoSite).toEqual([]);
  });

  it("would catch an import up the site's order, and a value the browser's code takes from the library", () => {
    const at = (path: string, spec: string, type = "") => ({
      path: join(SRC, path),
      text: `import ${type}{x} from "${spec}";\n`
    });
    expect(siteViolations([at("render/dom.ts", "../build/stamp.js")])).toHaveLength(1);
    expect(siteViolations([at("components/links.ts", "../render/html.js")])).toHaveLength(1);
    expect(siteViolations([at("components/links.ts", "../../loaders/text.js")])).toHaveLength(1);
    expect(siteViolations([at("components/links.ts", "../../loaders/text.js", "type ")])).toEqual([]);
    expect(siteViolations([at("build/stamp.ts", "../../tools/build.js")])).toHaveLength(1);
    expect(siteViolations([at("build/stamp.ts", "../render/html.js")])).toEqual([]);
  });
});
