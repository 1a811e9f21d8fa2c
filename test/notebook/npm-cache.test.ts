// The npm cache (tools/npm-cache/): packages bundled for the browser one by one, each importing the others by their
// cache path, at the lock's versions; the repository's own cache whole; the link Framework reads through.
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  writeFileSync
} from "node:fs";
import {tmpdir} from "node:os";
import {dirname, join, posix, resolve} from "node:path";
import {parse} from "acorn";
import {afterAll, describe, expect, it} from "vitest";
import {bundleModule, modulePath} from "../../tools/npm-cache/bundle-package.js";
import {
  BUILT_IN_PACKAGES,
  ensureNpmCache,
  fillNpmCache,
  linkNpmCache,
  npmCacheDir
} from "../../tools/npm-cache/fill.js";
import {
  installedPackage,
  isBareSpecifier,
  lockedVersions,
  LockError,
  splitSpecifier
} from "../../tools/npm-cache/locked-packages.js";

const ROOT = resolve(import.meta.dirname, "../..");
const made: string[] = [];
afterAll(() => made.forEach((dir) => rmSync(dir, {recursive: true, force: true})));

/** A project with a lock and hand-made packages: name → {version, files, manifest fields}. */
function project(
  packages: Record<string, {version: string; files: Record<string, string>; manifest?: object}>
): string {
  const dir = mkdtempSync(join(tmpdir(), "tps-npm-cache-"));
  made.push(dir);
  const lock: Record<string, {version: string}> = {"": {version: "1.0.0"}};
  for (const [path, {version, files, manifest}] of Object.entries(packages)) {
    const pkg = join(dir, path);
    mkdirSync(pkg, {recursive: true});
    const name = path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length);
    writeFileSync(join(pkg, "package.json"), JSON.stringify({name, version, ...manifest}));
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(dirname(join(pkg, file)), {recursive: true});
      writeFileSync(join(pkg, file), text);
    }
    lock[path] = {version};
  }
  writeFileSync(join(dir, "package-lock.json"), JSON.stringify({lockfileVersion: 3, packages: lock}));
  const dependencies = Object.fromEntries(
    Object.entries(packages)
      .filter(([path]) => path.split("node_modules/").length === 2)
      .map(([path, p]) => [path.slice("node_modules/".length), p.version])
  );
  writeFileSync(join(dir, "package.json"), JSON.stringify({name: "p", dependencies}));
  return dir;
}

/** Every import specifier of an ES module: static imports, re-exports and import() of a literal. */
function importsOf(code: string): string[] {
  const found: string[] = [];
  const visit = (node: unknown): void => {
    if (!node || typeof node !== "object") return;
    if (Array.isArray(node)) return node.forEach(visit);
    const n = node as {type?: string; source?: {type: string; value: unknown}};
    if (/^(Import|ExportAll|ExportNamed)Declaration$|^ImportExpression$/.test(n.type ?? "") && n.source)
      if (n.source.type === "Literal") found.push(String(n.source.value));
    for (const value of Object.values(node)) if (value && typeof value === "object") visit(value);
  };
  visit(parse(code, {ecmaVersion: "latest", sourceType: "module"}));
  return found;
}

describe("specifiers", () => {
  it("splits a package name from the path inside it", () => {
    expect(splitSpecifier("d3")).toEqual({name: "d3", subpath: ""});
    expect(splitSpecifier("@observablehq/plot")).toEqual({name: "@observablehq/plot", subpath: ""});
    expect(splitSpecifier("@uwdata/flechette/src/x.js")).toEqual({name: "@uwdata/flechette", subpath: "src/x.js"});
    expect(splitSpecifier("hyparquet/src/bloom.js")).toEqual({name: "hyparquet", subpath: "src/bloom.js"});
  });

  it("tells a package import from a path, a URL or a scheme", () => {
    expect(["d3", "@a/b", "a/b.js"].map(isBareSpecifier)).toEqual([true, true, true]);
    expect(["./a.js", "../a", "/x", "node:fs", "https://x/y", "#internal"].map(isBareSpecifier)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false
    ]);
  });
});

describe("versions from the lock", () => {
  it("finds a package as Node does, nearest node_modules first", () => {
    const dir = project({
      "node_modules/a": {version: "1.0.0", files: {"index.js": ""}},
      "node_modules/b": {version: "2.0.0", files: {"index.js": ""}},
      "node_modules/a/node_modules/b": {version: "1.5.0", files: {"index.js": ""}}
    });
    const locked = lockedVersions(dir);
    expect(installedPackage(dir, "b", dir, locked).version).toBe("2.0.0");
    expect(installedPackage(dir, "b", join(dir, "node_modules/a/src"), locked)).toEqual({
      name: "b",
      version: "1.5.0",
      dir: join(dir, "node_modules/a/node_modules/b")
    });
  });

  it("refuses an installed version the lock does not pin, and a package not installed, in one line", () => {
    const dir = project({"node_modules/a": {version: "1.0.0", files: {"index.js": ""}}});
    writeFileSync(join(dir, "node_modules/a/package.json"), JSON.stringify({name: "a", version: "1.0.1"}));
    const locked = lockedVersions(dir);
    expect(() => installedPackage(dir, "a", dir, locked)).toThrow(
      new LockError("node_modules/a is 1.0.1 but package-lock.json pins 1.0.0: run npm ci")
    );
    expect(() => installedPackage(dir, "zzz", dir, locked)).toThrow(
      new LockError("zzz is not installed (imported from .): run npm ci")
    );
  });
});

describe("bundling a package", () => {
  const dir = project({
    "node_modules/app": {
      version: "1.0.0",
      manifest: {type: "module", main: "index.js", browser: {"./fs-reader.js": "./web-reader.js"}},
      files: {
        "index.js": `import {b} from "lib"; import {deep} from "lib/deep"; import {read} from "./fs-reader.js";
          export const app = () => b() + deep() + read(); export {default as legacy} from "legacy";`,
        "fs-reader.js": `import {readFileSync} from "node:fs"; export const read = () => readFileSync("x");`,
        "web-reader.js": `export const read = () => "web";`
      }
    },
    "node_modules/lib": {
      version: "3.1.0",
      manifest: {type: "module", exports: {".": {node: "./node.js", default: "./browser.js"}, "./deep": "./deep.js"}},
      files: {
        "browser.js": `export const b = () => "browser";`,
        "node.js": `export const b = () => "node";`,
        "deep.js": `export const deep = () => 1;`
      }
    },
    "node_modules/legacy": {
      version: "0.2.0",
      files: {"index.js": `exports.parse = (s) => s.split(","); exports.version = "0.2.0";`}
    }
  });
  const locked = lockedVersions(dir);

  it("takes the browser build and leaves other packages as imports of their cache files", async () => {
    const app = {pkg: installedPackage(dir, "app", dir, locked), subpath: ""};
    const {code, imports} = await bundleModule(dir, app, locked);
    expect(modulePath(app)).toBe("app@1.0.0/_esm.js");
    expect(importsOf(code).sort()).toEqual([
      "../legacy@0.2.0/_esm.js",
      "../lib@3.1.0/_esm.js",
      "../lib@3.1.0/deep._esm.js"
    ]);
    expect(imports.map(modulePath).sort()).toEqual([
      "legacy@0.2.0/_esm.js",
      "lib@3.1.0/_esm.js",
      "lib@3.1.0/deep._esm.js"
    ]);
    // The "browser" field replaced the file that needs Node.
    expect(code).toContain('"web"');
    expect(code).not.toContain("node:fs");
    const lib = await bundleModule(dir, {pkg: installedPackage(dir, "lib", dir, locked), subpath: ""}, locked);
    expect(lib.code).toContain('"browser"');
  });

  it("gives a CommonJS package named exports besides its default, as the CDN does", async () => {
    const legacy = {pkg: installedPackage(dir, "legacy", dir, locked), subpath: ""};
    const {code} = await bundleModule(dir, legacy, locked);
    const url = `data:text/javascript,${encodeURIComponent(code)}`;
    const module = await import(/* @vite-ignore */ url);
    expect(module.parse("a,b")).toEqual(["a", "b"]);
    expect(module.version).toBe("0.2.0");
    expect(module.default.parse).toBe(module.parse);
  });

  it("fills a cache of the built-ins' closure and the project's dependencies, skipping what needs Node", async () => {
    const small = project({
      "node_modules/ok": {version: "1.0.0", manifest: {type: "module"}, files: {"index.js": "export const x = 1;"}},
      "node_modules/server": {
        version: "1.0.0",
        manifest: {type: "module"},
        files: {"index.js": `import {createServer} from "node:http"; export {createServer};`}
      }
    });
    const manifest = await fillNpmCache(small, join(small, "cache"), []);
    expect(manifest.modules).toEqual(["ok@1.0.0/_esm.js"]);
    expect(manifest.skipped).toEqual([
      {name: "server", reason: expect.stringMatching(/^server@1\.0\.0: Could not resolve "node:http"/)}
    ]);
    // The package's own files lie beside its bundle, as the CDN serves them by path.
    expect(readFileSync(join(small, "cache/_npm/ok@1.0.0/index.js"), "utf8")).toBe("export const x = 1;");
  });
});

describe("the repository's cache", () => {
  it("holds every built-in at the lock's version, each import of each module a file of the cache", async () => {
    const manifest = await ensureNpmCache(ROOT, "src", () => {});
    const dir = npmCacheDir(ROOT);
    const lock = JSON.parse(readFileSync(join(ROOT, "package-lock.json"), "utf8"));
    for (const name of BUILT_IN_PACKAGES)
      expect(manifest.modules).toContain(`${name}@${lock.packages[`node_modules/${name}`].version}/_esm.js`);
    for (const module of manifest.modules) {
      const code = readFileSync(join(dir, "_npm", module), "utf8");
      for (const specifier of importsOf(code)) {
        expect(specifier, `${module} imports ${specifier}`).toMatch(/^\.\.?\//);
        const target = posix.join(posix.dirname(module), specifier);
        expect(manifest.modules, `${module} imports ${specifier}`).toContain(target);
      }
    }
    expect(manifest.skipped.map((s) => s.name).sort()).toEqual(["@observablehq/framework", "esbuild", "tsx"]);
  });
});

describe("the link", () => {
  it("replaces a folder Framework made and a link to an older cache, and is left alone when right", () => {
    const dir = mkdtempSync(join(tmpdir(), "tps-npm-link-"));
    made.push(dir);
    const [older, newer] = [join(dir, "npm-a"), join(dir, "npm-b")];
    for (const cache of [older, newer]) mkdirSync(join(cache, "_npm"), {recursive: true});
    const link = join(dir, "src/.observablehq/cache/_npm");
    mkdirSync(join(link, "lodash@4.18.1"), {recursive: true});
    linkNpmCache(join(dir, "src"), older);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe(join(older, "_npm"));
    linkNpmCache(join(dir, "src"), newer);
    expect(readlinkSync(link)).toBe(join(newer, "_npm"));
    linkNpmCache(join(dir, "src"), newer);
    expect(readlinkSync(link)).toBe(join(newer, "_npm"));
    expect(readdirSync(join(dir, "src/.observablehq/cache"))).toEqual(["_npm"]);
    expect(existsSync(join(older, "_npm"))).toBe(true);
  });
});
