// A run's page in a study of run sets is its drawn body (run-details.ts) put into the shell of the first built set page.
// Apart from the drawing, so that the build script puts pages in without loading the chart libraries.
import {createHash} from "node:crypto";
import {linkSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {escapeHtml} from "../../loaders/pages/language-switch.js";
import type {RunPageLayout} from "../../loaders/pages/run-pages.js";
import type {Lang} from "../components/i18n.js";
import {runDetailHref} from "../components/links.js";
import {pageContext} from "./page-context.js";

const LANGS: Lang[] = ["en", "tr"];
const prefix = (lang: Lang) => (lang === "tr" ? "tr" : "");

/** Written by each drawing: the runs drawn this time (the others' bodies were kept). */
export const DRAWN = "drawn.json";

/** A built set page cut around its <main>. */
function shellOf(file: string): {before: string; after: string} {
  let page: string;
  try {
    page = readFileSync(file, "utf8");
  } catch (error) {
    throw new Error(
      `${file}: the built set page a run's page is written into is missing (${(error as Error).message})`
    );
  }
  const open = page.indexOf("<main");
  const start = page.indexOf(">", open) + 1;
  const end = page.indexOf("</main>");
  if (open < 0 || end < start) throw new Error(`${file}: no <main> element to write a run's page into`);
  return {before: withoutSidebar(page.slice(0, start)), after: page.slice(end)};
}

/** The shell without Framework's sidebar (its toggle, its list of every page, and the script that restores it): at
 * 17,000 runs the list was 83 % of each run's page and 2.3 GB of the site. Framework draws a page without a sidebar
 * the same way. Left as it is when the shell is not laid out as expected. */
export function withoutSidebar(shell: string): string {
  const from = shell.indexOf('<input id="observablehq-sidebar-toggle"');
  const nav = shell.indexOf('<nav id="observablehq-sidebar"');
  const navEnd = shell.indexOf("</nav>", nav);
  const script = shell.indexOf("<script>", navEnd);
  const scriptEnd = shell.indexOf("</script>", script);
  if (from < 0 || nav < from || navEnd < 0 || script < 0 || scriptEnd < 0) return shell;
  const between = shell.slice(navEnd + "</nav>".length, script);
  if (between.trim() !== "" || !shell.slice(script, scriptEnd).includes("#observablehq-sidebar")) return shell;
  return shell.slice(0, from) + shell.slice(scriptEnd + "</script>".length);
}

/** An earlier build's run pages that stand for this build's where neither the run's body nor the shell changed. */
export interface KeptRunPages {
  /** The earlier build's output. */
  output: string;
  /** Digests of the shells that build wrote run pages into, by language. */
  shells: Record<string, string>;
}

/**
 * Puts each drawn run page into its set page's shell: output/runs/detail/<run>.html and tr/runs/detail/<run>.html;
 * with `kept`, a run not drawn again in an unchanged shell is linked from the earlier output instead. The pages
 * written, and the shells' digests.
 */
export function wrapRunDetails(
  staging: string,
  output: string,
  layout: RunPageLayout,
  kept: KeptRunPages | null = null
): {written: number; kept: number; shells: Record<string, string>} {
  const first = layout.members.findIndex((members) => members.length > 0);
  const redrawn = new Set(JSON.parse(readFileSync(join(staging, DRAWN), "utf8")) as string[]);
  const shells: Record<string, string> = {};
  let written = 0;
  let linked = 0;
  for (const lang of LANGS) {
    const shell = shellOf(join(output, prefix(lang), "runs/set", `${first}.html`));
    shells[lang] = createHash("sha256").update(`${shell.before}\0${shell.after}`).digest("hex");
    const linkable = kept?.shells[lang] === shells[lang];
    const other: Lang = lang === "tr" ? "en" : "tr";
    const root = pageContext(lang, "../../").root;
    const folder = join(output, prefix(lang), "runs/detail");
    mkdirSync(folder, {recursive: true});
    for (const name of readdirSync(join(staging, lang))) {
      const run = name.slice(0, -".html".length);
      if (linkable && !redrawn.has(run)) {
        try {
          linkSync(join(kept!.output, prefix(lang), "runs/detail", name), join(folder, name));
          written++;
          linked++;
          continue;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
        }
      }
      const drawn = readFileSync(join(staging, lang, name), "utf8");
      const cut = drawn.indexOf("\n");
      const before = shell.before
        .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(drawn.slice(0, cut))} | tps-report</title>`)
        .replace(
          /(<nav class="language-switch"[^>]*><a href=")[^"]*"/,
          `$1${escapeHtml(runDetailHref(run, {lang: other, root}))}"`
        );
      const file = join(folder, name);
      writeFileSync(`${file}.tmp`, before + drawn.slice(cut + 1) + shell.after);
      renameSync(`${file}.tmp`, file);
      written++;
    }
  }
  return {written, kept: linked, shells};
}
