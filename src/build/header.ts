// The header's language switch: a link to the same page in the other language, its path escaped as HTML.
import {t, type Lang} from "../components/i18n.js";
import {languagePrefix} from "../components/links.js";
import {escapeHtml} from "../render/html.js";

export {escapeHtml};

/** The language of the page at `path`: Turkish under /tr/. */
export function pageLanguage(path: string): Lang {
  return path === "/tr" || path.startsWith("/tr/") ? "tr" : "en";
}

/** The page's language, set as it loads: in `npm run dev` no stamp writes it into the page's <html> tag. */
export function languageScript(path: string): string {
  return `<script>document.documentElement.lang = "${pageLanguage(path)}";</script>`;
}

/** The same page in the other language ("/steps/a" and "/tr/steps/a"). */
export function twinPath(path: string): string {
  const page = path.replace(/\/index$/, "/");
  return pageLanguage(page) === "tr" ? page.slice(3) || "/" : `/tr${page}`;
}

/** The header's switch; `twin` says whether the other language has the page (a user's page may be in one language
 * only); `href` is the twin's path, which Framework makes relative (the stamp passes it so). */
export function languageSwitch(
  {path}: {path: string},
  twin: (path: string) => boolean = () => true,
  href = encodeURI(twinPath(path))
): string {
  // The 404 page has no Turkish twin, so it gets no switch.
  if (path === "/404") return "";
  const other = twinPath(path);
  const lang = pageLanguage(other);
  const nav = `<nav class="language-switch" aria-label="${t("languageSwitch", pageLanguage(path))}">`;
  // Said in the other language, for its reader; a link would lead to a 404.
  if (!twin(other)) return `${nav}<span lang="${lang}">${t("noTwin", lang)}</span></nav>`;
  const label = t("languageName", lang);
  // The fragment goes along: on a run-set page it names the run shown.
  const keepFragment = `this.hash = location.hash`;
  return `${nav}<a href="${escapeHtml(href)}" hreflang="${lang}" lang="${lang}" onclick="${keepFragment}">${label}</a></nav>`;
}

/** In a site of many studies, the header's link from any page of a study (under studies/<id>/) up to the index. */
export function studiesIndexLink({path}: {path: string}): string {
  if (path === "/404") return "";
  const segments = path.replace(/^\//, "").split("/");
  const lang = segments[0] === "tr" ? "tr" : "en";
  // Up to the study's root, then out of studies/<id>/; rel=external keeps Framework from resolving it inside the study.
  const href = `${"../".repeat(segments.length - 1)}../../${languagePrefix(lang)}`;
  const label = t("allStudies", lang);
  // Styled inline: the single-study build's stylesheet stays as it is.
  return `<nav class="studies-index" style="margin-right:auto;padding:0.35rem 0;font:600 13px/1 var(--sans-serif)"><a href="${escapeHtml(href)}" rel="external">${label}</a></nav>`;
}
