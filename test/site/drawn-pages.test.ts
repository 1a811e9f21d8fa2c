// Every page of the studies under data/studies, as the renderer draws it, in Chromium: each study drawn once.
// - No chart's axis title runs past its axis (a rotated title longer than its panel is tall is cut at the chart's edge,
//   and its formula cannot be read).
// - A chart names its bars and its legend's entries whole. Vega measures text in Node as 0.8 × font size a character
//   (no canvas) and cuts a label longer than its room with "…": the room was sized at 6.4 px a character. Seen before
//   the fix: the seed's Headroom chart named two bars "max_num_tokens=16…" (16384 and 32768) and others "Recommended
//   (TensorRT-…"; the live ladder's five loads "4096 batch tokens · c…"; the H200 ladder's engine "transformers
//   continuous batching (g…".
// - On a phone (400 px) no page is wider than the screen. Seen before the fix: a ladder's Turkish run page 479 px (the
//   telemetry's facts, "KV önbellek kullanımı, en yüksek (sunucu)" held on one line beside its value), a ladder's
//   Headroom page 507 px (a GPU source quoting "torch.cuda.get_device_properties(0).total_memory").
import {mkdtempSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import type {Browser} from "playwright-core";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {loadStudy} from "../../loaders/analysis/report.js";
import type {PageFragments} from "../../src/render/fragment.js";
import {siteFragments, StoredPage, type PageDrawer} from "../../src/render/page-fragments.js";
import {importWriteup} from "../../loaders/import/writeup/index.js";
import {sharedSeedSite, SHARED_BASE} from "../support/shared-build.js";
import {axisTitlesPastAxes, launchChromium, newCheckedPage, NO_PROBLEMS, visit} from "./browser.js";
import {serveSite, type SiteServer} from "./server.js";
import {pageUrl} from "./sitePaths.js";

const STUDIES = ["qwen3-32b-a100", "h200-ladder", "h200-live-ladder", "gpu-tune"];
// Longer names are cut by design, at the labels' most room (240 px: 26 characters and the ellipsis).
const SHOWN = 25;
const PHONE = 400;

let server: SiteServer;
let browser: Browser;
/** Each study's pages: path and the HTML of its fragments. */
const drawn = new Map<string, [string, string][]>();

beforeAll(async () => {
  server = await serveSite((await sharedSeedSite()).output, {prefix: SHARED_BASE});
  browser = await launchChromium();
  for (const study of STUDIES) {
    const dir = `data/studies/${study}`;
    const pages: [string, string][] = [];
    await siteFragments(await loadStudy(dir), dir, (path: string, fragments: PageFragments) => {
      const html = Object.values(fragments)
        .map((fragment) => ("html" in fragment ? fragment.html : `<p>${fragment.text}</p>`))
        .join("\n");
      pages.push([path, html]);
    });
    drawn.set(study, pages);
  }
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The text of every label in a role's group of the page's charts: "axis" or "legend". */
function labels(html: string, role: "axis" | "legend"): string[] {
  return [...html.matchAll(new RegExp(`role-${role}-label"[^>]*>(.*?)</g>`, "gs"))].flatMap((group) =>
    [...group[1].matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((text) => text[1])
  );
}

/** What a study's pages in `lang` say to a screen reader: `say` of each match of `pattern`, after its page's path. */
function spoken(study: string, lang: "en" | "tr", pattern: RegExp, say: (m: RegExpMatchArray) => string[]): string[] {
  return drawn
    .get(study)!
    .filter(([path]) => path.startsWith("/tr/") === (lang === "tr"))
    .flatMap(([path, html]) => [...html.matchAll(pattern)].flatMap((m) => say(m).map((text) => `${path}: ${text}`)));
}

describe.each(STUDIES)("the drawn pages of %s", (study) => {
  it("have no chart axis whose title runs past the axis, in either language", async () => {
    const charts = drawn.get(study)!.filter(([, html]) => html.includes("vega-chart"));
    expect(charts.length).toBeGreaterThan(0);
    const page = await browser.newPage({viewport: {width: 1280, height: 900}});
    const past: string[] = [];
    for (const [path, html] of charts) {
      await page.setContent(`<!DOCTYPE html><html><body><main>${html}</main></body></html>`);
      for (const axis of await axisTitlesPastAxes(page)) past.push(`${path}: ${axis}`);
    }
    await page.close();
    expect(past).toEqual([]);
  });

  it("cut a chart's label only where a name is longer than the most room a label gets; a legend's never", () => {
    const pages = drawn.get(study)!;
    const axis = pages.flatMap(([path, html]) => labels(html, "axis").map((label) => ({path, label})));
    expect(axis.length).toBeGreaterThan(0);
    const cut = axis.filter(({label}) => label.endsWith("…") && label.length - 1 < SHOWN);
    expect(cut.map(({path, label}) => `${path}: ${label}`)).toEqual([]);
    const legend = pages.flatMap(([path, html]) => labels(html, "legend").map((label) => `${path}: ${label}`));
    expect(legend.filter((label) => label.endsWith("…"))).toEqual([]);
  });

  it("name each part of a mark's hover text by its title in the page's language, never by its data field", () => {
    // The home page's before-and-after chart read "scenario: ShareGPT; configuration: Baseline" in both languages.
    const pages = drawn.get(study)!;
    const named = pages.flatMap(([path, html]) =>
      [...html.matchAll(/<title>([^<]*)<\/title>/g)].flatMap((title) =>
        title[1].split("; ").map((part) => ({path, name: /^([^:]*): /.exec(part)?.[1] ?? ""}))
      )
    );
    expect(named.length).toBeGreaterThan(0);
    const fields = named.filter(({name}) => /^[a-z][A-Za-z_]*$/.test(name));
    expect([...new Set(fields.map(({path, name}) => `${path}: ${name}`))]).toEqual([]);
  });

  it("name no chart by a code's id to a screen reader", () => {
    // Each chart's figure was labelled "step-chart", "load-curves-chat", "telemetry-chart" …, and was read so.
    const named = drawn
      .get(study)!
      .flatMap(([path, html]) =>
        [...html.matchAll(/<figure [^>]*aria-label="([^"]*)"/g)].map((m) => `${path}: ${m[1]}`)
      );
    expect(named.filter((name) => /: [a-z0-9]+(-[a-z0-9]+)+$/.test(name))).toEqual([]);
  });

  it("describe each chart's titles and the role of each part to a screen reader in the page's language", () => {
    // Vega says "Title text '…'" of a chart's title and "bar", "axis", "group mark container" of its parts.
    const said = (lang: "en" | "tr") =>
      spoken(study, lang, /aria-roledescription="([^"]*)"(?: aria-label="([^"]*)")?/g, (m) => [
        `role ${m[1]}`,
        ...(m[2] === undefined ? [] : [`caption ${m[2]}`])
      ]);
    const english =
      /: (role (axis|legend|title|subtitle|bar|point|circle|square|line|area|tick|rule|text|rect)$|role \w+ mark( container)?$|caption (Sub)?[Tt]itle text ')/;
    expect(said("en").filter((text) => english.test(text)).length).toBeGreaterThan(0);
    expect(said("tr").length).toBe(said("en").length);
    expect(said("tr").filter((text) => english.test(text))).toEqual([]);
  });

  it("describe each chart's axes and legends to a screen reader in the page's language", () => {
    // Vega writes "X-axis titled '…' for a linear scale with values from 0 to 2000" for each; on Turkish pages too.
    const captions = (lang: "en" | "tr") =>
      spoken(study, lang, /aria-roledescription="(axis|legend|eksen|gösterge)" aria-label="([^"]*)"/g, (m) => [m[2]]);
    const english = /-axis|legend|scale with|values from|values?:|ending with/;
    expect(captions("en").filter((caption) => english.test(caption)).length).toBeGreaterThan(0);
    expect(captions("tr").length).toBe(captions("en").length);
    expect(captions("tr").filter((caption) => english.test(caption))).toEqual([]);
  });

  it("are no wider than a 400 px phone, in either language (one run page of each)", async () => {
    const seen = new Set<string>();
    const pages = drawn.get(study)!.filter(([path]) => {
      const kind = path.replace(/runs\/.+/, "runs/<run>");
      return !seen.has(kind) && seen.add(kind);
    });
    expect(pages.length).toBeGreaterThan(10);
    const wide: string[] = [];
    for (const lang of ["en", "tr"] as const) {
      const {page, problems} = await newCheckedPage(browser, {width: PHONE});
      await visit(page, pageUrl(server.url, lang === "en" ? "/setup" : "/tr/setup"));
      for (const [path, html] of pages.filter(([p]) => p.startsWith("/tr/") === (lang === "tr"))) {
        const width = await page.evaluate((body) => {
          document.querySelector("#observablehq-main")!.innerHTML = body;
          return document.documentElement.scrollWidth;
        }, html);
        if (width > PHONE) wide.push(`${path}: ${width} px`);
      }
      expect(problems).toEqual(NO_PROBLEMS);
      await page.close();
    }
    expect(wide).toEqual([]);
  });
});

describe("a write-up's home page", () => {
  it("names its recommendation whole in the charts' legend (Qwen3.5-35B-A3B on H200, 58 characters)", async () => {
    // It read "Önerilen: Performance Mode && Prefix Cache && Quantizat…": a legend's labels had 500 px.
    const root = mkdtempSync(join(tmpdir(), "tps-drawn-writeup-"));
    try {
      const dir = join(root, "study");
      await importWriteup("test/fixtures/writeups/qwen3.5-35b-a3b--h200.md", dir);
      const homes = new Map<string, string>();
      const home: PageDrawer = async (path, _info, make) => (/^\/(tr\/)?$/.test(path) ? make() : new StoredPage(""));
      await siteFragments(
        await loadStudy(dir),
        dir,
        (path, fragments) => {
          if (!(fragments instanceof StoredPage) && /^\/(tr\/)?$/.test(path))
            homes.set(
              path,
              Object.values(fragments)
                .map((f) => ("html" in f ? f.html : ""))
                .join("\n")
            );
        },
        home
      );
      expect([...homes.keys()].sort()).toEqual(["/", "/tr/"]);
      const legend = [...homes.values()].flatMap((html) => labels(html, "legend"));
      expect(legend).toContain("Önerilen: Performance Mode &amp;&amp; Prefix Cache &amp;&amp; Quantization");
      expect(legend.filter((label) => label.endsWith("…"))).toEqual([]);
    } finally {
      rmSync(root, {recursive: true, force: true});
    }
  }, 120_000);
});
