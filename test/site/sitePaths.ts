// Every page a built site has: each HTML file of the output but the 404 page, as its site path ("/steps/a", "/runs/").
import {pageFiles} from "../support/site-links.js";

export async function sitePaths(output = "dist"): Promise<string[]> {
  return pageFiles(output)
    .filter((file) => file !== "404.html")
    .map((file) => `/${file.replace(/\.html$/, "").replace(/(^|\/)index$/, "$1")}`)
    .sort();
}

/** A site path ("/steps/x", "/runs/") as a URL under the served root. */
export function pageUrl(root: string, path: string): string {
  return new URL(path.replace(/^\//, ""), root).href;
}
