// The site's Markdown pages as the build reads them: both languages of a page take the same placeholders, every
// placeholder gets a fragment and every fragment a placeholder, and the words the build draws come from one table.
import {readdirSync, readFileSync} from "node:fs";
import {dirname, join, relative} from "node:path";
import {describe, expect, it} from "vitest";
import {loadStudy} from "../../loaders/analysis/report.js";
import {siteFragments} from "../../src/render/page-fragments.js";
import {hasSearchText} from "../../src/render/draw-site.js";
import {frontMatter} from "../../src/render/page-text.js";
import {notebookSources} from "../../loaders/pages/page-source.js";
import {METRIC_COLUMNS} from "../../loaders/canonical.js";
import {TELEMETRY_COLUMNS} from "../../loaders/telemetry/read.js";
import {WORDS} from "../../src/components/i18n.js";
import {metricTitle} from "../../src/components/metricLabels.js";

const SRC = "src";
const SEED = "data/studies/qwen3-32b-a100";
// The one study under data/studies with a search (tune.json): its build failed in Framework with "MiniSearch:
// duplicate ID /tune", since the renderer gave the page's text and Framework indexed the page as well.
const SEARCHED = "data/studies/gpu-tune";

function pages(dir = SRC): string[] {
  return readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.name.startsWith(".")) return [];
    if (entry.isDirectory()) return pages(path);
    return entry.name.endsWith(".md") ? [relative(SRC, path)] : [];
  });
}

/** Each placeholder of a page with how often it is used, in order of first use. */
function placeholders(page: string): string[] {
  const counts = new Map<string, number>();
  for (const [, name] of readFileSync(join(SRC, page), "utf8").matchAll(/\{\{([a-z][a-z0-9-]*)\}\}/g))
    counts.set(name, (counts.get(name) ?? 0) + 1);
  return [...counts].map(([name, count]) => `${name}×${count}`).sort();
}

/** The TypeScript files under a folder of the site, at any depth. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

describe("the site's pages", () => {
  // A notebook page is Framework's own, drawn nothing for, in one language if its writer wants.
  const notebooks = new Set(notebookSources(SRC));
  const english = pages().filter((page) => !page.startsWith("tr/") && !notebooks.has(page));

  it("have each a Turkish twin with the same placeholders, each used as often", () => {
    const twins = english.filter((page) => page !== "404.md");
    expect(twins.length).toBeGreaterThan(10);
    for (const page of twins) expect([page, placeholders(`tr/${page}`)]).toEqual([page, placeholders(page)]);
  });

  it("get a fragment for every placeholder they have, and no fragment they do not use (the seed)", async () => {
    const study = await loadStudy(SEED);
    const seen = new Map<string, Set<string>>();
    await siteFragments(study, SEED, (_path, fragments, info) => {
      const names = seen.get(info.source) ?? new Set<string>();
      for (const name of Object.keys(fragments)) names.add(name);
      seen.set(info.source, names);
    });
    // Ten sources in each language: home, setup, summary, search, notes, quality, headroom, all runs, step, run.
    expect(seen.size).toBe(20);
    for (const [source, names] of seen) {
      const used = placeholders(source).map((p) => p.split("×")[0]);
      expect([source, [...names].sort()]).toEqual([source, used.filter((name) => name !== "title").sort()]);
    }
  }, 120_000);

  it("say index: false where the renderer gives their search text, so Framework does not index them again", async () => {
    const study = await loadStudy(SEARCHED);
    const indexed = new Set<string>();
    await siteFragments(study, SEARCHED, (_path, _fragments, info) => {
      if (hasSearchText(info)) indexed.add(info.source);
    });
    expect(indexed.has("tune.md")).toBe(true);
    const twice = [...indexed].filter(
      (source) => frontMatter(readFileSync(join(SRC, source), "utf8")).data.index !== false
    );
    expect(twice).toEqual([]);
  }, 120_000);

  it("take their words from one table: the site's code branches on no language for a sentence or a word", () => {
    const code = ["src/components", "src/render", "src/build"].flatMap((dir) => sourceFiles(dir));
    // A literal with a word in it (three letters in a row); a path ("/tr", "tr/", "../tr/compare/…") or a number is none.
    const literal = String.raw`(?:"[^"\n]*"|'[^'\n]*'|\`[^\`]*\`)`;
    const branch = new RegExp(String.raw`lang === "(?:tr|en)"\s*\?\s*(${literal})(?:\s*:\s*(${literal}))?`, "g");
    const words = (text = "") => {
      const bare = text.slice(1, -1).replace(/\$\{[^}]*\}/g, "");
      return /\p{L}{3}/u.test(bare) && !/^[\w./-]*\/[\w./-]*$/.test(bare);
    };
    const found = code.flatMap((file) => {
      const text = readFileSync(file, "utf8");
      const line = (at: number) => `${file}:${text.slice(0, at).split("\n").length}`;
      return [
        ...[...text.matchAll(branch)].filter((m) => words(m[1]) || words(m[2])).map((m) => `${line(m.index)}: ${m[0]}`),
        // An alias (a constant or a function) or a block that picks by language picks its sentences out of the table.
        ...[
          ...text.matchAll(
            /const \w+ = (?:\w+\.)?lang === "(?:tr|en)";|if \((?:\w+\.)?lang === "(?:tr|en)"\)|=> (?:\w+\.)?lang === "(?:tr|en)"[;,)]/g
          )
        ].map((m) => `${line(m.index)}: ${m[0]}`)
      ];
    });
    expect(found).toEqual([]);
  });

  it("hold each word once: no entry unused, none saying what another entry or a metric's name says", () => {
    // A key made of a prefix and a value the library names (`siteStatus_failed`) is looked up by that prefix, in a
    // template or through namedWord (i18n.ts).
    const code = sourceFiles(SRC)
      .map((file) => readFileSync(file, "utf8").replace(/^\s+\w+: \{(?=\s*en:|$)/gm, ""))
      .join("\n");
    const composed = (key: string) => {
      const prefix = key.slice(0, key.indexOf("_") + 1);
      return key.includes("_") && (code.includes(`\`${prefix}\${`) || code.includes(`namedWord("${prefix}"`));
    };
    const unused = Object.keys(WORDS).filter((key) => !code.includes(`"${key}"`) && !composed(key));
    expect(unused).toEqual([]);

    // The same words, though a capital inside differs; a word lower-cased to sit inside a sentence is another entry.
    const spelled = (text: string) => text.slice(0, 1) + text.slice(1).toLowerCase();
    const said = new Map<string, string>();
    for (const key of [...METRIC_COLUMNS, ...TELEMETRY_COLUMNS])
      said.set(spelled(metricTitle(key, "en")), `the name of metric ${key}`);
    const twice = Object.entries(WORDS).flatMap(([key, text]) => {
      if (composed(key)) return [];
      const other = said.get(spelled(text.en));
      said.set(spelled(text.en), key);
      const same =
        other?.startsWith("the name") ||
        (other !== undefined && spelled(WORDS[other as keyof typeof WORDS].tr) === spelled(text.tr));
      return same ? [`${key}: "${text.en}" is also ${other}`] : [];
    });
    expect(twice).toEqual([]);
  });

  it("load in the browser the SLO explorer's words alone, not the whole table", () => {
    // The modules a step page imports in the browser, followed through their imports of values (not of types).
    const seen = new Set<string>();
    const walk = (file: string): void => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const [, from] of readFileSync(file, "utf8").matchAll(/^import (?!type )[^;]*? from "(\.[^"]+)\.js";/gm))
        walk(join(dirname(file), `${from}.ts`));
    };
    walk("src/components/sloExplorer.ts");
    const loaded = [...seen].map((file) => relative("src/components", file)).sort();
    expect(loaded).toContain("words-explorer.ts");
    expect(loaded.filter((file) => file === "i18n.ts" || file.startsWith("words-"))).toEqual(["words-explorer.ts"]);
  });
});
