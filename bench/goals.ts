// The issue's goals, checked against the measured figures.
import type {Results} from "./report-markdown.js";

export function goalSummary(results: Results): string {
  const sizes = Object.values(results.sizes).sort((a, b) => a.scale - b.scale);
  const largest = sizes.at(-1);
  const lines = ["### Goals", ""];
  const mark = (ok: boolean | null) => (ok === null ? "not measured" : ok ? "met" : "NOT met");

  const ratios = sizes.map((s) => `${s.scale}×: ${s.ingestion.ratio.toFixed(2)}`);
  lines.push(
    `- Ingestion ≥ 0.5 × floor: ${mark(sizes.every((s) => s.ingestion.ratio >= 0.5))} (${ratios.join(", ")}).`
  );

  const big = sizes.find((s) => s.scale === 1000) ?? largest;
  lines.push(
    `- Peak memory ≤ 512 MB at the ${big ? `${big.scale}× (${(big.archive.json_bytes / 1e9).toFixed(2)} GB of detailed JSON)` : "largest"} archive: ${big ? `${mark(big.ingestion.ours_max_rss_mb <= 512)} (${big.ingestion.ours_max_rss_mb.toFixed(0)} MB)` : "not measured"}.`
  );

  const builds = sizes.filter((s) => s.build?.cold && !s.build.cold.timed_out && s.build.cold.exit_code === 0);
  const growth: string[] = [];
  let linear: boolean | null = builds.length >= 2 ? true : null;
  for (let i = 1; i < builds.length; i++) {
    const factor = builds[i].build!.cold!.seconds / builds[i - 1].build!.cold!.seconds;
    const runs = builds[i].archive.runs / builds[i - 1].archive.runs;
    growth.push(`${builds[i - 1].scale}×→${builds[i].scale}×: time ×${factor.toFixed(1)} for runs ×${runs.toFixed(0)}`);
    if (factor > runs * 1.1) linear = false;
  }
  const stopped = sizes
    .filter((s) => s.build?.cold?.timed_out)
    .map((s) => `${s.scale}× stopped at the ${s.build!.timeout_seconds} s bound`);
  lines.push(
    `- Build time grows no faster than linearly in runs: ${mark(stopped.length ? false : linear)} (${[...growth, ...stopped].join("; ") || "no builds"}).`
  );

  const pageChecks = sizes
    .filter((s) => s.pages.length)
    .map((s) => {
      const home = s.pages.find((p) => p.kind === "/");
      const worst = s.pages.reduce((a, b) => (b.heaviest.total.gzip > a.heaviest.total.gzip ? b : a));
      const homeOk = home ? home.heaviest.total.gzip <= 400 * 1024 : false;
      const worstOk = worst.heaviest.total.gzip <= 1024 * 1024;
      return {
        ok: homeOk && worstOk,
        text: `${s.scale}×: home ${home ? (home.heaviest.total.gzip / 1024).toFixed(0) : "?"} KB, heaviest ${worst.heaviest.page} ${(worst.heaviest.total.gzip / 1024).toFixed(0)} KB`
      };
    });
  lines.push(
    `- Home ≤ 400 KB gzip, no page > 1 MB gzip: ${mark(pageChecks.length ? pageChecks.every((c) => c.ok) : null)} (${pageChecks.map((c) => c.text).join("; ") || "no built site"}).`
  );
  return lines.join("\n") + "\n";
}
