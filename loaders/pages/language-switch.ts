// The header's language switch: a link to the same page in the other language, its path escaped as HTML.

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** `twin` says whether the other language has the page (a user's page may be in one language only). */
export function languageSwitch({path}: {path: string}, twin: (path: string) => boolean = () => true): string {
  // The 404 page has no Turkish twin, so it gets no switch.
  if (path === "/404") return "";
  const page = path.replace(/\/index$/, "/");
  const isTurkish = page === "/tr/" || page.startsWith("/tr/");
  const other = isTurkish ? page.slice(3) || "/" : `/tr${page}`;
  const label = isTurkish ? "English" : "Türkçe";
  const lang = isTurkish ? "en" : "tr";
  // Said in the other language, for its reader; a link would lead to a 404.
  if (!twin(other))
    return `<nav class="language-switch" aria-label="Language"><span lang="${lang}">${isTurkish ? "This page has no English version" : "Bu sayfanın Türkçesi yok"}</span></nav>`;
  // The fragment goes along: on a run-set page it names the run shown.
  const keepFragment = `this.hash = location.hash`;
  return `<nav class="language-switch" aria-label="Language"><a href="${escapeHtml(encodeURI(other))}" hreflang="${lang}" lang="${lang}" onclick="${keepFragment}">${label}</a></nav>`;
}

/** In a site of many studies, the header's link from any page of a study (under studies/<id>/) up to the index. */
export function studiesIndexLink({path}: {path: string}): string {
  if (path === "/404") return "";
  const segments = path.replace(/^\//, "").split("/");
  const isTurkish = segments[0] === "tr";
  // Up to the study's root, then out of studies/<id>/; rel=external keeps Framework from resolving it inside the study.
  const href = `${"../".repeat(segments.length - 1)}../../${isTurkish ? "tr/" : ""}`;
  const label = isTurkish ? "Tüm çalışmalar" : "All studies";
  // Styled inline: the single-study build's stylesheet stays as it is.
  return `<nav class="studies-index" style="margin-right:auto;padding:0.35rem 0;font:600 13px/1 var(--sans-serif)"><a href="${escapeHtml(href)}" rel="external">${label}</a></nav>`;
}
