// The reasons tps-report writes into a study's files in English: why a run was not run (run.json's error, from live
// mode's ladder guard and the write-up import) and why the search tried a configuration (tune.json). Turkish pages
// showed them in English: "koşulmadı (the goodput search found the limit: …)", "the model's pick: predicted …".
import "../../src/render/dom.js";
import {describe, expect, it} from "vitest";
import {loadStudy} from "../../loaders/analysis/report.js";
import {SLO_REASONS} from "../../loaders/analysis/ladder.js";
import {SLO_VERDICTS} from "../../loaders/analysis/slo.js";
import {TUNE_REASONS} from "../../loaders/analysis/tuner.js";
import {GUARD_VERDICTS} from "../../loaders/live/ladder-guard.js";
import {RUN_ERRORS} from "../../loaders/runs/read-runs.js";
import {NOT_RUN_REASONS} from "../../loaders/runs/not-run.js";
import {fillForm} from "../../loaders/text.js";
import {siteFragments, StoredPage, type PageDrawer} from "../../src/render/page-fragments.js";
import {recordedReason} from "../../src/components/libraryText.js";
import {slotValues} from "../support/form-values.js";

/** Each page's fragments as one text, of the pages whose path starts with `prefix` (the others are not drawn). */
async function pagesOf(dir: string, prefix: string): Promise<Map<string, string>> {
  const study = await loadStudy(dir);
  const pages = new Map<string, string>();
  const drawn: PageDrawer = async (path, _info, make) => (path.startsWith(prefix) ? make() : new StoredPage(""));
  await siteFragments(
    study,
    dir,
    (path, fragments) => {
      if (path.startsWith(prefix)) pages.set(path, JSON.stringify(fragments));
    },
    drawn
  );
  return pages;
}

describe("a recorded reason on a Turkish page", () => {
  it("the live ladder's goodput search (a real H200 run): its left-out levels say why in Turkish", async () => {
    const pages = await pagesOf("data/studies/h200-live-ladder", "/tr/");
    const shown = [...pages].filter(([, text]) => text.includes("koşulmadı") || text.includes("Koşulmadı"));
    // The step's curves, the runs table, the five run pages of the levels the search left out, and the Headroom
    // page, whose table gives the reason on hover.
    expect(shown.map(([path]) => path).sort()).toEqual([
      "/tr/headroom",
      "/tr/runs/",
      "/tr/runs/search--mbt4096--search--c128",
      "/tr/runs/search--mbt4096--search--c16",
      "/tr/runs/search--mbt4096--search--c32",
      "/tr/runs/search--mbt4096--search--c64",
      "/tr/runs/search--mbt4096--search--c8",
      "/tr/steps/search"
    ]);
    for (const [path, text] of shown) {
      // The explorer's data (a JSON block for the browser) keeps the study's own text; what the page draws is Turkish.
      const drawn = text.replace(/<script class=\\"slo-explorer-data\\"[\s\S]*?<\/script>/g, "");
      expect(drawn, path).not.toContain("the goodput search");
      expect(drawn, path).toContain(
        "goodput araması sınırı buldu: eşzamanlılık 3 SLO'yu karşılıyor, 4 bozuyor (tolerans 0.125)"
      );
    }
  });

  it("the search on one H100: each configuration's reason is in Turkish, with its figures", async () => {
    const table = (await pagesOf("data/studies/gpu-tune", "/tr/tune")).get("/tr/tune")!;
    for (const english of ["the greedy path's configuration", "space-filling start", "the model's pick"])
      expect(table).not.toContain(english);
    expect(table).toContain("açgözlü yolun yapılandırması");
    expect(table).toContain("uzayı dolduran başlangıç (Latin hiperküpü, 1. nokta)");
    // tune.json: "the model's pick: predicted 1338 ± 658, expected improvement 3.2 % over the best so far (1954)".
    expect(table).toContain(
      "modelin seçimi: tahmin 1338 ± 658, şimdiye kadarki en iyiye (1954) göre beklenen iyileşme %3.2"
    );
  });

  it("every form the library writes reads back in both languages, its values in place; English as written", () => {
    const forms: Record<string, string> = {
      ...NOT_RUN_REASONS,
      ...TUNE_REASONS,
      ...SLO_REASONS,
      ...SLO_VERDICTS,
      ...GUARD_VERDICTS,
      ...RUN_ERRORS
    };
    for (const [name, form] of Object.entries(forms)) {
      const values = slotValues(form);
      const text = fillForm(form, values);
      expect(recordedReason(text, "en"), name).toBe(text);
      const tr = recordedReason(text, "tr");
      expect(tr, name).not.toBe(text);
      for (const value of Object.values(values)) expect(tr, name).toContain(String(value));
    }
  });

  it("a ladder's reasons say each load's verdict in Turkish, the load as the page says one", () => {
    // Live mode's ladder guard stopped a curve: "the SLO was broken at two consecutive levels (concurrency 32: 3 of its
    // runs failed; concurrency 64: the run failed (…))" read so on Turkish pages.
    const stopped = fillForm(NOT_RUN_REASONS.ladderStopped, {
      why: [
        `concurrency 32: ${fillForm(SLO_VERDICTS.sloFailedRuns, {count: 3})}`,
        `concurrency 64: ${fillForm(GUARD_VERDICTS.runFailedWith, {reason: "server exited with code 1"})}`,
        "concurrency 128: p99 TPOT 38 ms > 30 ms"
      ].join("; ")
    });
    expect(recordedReason(stopped, "tr")).toBe(
      "SLO art arda iki seviyede bozuldu (eşzamanlılık 32: 3 koşusu başarısız oldu; eşzamanlılık 64: koşu başarısız oldu (server exited with code 1); eşzamanlılık 128: p99 TPOT 38 ms > 30 ms)"
    );
    expect(recordedReason(stopped, "en")).toBe(stopped);
  });

  it("a live run's or a cluster task's error is said in Turkish, alone and in a ladder's verdict; the log's line as written", () => {
    // The errors live mode gives runs in test/live/run-study.test.ts, and a signal's.
    const cases: [string, string][] = [
      [
        "server exited with code 1 before it was ready: RuntimeError: Unsupported SM version for FP8 block scaling GEMM",
        "sunucu hazır olmadan 1 koduyla çıktı: RuntimeError: Unsupported SM version for FP8 block scaling GEMM"
      ],
      [
        "server was not ready within 3 s (no 200 from /health or /v1/models)",
        "sunucu 3 s içinde hazır olmadı (/health ya da /v1/models 200 vermedi)"
      ],
      ["server exited with code 3 during the benchmark", "sunucu benchmark sırasında 3 koduyla çıktı"],
      ["server was killed by SIGKILL during the benchmark", "sunucu benchmark sırasında SIGKILL ile sonlandırıldı"],
      [
        "benchmark exited with code 4: RuntimeError: stand-in failure on purpose (exit 4)",
        "benchmark 4 koduyla çıktı: RuntimeError: stand-in failure on purpose (exit 4)"
      ],
      ["benchmark did not finish within 90 s and was stopped", "benchmark 90 s içinde bitmedi ve durduruldu"],
      // A Slurm task cancelled before it recorded its run (test/cluster/gather.test.ts): the scheduler's words as written.
      [
        "the task died before this run was recorded: slurm task 7_1 CANCELLED (output: JOB 7 ON vm CANCELLED AT 2026-12-01T21:45:59)",
        "görev bu koşu kaydedilmeden sona erdi: slurm task 7_1 CANCELLED (output: JOB 7 ON vm CANCELLED AT 2026-12-01T21:45:59)"
      ]
    ];
    for (const [english, turkish] of cases) {
      expect(recordedReason(english, "tr")).toBe(turkish);
      expect(recordedReason(english, "en")).toBe(english);
    }
    const verdict = fillForm(NOT_RUN_REASONS.ladderStopped, {
      why: `concurrency 64: ${fillForm(GUARD_VERDICTS.runFailedWith, {reason: cases[4][0]})}; concurrency 128: p99 TPOT 38 ms > 30 ms`
    });
    expect(recordedReason(verdict, "tr")).toBe(
      `SLO art arda iki seviyede bozuldu (eşzamanlılık 64: koşu başarısız oldu (${cases[4][1]}); eşzamanlılık 128: p99 TPOT 38 ms > 30 ms)`
    );
  });

  it("a reason of no known form is shown as written", () => {
    expect(recordedReason("the operator stopped the server by hand", "tr")).toBe(
      "the operator stopped the server by hand"
    );
  });
});
