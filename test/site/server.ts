// The site tests serve dist/ as GitHub Pages would, with the server `npm run preview` uses.
import {serveSite as serve, type ServeOptions, type SiteServer} from "../../tools/static-site.js";

export type {SiteServer};

/** Like `npm run preview`, but the server stops itself after 20 minutes if a test run forgets to close it. */
export function serveSite(root: string, options: ServeOptions = {}): Promise<SiteServer> {
  return serve(root, {lifetimeMs: 20 * 60_000, ...options});
}
