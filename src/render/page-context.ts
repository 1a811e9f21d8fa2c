// Where a page's links start from, by its language: apart from the page drawing, so the build script can use it alone.
import type {Lang} from "../components/i18n.js";
import type {PageContext} from "../components/links.js";

// A Turkish page sits one folder deeper (/tr/…), so its way back to the site's root is one step longer.
export function pageContext(lang: Lang, root: string): PageContext {
  return {lang, root: lang === "tr" ? `../${root === "./" ? "" : root}` : root};
}
