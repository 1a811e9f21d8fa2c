// A markdown-it rule: a page's {{name}} placeholders become the fragments the build rendered for that page. A
// placeholder alone in a paragraph becomes a block of HTML; one inside text or an HTML block takes text or HTML.
import {execFileSync} from "node:child_process";
import {closeSync, lstatSync, mkdtempSync, openSync, readSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join, resolve} from "node:path";
import {Worker} from "node:worker_threads";
import type {Fragment, PageFragments} from "./fragment.js";
import {escapeHtml} from "../../loaders/pages/language-switch.js";
import {OUTPUT_NOT_WRITTEN} from "../../loaders/files/write-stdout.js";
import {fragmentMarker, SPLICE_ENV, spliceable} from "./fragment-splice.js";
import {lineDigest, lineFragments, linePath} from "./page-line.js";
import {RENDERER_NODE_OPTIONS, RENDERER_STARTED_ENV, rendererExit} from "./renderer-start.js";
import {studyDir} from "../../loaders/study/study-dir.js";
import {isRunId} from "../../loaders/study/ids.js";

interface Token {
  type: string;
  content: string;
  block: boolean;
  children: Token[] | null;
}

interface StateCore {
  tokens: Token[];
  env: {path?: string};
  Token: new (type: string, tag: string, nesting: number) => Token;
}

export interface MarkdownIt {
  core: {ruler: {push(name: string, rule: (state: StateCore) => void): void}};
}

const PLACEHOLDER = /\{\{([a-z][a-z0-9-]*)\}\}/g;
const HAS_PLACEHOLDER = /\{\{[a-z][a-z0-9-]*\}\}/;
const ALONE = /^\{\{([a-z][a-z0-9-]*)\}\}$/;

/** Every page's fragments as the renderer hands them over; a page not drawn yet is waited for. */
export interface RenderedPages {
  page(path: string): PageFragments | undefined;
  /** Lets go of a page this build will not ask for again (one an incremental build keeps): at 1000× they are 180 MB. */
  forget?(path: string): void;
  /** A digest of the page's fragments as the renderer wrote them (undefined for a page it did not draw). */
  digest(path: string): string | undefined;
}

// Watches the renderer from a worker thread: the markdown rules that wait for a page block the main thread, so its
// event loop could never see the renderer exit.
const WATCHER = `
const {workerData} = require("node:worker_threads");
const {spawn} = require("node:child_process");
const {execPath, args, cwd, out, state} = workerData;
const child = spawn(execPath, args, {cwd, stdio: ["ignore", out, "inherit"]});
const finish = (code) => {
  Atomics.store(state, 1, code);
  Atomics.store(state, 0, 1);
  Atomics.notify(state, 0);
};
child.on("error", () => finish(-1));
child.on("exit", (code, signal) => finish(code ?? (signal ? 128 : 0)));
`;

/**
 * Starts the page renderer in a fresh process (tsx), so edits to the library show on the next build or reload, and
 * returns at once: Framework reads its modules and parses the first pages on one core while the renderer draws the
 * rest on the other.
 */
export function renderFragments(root: string): RenderedPages {
  // The pages go through a file that is unlinked at once, so nothing is left behind however the build ends, unless the
  // build puts the drawn blocks in after Framework (fragment-splice.ts): it then owns the file and removes it.
  const kept = process.env[SPLICE_ENV];
  // [0]: 1 once the renderer has exited; [1]: its exit status.
  const state = new Int32Array(new SharedArrayBuffer(8));
  // tools/build.ts may have started the renderer already, as Framework starts: it writes the exit status beside.
  const started = kept && process.env[RENDERER_STARTED_ENV] ? rendererExit(kept) : null;
  const dir = kept ? null : mkdtempSync(join(tmpdir(), "tps-report-fragments-"));
  const file = kept ?? join(dir!, "pages.jsonl");
  const out = started ? null : openSync(file, "w");
  const fd = openSync(file, "r");
  if (dir) rmSync(dir, {recursive: true, force: true});
  if (out !== null) {
    const args = ["--import", "tsx", ...RENDERER_NODE_OPTIONS, join(root, "src/render/render-site.ts")];
    new Worker(WATCHER, {eval: true, workerData: {execPath: process.execPath, args, cwd: root, out, state}}).unref();
  }
  const exited = (): boolean => {
    if (Atomics.load(state, 0) === 1) return true;
    const code = started?.();
    if (code === undefined || code === null) return false;
    Atomics.store(state, 1, code);
    Atomics.store(state, 0, 1);
    return true;
  };
  // Lines are parsed when their page is asked for: an incremental build reuses most pages without reading them.
  const lines = new Map<string, Buffer>();
  const forgotten = new Set<string>();
  const pages = new Map<string, PageFragments>();
  const chunk = Buffer.allocUnsafe(1 << 20);
  let offset = 0;
  let pending = Buffer.alloc(0);
  let finished = false;

  // One page per line: the whole site as one JSON string would pass V8's longest string at 1000× the seed.
  const readLines = () => {
    for (let n; (n = readSync(fd, chunk, 0, chunk.length, offset)) > 0;) {
      offset += n;
      pending = pending.length ? Buffer.concat([pending, chunk.subarray(0, n)]) : Buffer.from(chunk.subarray(0, n));
      let start = 0;
      for (let end; (end = pending.indexOf(10, start)) >= 0; start = end + 1) {
        const line = pending.subarray(start, end);
        const path = linePath(line);
        if (!forgotten.has(path)) lines.set(path, line);
      }
      pending = pending.subarray(start);
    }
  };

  const finish = () => {
    readLines();
    finished = true;
    closeSync(fd);
    if (out !== null) closeSync(out);
    const status = Atomics.load(state, 1);
    // The renderer has said why on stderr, in one line; the build adds nothing to it (build-error.ts).
    if (status === OUTPUT_NOT_WRITTEN) throw new Error(`src/render/render-site.ts exited with code ${status}`);
    if (status !== 0)
      throw new Error(`the page renderer (src/render/render-site.ts) failed with exit status ${status}`);
  };

  const lineOf = (path: string): Buffer | undefined => {
    if (forgotten.has(path)) throw new Error(`${path}: asked for after the build let it go (a kept page)`);
    for (;;) {
      const found = lines.get(path);
      if (found || finished) return found;
      if (exited()) {
        finish();
        continue;
      }
      readLines();
      if (!lines.has(path)) Atomics.wait(state, 0, 0, 10);
    }
  };

  return {
    page(path) {
      const detail = RUN_DETAIL.exec(path);
      if (detail && !pages.has(path)) {
        const run = decodeURIComponent(detail[2]);
        // Only a run of the study has a page: any other name is a 404, and never a path out of the runs folder.
        if (!isRunId(run) || !lstatSync(resolve(root, studyDir(), "runs", run), {throwIfNoEntry: false})?.isDirectory())
          return undefined;
        pages.set(path, drawRunPage(root, run, detail[1]));
      }
      const parsed = pages.get(path);
      if (parsed) return parsed;
      const line = lineOf(path);
      if (!line) return undefined;
      const [, fragments] = lineFragments(line);
      pages.set(path, fragments);
      return fragments;
    },
    digest(path) {
      const line = lineOf(path);
      return line && lineDigest(line);
    },
    forget(path) {
      lines.delete(path);
      forgotten.add(path);
    }
  };
}

// A run's own page in a study of run sets: written after Framework's build, so only `npm run dev` asks Framework for it.
const RUN_DETAIL = /^(\/tr)?\/runs\/detail\/([^/]+)$/;

/** Draws one run's page in a fresh process, so dev shows the library as it is now; a second or two, on request. */
function drawRunPage(root: string, run: string, tr: string | undefined): PageFragments {
  const script = join(root, "src/render/draw-run-page.ts");
  const out = execFileSync(process.execPath, ["--import", "tsx", script, run, tr ? "tr" : "en"], {
    cwd: root,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
    maxBuffer: 1 << 30
  });
  return JSON.parse(out) as PageFragments;
}

/** A page the renderer did not draw is not in the study (dev is asked for any step or run name a route allows): the
 * code ENOENT makes Framework's preview answer 404; a build only asks for the pages the config lists. */
function noSuchPage(path: string): Error {
  return Object.assign(new Error(`${path}: the study has no such page (the renderer drew none)`), {code: "ENOENT"});
}

/** How the build hands fragments to Framework (tools/build.ts): drawn blocks Framework need not see become markers,
 * put into the built pages after its build (fragment-splice.ts); on the pages `all` names every fragment does. Links
 * matching `unbuilt` lead to pages Framework does not build (set-pages.ts): their blocks are markers without them. */
export interface Marking {
  all(path: string): boolean;
  unbuilt: RegExp | null;
}

/** `marking`: null (npm run dev, or Framework's own build), every fragment goes into the page. */
export function staticFragments(md: MarkdownIt, pages: RenderedPages, marking: Marking | null = null): MarkdownIt {
  md.core.ruler.push("static-fragments", (state) => {
    const path = state.env.path;
    if (!path) return;
    const all = marking?.all(path) ?? false;
    const unbuilt = marking?.unbuilt ?? null;
    const block = (name: string, html: string) =>
      marking && (all || spliceable(html) || unbuilt?.test(html)) ? fragmentMarker(name, {html}, unbuilt) : html;
    let fragments: PageFragments | undefined;
    const lookup = (name: string): Fragment => {
      fragments ??= pages.page(path.replace(/\/index$/, "/"));
      if (!fragments) throw noSuchPage(path);
      const fragment = fragments[name];
      if (!fragment) throw new Error(`${path}: the page's placeholder {{${name}}} has no fragment`);
      return fragment;
    };
    const textOf = (name: string) => {
      const fragment = lookup(name);
      if ("html" in fragment) return fragment.html;
      return all ? fragmentMarker(name, fragment, unbuilt) : escapeHtml(fragment.text);
    };
    const tokens: Token[] = [];
    for (let i = 0; i < state.tokens.length; i++) {
      const token = state.tokens[i];
      const inline = state.tokens[i + 1];
      const alone = token.type === "paragraph_open" && inline?.type === "inline" && ALONE.exec(inline.content.trim());
      if (alone && state.tokens[i + 2]?.type === "paragraph_close") {
        const html = new state.Token("html_block", "", 0);
        const fragment = lookup(alone[1]);
        html.content = "html" in fragment ? `${block(alone[1], fragment.html)}\n` : `<p>${textOf(alone[1])}</p>\n`;
        tokens.push(html);
        i += 2;
        continue;
      }
      if (token.type === "html_block" && HAS_PLACEHOLDER.test(token.content))
        token.content = token.content.replace(PLACEHOLDER, (_all, name: string) => {
          const fragment = lookup(name);
          return "html" in fragment ? block(name, fragment.html) : textOf(name);
        });
      if (token.type === "inline" && token.children)
        token.children = token.children.flatMap((child) => inlineChild(child));
      tokens.push(token);
    }
    state.tokens = tokens;

    function inlineChild(child: Token): Token[] {
      if (!HAS_PLACEHOLDER.test(child.content)) return [child];
      if (child.type === "html_inline") {
        child.content = child.content.replace(PLACEHOLDER, (_all, name: string) => textOf(name));
        return [child];
      }
      if (child.type !== "text") return [child];
      const html = new state.Token("html_inline", "", 0);
      html.content = escapeHtml(child.content).replace(PLACEHOLDER, (_all, name: string) => textOf(name));
      return [html];
    }
  });
  return md;
}
