// A run page's facts in the page's language: the phase a run failed in, and why a result is partial. The Turkish
// pages said "Başarısız olduğu aşama: server-start" (the seed's TensorRT-LLM FP8 run) and gave a partial result's
// reason in English ("the result accounts for 984 of the 1000 requests …", a write-up of test/fixtures).
import "../../src/render/dom.js";
import {mkdtempSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {loadStudy} from "../../loaders/analysis/report.js";
import {importWriteup} from "../../loaders/import/writeup/index.js";
import {runDetail} from "../../loaders/runs/run-detail.js";
import {runFacts} from "../../src/components/runDetail.js";

const root = mkdtempSync(join(tmpdir(), "tps-run-facts-words-"));
afterAll(() => rmSync(root, {recursive: true, force: true}));

/** The run page's facts, term to text, in both languages. */
async function facts(dir: string, run: string): Promise<Record<"en" | "tr", Record<string, string>>> {
  const {plan} = await loadStudy(dir);
  const detail = JSON.parse(JSON.stringify(await runDetail(dir, run, plan)));
  const read = (lang: "en" | "tr") => {
    const list = runFacts(detail, {lang, root: "../"});
    const terms = [...list.querySelectorAll("dt")].map((d) => d.textContent!);
    const values = [...list.querySelectorAll("dd")].map((d) => d.textContent!);
    return Object.fromEntries(terms.map((term, i) => [term, values[i]]));
  };
  return {en: read("en"), tr: read("tr")};
}

describe("a run page's facts", () => {
  it("name the phase a run failed in, in words of the page's language", async () => {
    const {en, tr} = await facts("data/studies/qwen3-32b-a100", "quantization--trtllm-fp8--sharegpt");
    expect(en["Failed during"]).toBe("server start");
    expect(tr["Başarısız olduğu aşama"]).toBe("sunucu başlatma");
  });

  // The Turkish pages named it "Quantization", where the library's own Turkish (findings, headroom) says "nicemleme".
  it("name the run's quantization in the page's language, as the findings do", async () => {
    const {en, tr} = await facts("data/studies/qwen3-32b-a100", "quantization--trtllm-fp8--sharegpt");
    expect(en["Quantization"]).toBe("fp8");
    expect(tr["Nicemleme"]).toBe("fp8");
    expect(Object.keys(tr)).not.toContain("Quantization");
  });

  it("name a phase tps-report does not know as run.json writes it (a hand-edited or hostile file)", async () => {
    const {plan} = await loadStudy("data/studies/qwen3-32b-a100");
    const detail = JSON.parse(
      JSON.stringify(await runDetail("data/studies/qwen3-32b-a100", "quantization--trtllm-fp8--sharegpt", plan))
    );
    detail.row.failed_phase = "<b>exploded</b>";
    const list = runFacts(detail, {lang: "tr", root: "../"});
    const terms = [...list.querySelectorAll("dt")].map((d) => d.textContent);
    expect(list.querySelectorAll("dd")[terms.indexOf("Başarısız olduğu aşama")].textContent).toBe("<b>exploded</b>");
  });

  it("say why a result is partial in the page's language", async () => {
    const dir = join(root, "study");
    importWriteup("test/fixtures/writeups/qwen3.5-35b-a3b--h200.md", dir);
    const {report} = await loadStudy(dir);
    const partial = report.findings.find((f) => f.code === "partial-result")!;
    const {en, tr} = await facts(dir, partial.run!);
    expect(en["Partial result"]).toBe(partial.message);
    expect(tr["Kısmi sonuç"]).toMatch(/^sonuç, iş yükünün gönderdiği \d+ isteğin \d+ tanesini kapsıyor/);
  });
});
