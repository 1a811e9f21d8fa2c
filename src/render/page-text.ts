// A page's text as Framework's search index takes it, and its title, from the page's Markdown and its fragments: the
// build hands both to Framework's search hook (search.index), since Framework builds only the first page of a template.
import he from "he";
import MarkdownIt from "markdown-it";
import {parse} from "yaml";
import type {PageFragments} from "./fragment.js";
import {escapeHtml} from "./html.js";

const PLACEHOLDER = /\{\{([a-z][a-z0-9-]*)\}\}/g;

// As Framework configures markdown-it (markdown.js): HTML on, bare links found, no typographer.
const md = new MarkdownIt({html: true, linkify: true, typographer: false});
md.linkify.set({fuzzyLink: false, fuzzyEmail: false});
// Framework runs a js fence and shows no text for it; any other fence is shown as code.
const fence = md.renderer.rules.fence!;
md.renderer.rules.fence = (tokens, idx, options, env, self) =>
  /^js\b/.test(tokens[idx].info) && !/\becho\b/.test(tokens[idx].info) ? "" : fence(tokens, idx, options, env, self);

/** A Markdown page's front matter and the rest. */
export function frontMatter(source: string): {data: Record<string, unknown>; content: string} {
  const match = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/.exec(source);
  if (!match) return {data: {}, content: source};
  return {data: (parse(match[1]) as Record<string, unknown>) ?? {}, content: source.slice(match[0].length)};
}

/** The page's title as Framework takes it: its front matter's, else its first h1's text. */
export function pageTitle(source: string, title: string | null): string | null {
  const {data, content} = frontMatter(source);
  if (data.title !== undefined) return data.title == null ? null : String(data.title);
  const h1 = /^# (.+)$/m.exec(content);
  return h1 ? h1[1].replace("{{title}}", title ?? "").trim() || null : null;
}

/** What Framework's search index reads of a page body: its text, one line, accents and punctuation out. */
export function indexedText(html: string): string {
  return he
    .decode(
      html
        .replaceAll(/[\n\r]/g, " ")
        .replaceAll(/<style\b.*<\/style\b[^>]*>/gi, " ")
        .replaceAll(/<[^>]+>/g, " ")
    )
    .normalize("NFD")
    .replaceAll(/[\u0300-\u036f]/g, "")
    .replace(/[^\p{L}\p{N}]/gu, " ");
}

/** Each word of a text once, in the order of first use, as its first use spells it: the index finds a page by any word
 * it holds, and a long table's words over again only cost the build (BENCHMARKS.md, figures behind choices). */
function distinctWords(text: string): string {
  const words = new Map<string, string>();
  for (const word of text.split(/\s+/)) if (word && !words.has(word.toLowerCase())) words.set(word.toLowerCase(), word);
  return [...words.values()].join(" ");
}

/** The page's words for the search index: its Markdown rendered, each placeholder replaced by its fragment. */
export function pageText(source: string, fragments: PageFragments, title: string | null): string {
  const html = md.render(frontMatter(source).content).replace(PLACEHOLDER, (_all, name: string) => {
    if (name === "title") return escapeHtml(title ?? "");
    const fragment = fragments[name];
    if (!fragment) throw new Error(`the page's placeholder {{${name}}} has no fragment`);
    return "html" in fragment ? fragment.html : escapeHtml(fragment.text);
  });
  return distinctWords(indexedText(html));
}
