// A close decision compares the chosen candidate with a runner-up in one scenario. In the real SGLang files imported
// here, each request rate is its own step, and the best-so-far carried into a later step was measured only at rate 1:
// it was set against rate-4 and rate-8 runs, "close" by −74.6 % and −85.1 %.
import {mkdtempSync, readFileSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join, resolve} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {loadStudy} from "../../loaders/analysis/report.js";
import {importResults} from "../../loaders/import/index.js";

const CORPUS = resolve(import.meta.dirname, "../fixtures/import-corpus/sglang-jsonl");
const FILES = ["datacrunch-2024-12-llama_3_3_70b_output_online.jsonl", "datacrunch-llama_3_3_70b_online_output.jsonl"];
const root = mkdtempSync(join(tmpdir(), "tps-close-scenario-"));
afterAll(() => rmSync(root, {recursive: true, force: true}));

describe("close decisions of a study whose steps are request rates", () => {
  it("set the chosen candidate against a runner-up only in a scenario the chosen one was measured in", async () => {
    const dir = join(root, "study");
    importResults(
      FILES.map((name) => {
        const sidecar = JSON.parse(readFileSync(join(CORPUS, `${name}.provenance.json`), "utf8"));
        return {path: join(CORPUS, name), set: sidecar.setup};
      }),
      dir
    );
    const {report, rows} = await loadStudy(dir, root);
    const close = report.coverage.close;
    const measured = (step: string, candidate: string, scenario: string) =>
      rows.some((r) => r.step === step && r.candidate === candidate && r.scenario === scenario && r.status === "ok");
    for (const d of close)
      expect(measured(d.chosen.step, d.chosen.candidate, d.scenario), `${d.step}: ${JSON.stringify(d)}`).toBe(true);
    // A close decision is a small gap: none in these files is more than the runner-up's whole throughput.
    for (const d of close) expect(d.gap_percent).toBeGreaterThan(-50);
  });
});
