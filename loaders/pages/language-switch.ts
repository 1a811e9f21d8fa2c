// The header's language switch: a link to the same page in the other language, its path escaped as HTML.

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function languageSwitch({path}: {path: string}): string {
  // The 404 page has no Turkish twin, so it gets no switch.
  if (path === "/404") return "";
  const page = path.replace(/\/index$/, "/");
  const isTurkish = page === "/tr/" || page.startsWith("/tr/");
  const other = isTurkish ? page.slice(3) || "/" : `/tr${page}`;
  const label = isTurkish ? "English" : "Türkçe";
  const lang = isTurkish ? "en" : "tr";
  // The fragment goes along: on a run-set page it names the run shown.
  const keepFragment = `this.hash = location.hash`;
  return `<nav class="language-switch" aria-label="Language"><a href="${escapeHtml(encodeURI(other))}" hreflang="${lang}" lang="${lang}" onclick="${keepFragment}">${label}</a></nav>`;
}
