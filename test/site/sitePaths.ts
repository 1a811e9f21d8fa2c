// Every page a built site has, as its build drew them (site.json of the output's state folder), and the 404.
import {resolve} from "node:path";
import {SiteView} from "../../src/build/site-view.js";
import {stateFolder} from "../../src/render/store.js";

const ROOT = resolve(import.meta.dirname, "../..");

export async function sitePaths(output = "dist"): Promise<string[]> {
  const view = new SiteView(stateFolder(ROOT, output), resolve(ROOT, "src"));
  return (view.site?.pages ?? []).map((page) => page.path);
}

/** A site path ("/steps/x", "/runs/") as a URL under the served root. */
export function pageUrl(root: string, path: string): string {
  return new URL(path.replace(/^\//, ""), root).href;
}
