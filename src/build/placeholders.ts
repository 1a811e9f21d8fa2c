// The one markdown-it rule between the drawn site and Framework: a drawn page's {{name}} placeholders become its
// fragments (dev), or markers the stamp fills after Framework's build (npm run build). {{title}} is always the page's
// title, so that Framework's <title> and h1 read it. A page the study does not draw (a user's) is left as it is.
import type MarkdownIt from "markdown-it";
import type Token from "markdown-it/lib/token.mjs";
import type {Fragment, PageFragments} from "../render/fragment.js";
import {escapeHtml} from "../render/html.js";
import {markdownPagePath} from "./framework.js";
import type {SiteView} from "./site-view.js";

const PLACEHOLDER = /\{\{([a-z][a-z0-9-]*)\}\}/g;
const HAS_PLACEHOLDER = /\{\{[a-z][a-z0-9-]*\}\}/;
const ALONE = /^\{\{([a-z][a-z0-9-]*)\}\}$/;

/** Where the stamp puts a fragment: the marker Framework is handed in its place. */
export function marker(name: string): string {
  return `<tps-fragment data-name="${name}"></tps-fragment>`;
}

// What only Framework's own pipeline does to a block: copy and hash a file it names, highlight code, mark a link to
// another site. Such a block goes through Framework, or, where it only names files to download, those links go alone
// beside its marker; on a page written from a template neither can. Each tag is read with its attributes, so that text
// or an attribute's value that reads like one (a hostile run's model) is no tag.
const TAG = /<([a-zA-Z][\w-]*)((?:\s+[^\s=>"'/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>"']+))?)*)\s*\/?>/g;
const ATTRIBUTE = /([^\s=>"'/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+)))?/g;

/** What a tag needs of Framework's pipeline: nothing, its download link resolved, or the whole block it is in. */
function tagNeed(tag: string, attributes: string): "nothing" | "download" | "whole" {
  const name = tag.toLowerCase();
  if (["img", "link", "video", "audio", "source", "picture"].includes(name)) return "whole";
  let download = false;
  for (const [, attribute, ...values] of attributes.matchAll(ATTRIBUTE)) {
    const key = attribute.toLowerCase();
    const value = values.find((v) => v !== undefined) ?? "";
    if (key === "src" || key === "srcset") return "whole";
    if (name === "code" && key === "class" && /\blanguage-/.test(value)) return "whole";
    if (name === "a" && key === "href" && /^\w+:/.test(value)) return "whole";
    if (key === "download") download = true;
  }
  if (!download) return "nothing";
  return name === "a" ? "download" : "whole";
}

/** What a block needs of Framework's pipeline: nothing; its download links resolved (their open tags, in order); or
 * the whole block. */
export type FrameworkNeed = "nothing" | "whole" | {downloads: RegExpMatchArray[]};

export function frameworkNeed(html: string): FrameworkNeed {
  const downloads: RegExpMatchArray[] = [];
  for (const match of html.matchAll(TAG)) {
    const need = tagNeed(match[1], match[2]);
    if (need === "whole") return "whole";
    if (need === "download") downloads.push(match);
  }
  return downloads.length ? {downloads} : "nothing";
}

/** Beside a block's marker: its downloads' links alone, for Framework to resolve and the stamp to put back in the block
 * (the block itself, thousands of run links at scale, is then neither parsed by Framework nor checked against pages it
 * does not build). */
export function downloadsCarrier(name: string, downloads: RegExpMatchArray[]): string {
  return `<tps-downloads data-name="${name}">${downloads.map(([tag]) => `${tag}</a>`).join("")}</tps-downloads>`;
}

/** A page the study has no such page for: the code ENOENT makes Framework's preview answer 404. */
function noSuchPage(path: string): Error {
  return Object.assign(new Error(`${path}: the study has no such page`), {code: "ENOENT"});
}

export function placeholders(md: MarkdownIt, view: () => SiteView): MarkdownIt {
  md.core.ruler.push("tps-report-placeholders", (state) => {
    const path = markdownPagePath(state.env);
    const site = view();
    // A study that could not be drawn (dev): each page with placeholders shows why, until it is mended.
    if (site.error) {
      if (state.tokens.some((t) => HAS_PLACEHOLDER.test(t.content))) throw new Error(site.error);
      return;
    }
    const page = site.page(path);
    if (!page) {
      if (site.ours(path)) throw noSuchPage(path);
      return;
    }
    const template = page.source.includes("[");
    const fill = site.site!.mode === "fill";
    let fragments: PageFragments | null = null;
    const lookup = (name: string): Fragment => {
      fragments ??= site.fragments(page);
      const fragment = fragments[name];
      if (!fragment) throw new Error(`${page.source}: the placeholder {{${name}}} has no fragment on ${page.path}`);
      return fragment;
    };
    // A fragment as Framework is handed it: itself, or the marker the stamp replaces.
    const block = (name: string): string => {
      if (name === "title") return escapeHtml(page.title ?? "");
      const fragment = lookup(name);
      const html = "html" in fragment ? fragment.html : escapeHtml(fragment.text);
      if (fill) return html;
      const need = "html" in fragment ? frameworkNeed(fragment.html) : "nothing";
      if (need === "nothing") return marker(name);
      if (template)
        throw new Error(
          `${page.path}: the block {{${name}}} names a file or code Framework must resolve, and the page is written from ${page.source}'s first page`
        );
      return need === "whole" ? html : marker(name) + downloadsCarrier(name, need.downloads);
    };
    const tokens: Token[] = [];
    for (let i = 0; i < state.tokens.length; i++) {
      const token = state.tokens[i];
      // A plain h1 keeps its place as the page's title, without the id Framework would link it to itself by.
      if (page.heading === "plain" && token.type === "heading_open" && token.tag === "h1") token.attrs = null;
      const inline = state.tokens[i + 1];
      const alone = token.type === "paragraph_open" && inline?.type === "inline" && ALONE.exec(inline.content.trim());
      if (alone && alone[1] !== "title" && state.tokens[i + 2]?.type === "paragraph_close") {
        const html = new state.Token("html_block", "", 0);
        html.content = "html" in lookup(alone[1]) ? `${block(alone[1])}\n` : `<p>${block(alone[1])}</p>\n`;
        tokens.push(html);
        i += 2;
        continue;
      }
      if (token.type === "html_block" && HAS_PLACEHOLDER.test(token.content))
        token.content = token.content.replace(PLACEHOLDER, (_all, name: string) => block(name));
      if (token.type === "inline" && token.children) token.children = token.children.flatMap(inlineChild);
      tokens.push(token);
    }
    state.tokens = tokens;

    function inlineChild(child: Token): Token[] {
      if (!HAS_PLACEHOLDER.test(child.content)) return [child];
      // Text stays text where it is only the title, so that Framework takes the page's title from its h1.
      if (
        child.type === "text" &&
        child.content.replace(/\{\{title\}\}/g, "") === child.content.replace(PLACEHOLDER, "")
      ) {
        child.content = child.content.replaceAll("{{title}}", page!.title ?? "");
        return [child];
      }
      if (child.type === "html_inline") {
        child.content = child.content.replace(PLACEHOLDER, (_all, name: string) => block(name));
        return [child];
      }
      if (child.type !== "text") return [child];
      const html = new state.Token("html_inline", "", 0);
      html.content = escapeHtml(child.content).replace(PLACEHOLDER, (_all, name: string) => block(name));
      return [html];
    }
  });
  return md;
}
