// Observable Framework configuration. The study's pages are drawn before Framework starts (src/render), by npm run build
// or npm run dev, into a folder this config reads (TPS_REPORT_SITE_STATE, else dev's): which pages there are and their
// titles, what each {{placeholder}} becomes, and each page's text for the search index. A page you add under src/ is
// Framework's own: it joins the sidebar and the search index as it is.
import {resolve} from "node:path";
import type MarkdownIt from "markdown-it";
import {darkChartCss} from "./src/components/chartTheme.js";
import {RUN_SETS_META} from "./src/components/runSets.js";
import {escapeHtml, languageScript, languageSwitch, pageLanguage, studiesIndexLink} from "./src/build/header.js";
import {placeholders} from "./src/build/placeholders.js";
import {LANGUAGE_SECTION, SiteView} from "./src/build/site-view.js";
import {SITE_TITLE} from "./src/build/stamp.js";
import {stateFolder, STATE_ENV} from "./src/render/store.js";
import {pageSourceExists} from "./loaders/pages/page-source.js";
import {ensureNpmCache} from "./tools/npm-cache/fill.js";

// Notebook pages' `npm:` imports and built-ins (Plot, Inputs, d3, aq, .csv(), …) are served from node_modules, bundled
// once per package-lock.json, never fetched from a CDN (tools/npm-cache/fill.ts).
await ensureNpmCache(process.cwd(), "src");

const view = new SiteView(process.env[STATE_ENV] || stateFolder(process.cwd(), "dev"), resolve("src"));
const site = view.site;
const sidebar = view.sidebar();

export default {
  root: "src",
  title: SITE_TITLE,
  // Only the 404 page uses base; every other link is relative, so the site works under any sub-path.
  base: site?.base ?? process.env.TPS_REPORT_BASE ?? "/",
  output: site?.output ?? process.env.TPS_REPORT_OUTPUT ?? "dist",
  pages: [...sidebar.en, {...LANGUAGE_SECTION, collapsible: true, open: false, pager: "tr", pages: sidebar.tr}],
  // An empty icon: the browser asks for no favicon, so pages load without a 404.
  // In dev, where the site names no output folder, each page gets its language as it loads (a build's stamp writes it).
  head: ({path}: {path: string}) =>
    `<link rel="icon" href="data:,"><meta name="${RUN_SETS_META}" content="${site?.sets ?? 0}"><style>${darkChartCss()}</style>` +
    (site && !site.output ? languageScript(path) : ""),
  // Built into a site of many studies (npm run build:site), each page links up to the index of studies.
  header: (page: {path: string}) =>
    (site?.siteIndex ? studiesIndexLink(page) : "") + languageSwitch(page, (path) => pageSourceExists("src", path)),
  // No build date: the same data builds the same site.
  footer: ({path}: {path: string}) => `tps-report — ${escapeHtml(site?.title[pageLanguage(path)] ?? "")}`,
  globalStylesheets: [],
  style: "style.css",
  // The drawn pages' text comes from the renderer: Framework builds only the first page of each template.
  search: {
    async *index() {
      yield* view.searchEntries();
    }
  },
  // TypeScript loaders through tsx's import hook in one process: the tsx command starts two processes per loader.
  interpreters: {".ts": [process.execPath, "--import", "tsx"]},
  markdownIt: (md: MarkdownIt) => placeholders(md, () => view),
  // Wide tables and side-by-side charts need the page width more than a table of contents does.
  toc: false,
  async *dynamicPaths() {
    yield* view.frameworkPaths();
  }
};
