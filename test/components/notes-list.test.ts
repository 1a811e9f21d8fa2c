// The study's notes as the notes page lists them: a write-up's Markdown link is a link, not its brackets and URL.
import "../../src/render/dom.js";
import {describe, expect, it} from "vitest";
import {notesList} from "../../src/components/notesList.js";
import {toHtml} from "../../src/render/dom.js";

const listed = (en: string) => toHtml(notesList({study: {notes: [{en, tr: en}]}}, "en"));

describe("the notes page's list", () => {
  // A caveat 12 of the 22 published write-ups end with (../shared/writeups/qwen3-8b--h100-latency.md among them).
  const note =
    "Although using quantization may impact accuracy. FP8 quantization can achieve less than 1% accuracy drop for most models. See the [evaluation results](https://github.com/Tencent/AngelSlim/blob/main/README_en.md#-benchmark) for more details.";

  it("shows a write-up's Markdown link as a link", () => {
    const html = listed(note);
    expect(html).toContain(
      'See the <a href="https://github.com/Tencent/AngelSlim/blob/main/README_en.md#-benchmark">evaluation results</a> for more details.'
    );
    expect(html).not.toContain("](");
  });

  it("links only http and https addresses, and keeps any markup in the text as text", () => {
    expect(listed("See [this](javascript:alert(1)).")).toBe(
      '<ul class="notes"><li>See [this](javascript:alert(1)).</li></ul>'
    );
    expect(listed("A [<b>bold</b> claim](https://example.org/x) and <i>this</i>")).toBe(
      '<ul class="notes"><li>A <a href="https://example.org/x">&lt;b&gt;bold&lt;/b&gt; claim</a> and &lt;i&gt;this&lt;/i&gt;</li></ul>'
    );
  });

  it("leaves a note without a link as it was", () => {
    expect(listed("Advances in the inference engine may lead to new conclusions.")).toBe(
      '<ul class="notes"><li>Advances in the inference engine may lead to new conclusions.</li></ul>'
    );
  });
});
