// The one contract test against the installed Framework: every assumption src/build/framework.ts names is checked on a
// small site built by Framework itself. A Framework that writes its pages otherwise fails here, loudly, first.
import {spawnSync} from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync
} from "node:fs";
import {tmpdir} from "node:os";
import {dirname, join, relative, resolve} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {
  ASSET_PATH,
  FRAMEWORK_CACHE_OWN,
  FRAMEWORK_VERSION,
  frameworkErrorLine,
  loaderCache,
  markdownPagePath,
  pageFile,
  pageLink,
  replaceOnce,
  shellHeading,
  shellOpening,
  shellSearchBox,
  shellPager,
  shellTitle,
  sidebarEntry,
  withHeaderAnchors
} from "../../src/build/framework.js";
import {t} from "../../src/components/i18n.js";
import {downloadsCarrier, frameworkNeed, marker} from "../../src/build/placeholders.js";
import {filesDatedOtherwise} from "../../src/build/pin-dates.js";
import {takeDownloads} from "../../src/build/stamp.js";

const ROOT = resolve(import.meta.dirname, "../..");
// A drawn block's download links, the second written as linkedom writes a boolean attribute.
const DOWNLOAD_BLOCK = `<p>In <a download href="./data/cached.txt">c</a> and <a download="" href="./data/list.txt">list</a>.</p>`;
const DOWNLOAD_LINKS = (frameworkNeed(DOWNLOAD_BLOCK) as {downloads: RegExpMatchArray[]}).downloads;
const FRAMEWORK = join(ROOT, "node_modules/@observablehq/framework/dist/bin/observable.js");
const dir = mkdtempSync(join(tmpdir(), "tps-framework-contract-"));
const out = join(dir, "dist");
afterAll(() => rmSync(dir, {recursive: true, force: true}));

// Titles with every character the shell escapes; a heading with an id inside a drawn block.
const ITEMS = [
  {id: "a", title: `1. "Alpha" & <beta>`, name: "Alpha"},
  {id: "b", title: "2. Gamma's `delta`", name: "Gamma"},
  {id: "c", title: "3. Epsilon", name: "Epsilon"}
];

function write(path: string, text: string): void {
  mkdirSync(dirname(join(dir, path)), {recursive: true});
  writeFileSync(join(dir, path), text);
}

function build(): {status: number | null; stderr: string} {
  const run = spawnSync(process.execPath, [FRAMEWORK, "build"], {
    cwd: dir,
    encoding: "utf8",
    env: {...process.env, OBSERVABLE_TELEMETRY_DISABLE: "true"}
  });
  return {status: run.status, stderr: run.stderr};
}

let stderr = "";
beforeAll(() => {
  symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"));
  write("package.json", `{"type": "module"}`);
  // The config records the path markdown-it is handed, as the site's rule reads it.
  write(
    "observablehq.config.js",
    `import {appendFileSync} from "node:fs";
export default {
  root: "src",
  title: "contract",
  pages: [
    {name: "Start", path: "/start"},
    ${ITEMS.map((item) => `{name: ${JSON.stringify(item.name)}, path: "/items/${item.id}"}`).join(",\n    ")},
    {name: "Hidden from the pager", path: "/items/z", pager: null},
    {name: "Section", path: "/sec/", collapsible: true, open: false, pager: "sec", pages: [{name: "S1", path: "/sec/one"}]}
  ],
  header: ({path}) => '<nav class="twin"><a href="/sec/' + path.split("/").pop() + '">twin</a></nav>',
  footer: "the footer",
  search: {async *index() { yield {path: "/extra", title: "Extra page", text: "zebraword"}; }},
  markdownIt: (md) => {
    md.core.ruler.push("contract-path", (state) => appendFileSync("paths.txt", String(state.env.path) + "\\n"));
    return md;
  },
  dynamicPaths: ${JSON.stringify(ITEMS.map((item) => `/items/${item.id}`))}
};
`
  );
  write("src/index.md", "# Home\n\nThe home page.\n");
  write(
    "src/start.md",
    '# Start\n\n[runs](./data/list.txt)\n\n<a download href="./data/list.txt">list</a> <a download href="./data/cached.txt">c</a>\n\n' +
      // A block as the site's rule hands it over when it only names files to download: its marker, its links beside it.
      `${marker("files")}${downloadsCarrier("files", DOWNLOAD_LINKS)}\n`
  );
  write("src/sec/index.md", "# Section\n");
  write("src/sec/one.md", "---\nindex: false\n---\n\n# One\n");
  write("src/items/[item].md", `# TITLE\n\n<div class="block"><h2 id="part">Part</h2><p>body of the item</p></div>\n`);
  write("src/data/list.txt.js", `process.stdout.write("a\\nb\\n");\n`);
  // An output already in the loader cache is what the build takes, the loader not run (the downloads go there).
  write("src/data/cached.txt.js", `process.stdout.write("from the loader\\n");\n`);
  write("src/.observablehq/cache/data/cached.txt", "from the cache\n");
  write("src/norail.md", "---\nsidebar: false\n---\n\n# No rail\n");
  // Each item page's own title, as the site's rule puts each page's title into its h1.
  writeFileSync(
    join(dir, "observablehq.config.js"),
    readFileSync(join(dir, "observablehq.config.js"), "utf8").replace(
      'md.core.ruler.push("contract-path"',
      `const titles = ${JSON.stringify(Object.fromEntries(ITEMS.map((i) => [`/items/${i.id}`, i.title])))};
    md.core.ruler.push("titles", (state) => { for (const t of state.tokens) if (t.type === "inline" && t.content === "TITLE") for (const c of t.children) if (c.content === "TITLE") c.content = titles[state.env.path]; });
    md.core.ruler.push("contract-path"`
    )
  );
  const built = build();
  stderr = built.stderr;
  if (built.status !== 0) throw new Error(`Framework's build of the contract site failed:\n${built.stderr}`);
}, 180_000);

const page = (path: string) => readFileSync(pageFile(out, path), "utf8");

describe(`Framework ${FRAMEWORK_VERSION}, as src/build/framework.ts relies on it`, () => {
  it("is the version package.json pins", () => {
    const installed = JSON.parse(readFileSync(join(ROOT, "node_modules/@observablehq/framework/package.json"), "utf8"));
    const pinned = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).dependencies["@observablehq/framework"];
    expect([installed.version, pinned]).toEqual([FRAMEWORK_VERSION, FRAMEWORK_VERSION]);
  });

  it("1. hands markdown-it each page's path as env.path", () => {
    const seen = new Set(readFileSync(join(dir, "paths.txt"), "utf8").trim().split("\n"));
    for (const path of ["/index", "/start", "/items/a", "/items/b", "/sec/one"]) expect(seen).toContain(path);
    expect(markdownPagePath({path: "/items/a"})).toBe("/items/a");
    expect(() => markdownPagePath({})).toThrow("env.path");
  });

  it("2. writes a page of a template as the stamp writes it from the template's first page", () => {
    const [first, ...others] = ITEMS;
    const template = page(`/items/${first.id}`);
    const pager = (i: number) => ({
      prev: i === 0 ? {name: "Start", path: "/start"} : {name: ITEMS[i - 1].name, path: `/items/${ITEMS[i - 1].id}`},
      next: i === ITEMS.length - 1 ? null : {name: ITEMS[i + 1].name, path: `/items/${ITEMS[i + 1].id}`}
    });
    for (const [k, item] of others.entries()) {
      const i = k + 1;
      const from = `/items/${first.id}`;
      const to = `/items/${item.id}`;
      let html = template;
      html = replaceOnce(html, shellTitle(first.title, "contract"), shellTitle(item.title, "contract"), to, "title");
      html = replaceOnce(html, shellHeading("title", first.title), shellHeading("title", item.title), to, "h1");
      html = replaceOnce(
        html,
        `href="${pageLink(from, "/sec/a")}"`,
        `href="${pageLink(to, `/sec/${item.id}`)}"`,
        to,
        "header"
      );
      html = replaceOnce(html, sidebarEntry(from, from, true), sidebarEntry(from, from, false), to, "active entry");
      html = replaceOnce(html, sidebarEntry(from, to, false), sidebarEntry(from, to, true), to, "entry");
      const [was, want] = [pager(0), pager(i)];
      html = replaceOnce(html, shellPager(from, was.prev, was.next), shellPager(to, want.prev, want.next), to, "pager");
      expect(html).toBe(page(to));
    }
  });

  it("2. writes each page to the file pageFile names, and links pages as pageLink does", () => {
    for (const path of ["/", "/start", "/items/a", "/sec/", "/sec/one", "/norail"])
      expect(existsSync(pageFile(out, path))).toBe(true);
    expect(page("/start")).toContain(`href="${pageLink("/start", "/items/a")}"`);
    expect(page("/items/a")).toContain(`href="${pageLink("/items/a", "/sec/")}"`);
    expect(page("/sec/one")).toContain(`href="${pageLink("/sec/one", "/")}"`);
  });

  it("2. opens every page with an <html> tag of no language, as shellOpening(null) writes it", () => {
    for (const path of ["/", "/start", "/items/a", "/sec/one", "/norail"])
      expect(page(path).startsWith(shellOpening(null)), path).toBe(true);
  });

  it("2. writes the search box as shellSearchBox does, with the words table's English placeholder, on a page with a sidebar", () => {
    for (const path of ["/", "/start", "/items/a", "/sec/one"])
      expect(page(path).split(shellSearchBox(t("searchBox", "en"))).length, path).toBe(2);
    expect(page("/norail")).not.toContain('id="observablehq-search"');
  });

  it("2. links a heading with an id inside a block to itself, as withHeaderAnchors does", () => {
    expect(page("/items/a")).toContain(withHeaderAnchors(`<h2 id="part">Part</h2>`));
  });

  it("2. keeps the download links beside a block's marker, in order, each resolved as the page's own", () => {
    const built = page("/start");
    const {html, downloads} = takeDownloads(built);
    const own = (file: string) =>
      new RegExp(`<a download="" href="(\\./_file/data/${file}\\.[0-9a-f]{8}\\.txt)">`).exec(html)?.[1];
    const [cached, list] = [own("cached"), own("list")];
    expect([cached, list].every(Boolean)).toBe(true);
    expect(downloads.get("files")).toEqual([`<a download="" href="${cached}">`, `<a download="" href="${list}">`]);
    expect(html).toContain(marker("files"));
    expect(html).not.toContain("<tps-downloads");
  });

  it("3. names every file it copies or bundles <name>.<8 hex digits>.<ext>", () => {
    const refs = new Set<string>();
    for (const path of ["/start", "/items/a", "/"])
      for (const match of page(path).matchAll(ASSET_PATH)) refs.add(match[0]);
    expect([...refs].some((ref) => ref.startsWith("_file/data/list."))).toBe(true);
    expect([...refs].some((ref) => ref.startsWith("_observablehq/client."))).toBe(true);
    for (const ref of refs) expect(existsSync(join(out, ref)), ref).toBe(true);
    const named = readdirSync(join(out, "_observablehq")).filter((name) => name.endsWith(".js"));
    for (const name of named) expect(name).toMatch(/^[a-z-]+\.[0-9a-f]{8}\.js$/);
  });

  it("4. keeps a data loader's output under .observablehq/cache at the loader's path, and a build takes one there", () => {
    expect(readFileSync(join(loaderCache(join(dir, "src"), "data"), "list.txt"), "utf8")).toBe("a\nb\n");
    const cached = readdirSync(join(out, "_file", "data")).find((name) => name.startsWith("cached."))!;
    expect(readFileSync(join(out, "_file", "data", cached), "utf8")).toBe("from the cache\n");
  });

  it("4. keeps nothing else at the top of that cache but FRAMEWORK_CACHE_OWN: what is dated otherwise is a loader's", () => {
    const cache = loaderCache(join(dir, "src"), "");
    expect(readdirSync(cache).filter((name) => name !== "data" && !FRAMEWORK_CACHE_OWN.includes(name))).toEqual([]);
    const outputs = filesDatedOtherwise(cache, 1767225600, FRAMEWORK_CACHE_OWN).map((file) => relative(cache, file));
    expect(outputs.sort()).toEqual(["data/cached.txt", "data/list.txt"]);
  });

  it("builds no page kept out of the pager (pager: null), and none without a sidebar when told so", () => {
    expect(existsSync(pageFile(out, "/items/z"))).toBe(false);
    expect(page("/norail")).not.toContain('id="observablehq-sidebar"');
    expect(page("/items/c")).not.toContain("Hidden from the pager</span>");
  });

  it("indexes what search.index yields, and no page with index: false", () => {
    const name = readdirSync(join(out, "_observablehq")).find((f) => f.startsWith("minisearch"))!;
    const index = JSON.parse(readFileSync(join(out, "_observablehq", name), "utf8"));
    const ids = Object.values(index.documentIds);
    expect(ids).toContain("/extra");
    expect(ids).not.toContain("/sec/one");
    expect(stderr).not.toMatch(/error/i);
  });

  it("5. ends a failed build with 'Unexpected error: <message>'", () => {
    write("src/start.md", '# Start\n\n<a download href="./data/broken.txt">broken</a>\n');
    write("src/data/broken.txt.js", "process.exit(74);\n");
    const failed = build();
    expect(failed.status).not.toBe(0);
    expect(frameworkErrorLine(failed.stderr, [])).toBe("");
    expect(frameworkErrorLine("Unexpected error: EACCES: permission denied, open '/srv/a.csv'", [])).toMatch(
      /^cannot write \/srv\/a\.csv \(open: permission denied, EACCES\)/
    );
  }, 120_000);
});
