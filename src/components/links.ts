// Links between pages built in the browser: Framework rewrites only links written in Markdown, so these are relative.
import {fillParts, type Lang} from "./i18n.js";
import {RUN_SETS_META, runSetOf} from "./runSets.js";

/** Where a page sits: its language and the relative path from it to the site root ("./", "../", "../../"). */
export interface PageContext {
  lang: Lang;
  root: string;
}

/** The folder a language's pages sit in, from the site's root: "" or "tr/". */
export function languagePrefix(lang: Lang): string {
  return lang === "tr" ? "tr/" : "";
}

/** A page's path from the site's root in a language: "/steps/a" is "/tr/steps/a" in Turkish. */
export function languagePath(lang: Lang, path: string): string {
  return `/${languagePrefix(lang)}${path.slice(1)}`;
}

// The build writes the number of run sets into every page's head; outside a page (tests) runs have their own pages.
let runSetsMeta: Element | null | undefined;
function runSets(): number {
  if (typeof document === "undefined") return 0;
  // Found once (a runs table calls this for every row), its count read each time: the renderer declares each study's.
  runSetsMeta ??= document.querySelector(`meta[name="${RUN_SETS_META}"]`);
  return Number(runSetsMeta?.getAttribute("content") ?? 0) || 0;
}

/** A run's page, or above the per-run page limit its set's page with the run as the fragment. */
export function runHref(run: string, {lang, root}: PageContext, sets = runSets()): string {
  const runs = `${root}${languagePrefix(lang)}runs/`;
  if (sets === 0) return `${runs}${encodeURIComponent(run)}`;
  return `${runs}set/${runSetOf(run, sets)}#${encodeURIComponent(run)}`;
}

/** A run's own page in an archive of run sets, written after Framework's build (src/render/run-details.ts). */
export function runDetailHref(run: string, {lang, root}: PageContext): string {
  return `${root}${languagePrefix(lang)}runs/detail/${encodeURIComponent(run)}.html`;
}

/** The step's page; the second look (loaders/study/second-look-file.ts) has none: its verdict is on the summary; the
 * search and its grid (loaders/study/search-file.ts) are on the tune page; the interference step (the plan's
 * `interference`) has none either: check's verdict on it is among the quality page's findings. */
export function stepHref(step: string, {lang, root}: PageContext): string {
  if (step === "second-look") return `${root}${languagePrefix(lang)}summary#second-look`;
  if (step === "tune") return `${root}${languagePrefix(lang)}tune`;
  if (step === "grid") return `${root}${languagePrefix(lang)}tune#tune-regret`;
  if (step === "interference") return `${root}${languagePrefix(lang)}quality`;
  return `${root}${languagePrefix(lang)}steps/${encodeURIComponent(step)}`;
}

/** The Headroom page, or one scenario's part of it. */
export function headroomHref({lang, root}: PageContext, scenario?: string): string {
  return `${root}${languagePrefix(lang)}headroom${scenario ? `#${headroomAnchor(scenario)}` : ""}`;
}

/** The id of a scenario's section on the Headroom page. */
export function headroomAnchor(scenario: string): string {
  return `scenario-${scenario.replace(/[^\w-]+/g, "-")}`;
}

/** An anchor whose text is set as text, never parsed as HTML. */
export function link(href: string, text: string): HTMLAnchorElement {
  const a = document.createElement("a");
  a.href = href;
  a.textContent = text;
  return a;
}

/** The download of every run's row (its commands included). */
export function runsCsvLink({root}: PageContext): HTMLAnchorElement {
  const csv = document.createElement("a");
  csv.setAttribute("href", `${root}data/runs.csv`);
  csv.setAttribute("download", "");
  csv.textContent = "runs.csv";
  return csv;
}

/** A note that the rest of a long table is in the runs download and on the step pages (the page shows its first rows). */
export function restOfRuns(context: PageContext): DocumentFragment {
  const part = document.createDocumentFragment();
  part.append(...fillParts("runsRestOfRuns", context.lang, {file: runsCsvLink(context)}));
  return part;
}
