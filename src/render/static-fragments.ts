// A markdown-it rule: a page's {{name}} placeholders become the fragments the build rendered for that page. A
// placeholder alone in a paragraph becomes a block of HTML; one inside text or an HTML block takes text or HTML.
import {execFileSync} from "node:child_process";
import {join} from "node:path";
import type {Fragment, PageFragments} from "./fragment.js";
import {escapeHtml} from "../../loaders/pages/language-switch.js";
import {OUTPUT_NOT_WRITTEN} from "../../loaders/files/write-stdout.js";

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

/** Renders every page's fragments in a fresh process (tsx), so edits to the library show on the next build or reload. */
export function renderFragments(root: string): Map<string, PageFragments> {
  let out: Buffer;
  try {
    out = execFileSync(process.execPath, ["--import", "tsx", join(root, "src/render/render-site.ts")], {
      cwd: root,
      maxBuffer: 2 ** 31 - 1,
      stdio: ["ignore", "pipe", "inherit"]
    });
  } catch (error) {
    // The renderer has said why on stderr, in one line; the build adds nothing to it (build-error.ts).
    const status = (error as {status?: number}).status;
    if (status === OUTPUT_NOT_WRITTEN) throw new Error(`src/render/render-site.ts exited with code ${status}`);
    throw error;
  }
  // One page per line: the whole site as one JSON string would pass V8's longest string at 1000× the seed.
  const pages = new Map<string, PageFragments>();
  for (let start = 0; start < out.length;) {
    const end = out.indexOf(10, start);
    const line = out.toString("utf8", start, end < 0 ? out.length : end);
    if (line) {
      const [path, fragments] = JSON.parse(line) as [string, PageFragments];
      pages.set(path, fragments);
    }
    start = end < 0 ? out.length : end + 1;
  }
  return pages;
}

function fragmentHtml(fragment: Fragment): string {
  return "html" in fragment ? fragment.html : escapeHtml(fragment.text);
}

export function staticFragments(md: MarkdownIt, pages: Map<string, PageFragments>): MarkdownIt {
  md.core.ruler.push("static-fragments", (state) => {
    const path = state.env.path;
    if (!path) return;
    const fragments = pages.get(path.replace(/\/index$/, "/"));
    const lookup = (name: string): Fragment => {
      const fragment = fragments?.[name];
      if (!fragment) throw new Error(`${path}: the page's placeholder {{${name}}} has no fragment`);
      return fragment;
    };
    const tokens: Token[] = [];
    for (let i = 0; i < state.tokens.length; i++) {
      const token = state.tokens[i];
      const inline = state.tokens[i + 1];
      const alone = token.type === "paragraph_open" && inline?.type === "inline" && ALONE.exec(inline.content.trim());
      if (alone && state.tokens[i + 2]?.type === "paragraph_close") {
        const block = new state.Token("html_block", "", 0);
        const fragment = lookup(alone[1]);
        block.content = "html" in fragment ? `${fragment.html}\n` : `<p>${escapeHtml(fragment.text)}</p>\n`;
        tokens.push(block);
        i += 2;
        continue;
      }
      if (token.type === "html_block" && HAS_PLACEHOLDER.test(token.content))
        token.content = token.content.replace(PLACEHOLDER, (_all, name: string) => fragmentHtml(lookup(name)));
      if (token.type === "inline" && token.children)
        token.children = token.children.flatMap((child) => inlineChild(child));
      tokens.push(token);
    }
    state.tokens = tokens;

    function inlineChild(child: Token): Token[] {
      if (!HAS_PLACEHOLDER.test(child.content)) return [child];
      if (child.type === "html_inline") {
        child.content = child.content.replace(PLACEHOLDER, (_all, name: string) => fragmentHtml(lookup(name)));
        return [child];
      }
      if (child.type !== "text") return [child];
      const html = new state.Token("html_inline", "", 0);
      html.content = escapeHtml(child.content).replace(PLACEHOLDER, (_all, name: string) => fragmentHtml(lookup(name)));
      return [html];
    }
  });
  return md;
}
