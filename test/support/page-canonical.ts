// A built page as what a browser shows and follows: elements with their attributes (links resolved to the pages they
// reach) and text, so two builds compare equal when only Framework's serialization or link spelling differs.
import {parseHTML} from "linkedom";
import {posix} from "node:path";

interface Node {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<Node>;
  attributes?: ArrayLike<{name: string; value: string}>;
}

/** `page` is the page's path in the site ("tr/steps/a.html"), against which its relative links are resolved. */
export function canonicalPage(html: string, page: string): string[] {
  const {document} = parseHTML(html);
  const lines: string[] = [];
  const walk = (node: Node, depth: number): void => {
    if (node.nodeType === 3) {
      const text = (node.textContent ?? "").replace(/\s+/g, " ").trim();
      if (text) lines.push(`${depth} #${text}`);
      return;
    }
    if (node.nodeType !== 1) return;
    const attributes = Array.from(node.attributes ?? [], ({name, value}) => `${name}=${attribute(name, value, page)}`);
    lines.push(`${depth} <${node.nodeName.toLowerCase()} ${attributes.sort().join(" ")}>`);
    for (const child of Array.from(node.childNodes)) walk(child, depth + 1);
  };
  walk(document.documentElement as unknown as Node, 0);
  return lines;
}

function attribute(name: string, value: string, page: string): string {
  if (name !== "href" || /^(#|\w+:)/.test(value)) return value;
  const [path, hash = ""] = value.split("#");
  const resolved = posix.normalize(posix.join(posix.dirname(page), decodeURI(path))).replace(/\.html$/, "");
  return `/${resolved}${hash ? `#${hash}` : ""}`;
}
