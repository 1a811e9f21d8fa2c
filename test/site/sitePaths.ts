// Every page the built site has, taken from the Framework config itself: its sidebar pages and dynamic paths.
import config from "../../observablehq.config.js";

interface PageEntry {
  path: string;
  pages?: PageEntry[];
}

export async function sitePaths(): Promise<string[]> {
  const paths = new Set<string>(["/"]);
  const visit = (entries: PageEntry[]) => {
    for (const entry of entries) {
      if (entry.path) paths.add(entry.path);
      if (entry.pages) visit(entry.pages);
    }
  };
  visit(config.pages as PageEntry[]);
  for await (const path of config.dynamicPaths()) paths.add(path);
  return [...paths];
}

/** A site path ("/steps/x", "/runs/") as a URL under the served root. */
export function pageUrl(root: string, path: string): string {
  return new URL(path.replace(/^\//, ""), root).href;
}
