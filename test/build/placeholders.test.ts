// The one markdown-it rule: a drawn page's placeholders become its fragments (dev) or markers the stamp fills (npm run
// build); {{title}} is the page's title; a page the study does not draw is left as it is.
import MarkdownIt from "markdown-it";
import {describe, expect, it} from "vitest";
import {FrameworkContractError} from "../../src/build/framework.js";
import {frameworkNeed, marker, placeholders} from "../../src/build/placeholders.js";
import type {SiteView} from "../../src/build/site-view.js";
import {drawnSite} from "../support/drawn-site.js";

const STEP = {
  path: "/steps/a",
  source: "steps/[step].md",
  title: "1. Engine & more",
  name: "Engine & more",
  fragments: {intro: {text: "Three <engines>."}, "step-table": {html: "<table><tr><td>1</td></tr></table>"}}
};
const SETUP = {
  path: "/setup",
  source: "setup.md",
  fragments: {goal: {text: "Fast"}, "bench-commands": {html: `<a download href="./data/runs.csv">runs.csv</a>`}}
};

function render(view: SiteView, source: string, path: string | undefined): string {
  const md = placeholders(new MarkdownIt({html: true}), () => view);
  return md.render(source, path === undefined ? {} : {path});
}

describe("in dev, where Framework makes every page", () => {
  const view = drawnSite([STEP, SETUP], "fill");
  it("puts each fragment in: a block alone, text escaped inline and in HTML, the title as the h1's text", () => {
    const html = render(
      view,
      '# {{title}}\n\n{{step-table}}\n\nSee {{intro}}\n\n<p class="v">{{intro}}</p>\n',
      "/steps/a"
    );
    expect(html).toBe(
      '<h1>1. Engine &amp; more</h1>\n<table><tr><td>1</td></tr></table>\n<p>See Three &#60;engines&#62;.</p>\n<p class="v">Three &#60;engines&#62;.</p>\n'
    );
  });
  it("names the page and the placeholder a fragment is missing for", () => {
    expect(() => render(view, "{{verdict}}\n", "/steps/a")).toThrow(
      "steps/[step].md: the placeholder {{verdict}} has no fragment on /steps/a"
    );
  });
  it("answers 404 for a step the study does not have, and leaves a page it does not draw as it is", () => {
    expect(() => render(view, "{{intro}}\n", "/steps/gone")).toThrow(expect.objectContaining({code: "ENOENT"}));
    expect(render(view, "# Mine {{x}}\n", "/explore")).toBe("<h1>Mine {{x}}</h1>\n");
  });
});

describe("in npm run build, where the stamp fills the pages", () => {
  const view = drawnSite([STEP, SETUP]);
  it("hands Framework a marker for each fragment, and the title itself", () => {
    const html = render(view, "# {{title}}\n\n{{step-table}}\n\nSee {{intro}}\n", "/steps/a");
    expect(html).toBe(`<h1>1. Engine &amp; more</h1>\n${marker("step-table")}\n<p>See ${marker("intro")}</p>\n`);
  });
  it("hands Framework a block's download links beside its marker, not the block, on a page it makes itself", () => {
    // Before, the whole block went through Framework: at 1000x the seed 3 MB of run links on the headroom page, each
    // checked against the run set pages Framework does not build ("Warning: 14308 broken links").
    const setup = drawnSite([
      {
        ...SETUP,
        fragments: {
          ...SETUP.fragments,
          "server-commands": {
            html: `<p>Every run is in <a download="" href="./data/runs.csv">runs.csv</a>; <a href="./runs/set/3#r1">r1</a>.</p>`
          }
        }
      }
    ]);
    expect(render(setup, "{{bench-commands}}\n\n{{server-commands}}\n", "/setup")).toBe(
      `${marker("bench-commands")}<tps-downloads data-name="bench-commands"><a download href="./data/runs.csv"></a></tps-downloads>\n` +
        `${marker("server-commands")}<tps-downloads data-name="server-commands"><a download="" href="./data/runs.csv"></a></tps-downloads>\n`
    );
  });
  it("hands Framework a block whose code it highlights or whose link leaves the site whole, on a page it makes itself", () => {
    const code = `<pre><code class="language-bash">vllm serve</code></pre><a download href="./data/runs.csv">runs.csv</a>`;
    const setup = drawnSite([{...SETUP, fragments: {...SETUP.fragments, "bench-commands": {html: code}}}]);
    expect(render(setup, "{{bench-commands}}\n", "/setup")).toBe(`${code}\n`);
  });
  it("refuses such a block on a page written from a template's first page", () => {
    const step = drawnSite([{...STEP, fragments: {"step-table": SETUP.fragments["bench-commands"]}}]);
    expect(() => render(step, "{{step-table}}\n", "/steps/a")).toThrow("names a file or code Framework must resolve");
  });
  it("knows what only Framework's pipeline does to a block", () => {
    const need = (html: string) => {
      const found = frameworkNeed(html);
      return typeof found === "string" ? found : found.downloads.map(([tag]) => tag);
    };
    expect(need(`<p>All in <a download href="x.csv">x</a> and <A DOWNLOAD="" href='y.csv'>y</A></p>`)).toEqual([
      `<a download href="x.csv">`,
      `<A DOWNLOAD="" href='y.csv'>`
    ]);
    expect(need(`<img src="x.png">`)).toBe("whole");
    expect(need(`<pre><code class="language-json">{}</code></pre>`)).toBe("whole");
    expect(need(`<a href="https://example.com/">x</a>`)).toBe("whole");
    expect(need(`<a download href="https://example.com/x.csv">x</a>`)).toBe("whole");
    expect(need(`<a download href="x.csv">x</a><img src="x.png">`)).toBe("whole");
    expect(need(`<div download>x</div>`)).toBe("whole");
    expect(need(`<a href="../runs/set/3#r1">r1</a><nav class="language-switch"></nav>`)).toBe("nothing");
    expect(need(`<script type="application/json">{}</script>`)).toBe("nothing");
    expect(need(`<script src="./x.js"></script>`)).toBe("whole");
    // Text and attribute values that read like a tag (a hostile run's model name) are none.
    expect(need(`<td>&lt;img src=x onerror="a()"&gt;</td>`)).toBe("nothing");
    expect(need(`<path aria-label="Qwen/<img src=x onerror=a()>" d="M0"></path>`)).toBe("nothing");
    expect(need(`<td title="<a download href=x.csv>">x</td>`)).toBe("nothing");
  });
});

describe("a Framework that no longer names the page to markdown-it (silent before: {{names}} stayed in the pages)", () => {
  it("stops the build at the first page", () => {
    expect(() => render(drawnSite([STEP]), "{{intro}}\n", undefined)).toThrow(FrameworkContractError);
  });
});
