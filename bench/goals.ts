// The issue's goals, checked against the measured figures.
import type {Results} from "./report-markdown.js";
import {weightGoalKb} from "./browser-weight.js";

export function goalSummary(results: Results): string {
  const sizes = Object.values(results.sizes).sort((a, b) => a.scale - b.scale);
  const largest = sizes.at(-1);
  const lines = ["### Goals", ""];
  const mark = (ok: boolean | null) => (ok === null ? "not measured" : ok ? "met" : "NOT met");

  const ratios = sizes.map(
    (s) => `${s.scale}×: ${s.ingestion.ratio.toFixed(2)} ${s.ingestion.ratio >= 0.5 ? "✓" : "✗"}`
  );
  const metAt = sizes.filter((s) => s.ingestion.ratio >= 0.5).map((s) => `${s.scale}×`);
  const partly = metAt.length > 0 && metAt.length < sizes.length;
  lines.push(
    `- Ingestion ≥ 0.5 × floor: ${mark(sizes.every((s) => s.ingestion.ratio >= 0.5))}${partly ? `; met at ${metAt.join(", ")}` : ""} (${ratios.join(", ")}).${partly ? " Where it is not, the floor takes a fraction of a second and our fixed per-process costs dominate (see the notes)." : ""}`
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
    `- Build time grows no faster than linearly in runs: ${mark(stopped.length ? false : linear)}${stopped.length && linear ? "; met between the finished sizes" : ""} (${[...growth, ...stopped].join("; ") || "no builds"}).${stopped.length ? " The stopped build is dominated by its per-run pages (see the notes)." : ""}`
  );

  const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
  const weighed = sizes.filter((s) => s.transfer?.length);
  const weightLines = weighed.map((s) => {
    const misses = s.transfer!.filter((w) => {
      const kind = s.pages.find((p) => p.heaviest.page === w.page)?.kind ?? w.page;
      return w.bytes > weightGoalKb(kind, w.interactive, s.scale, w.notebook) * 1024;
    });
    const home = s.transfer!.find((w) => w.page === "/" || w.page === "/tr/");
    const heaviest = s.transfer!.reduce((a, b) => (b.bytes > a.bytes ? b : a));
    return `${s.scale}×: ${misses.length ? `NOT met (${misses.map((w) => `${w.page} ${kb(w.bytes)}`).join(", ")})` : "met"}; home ${home ? kb(home.bytes) : "?"}, heaviest ${heaviest.page} ${kb(heaviest.bytes)}`;
  });
  lines.push(
    `- Page weight in the browser (home ≤ 100 KB, any page without an interactive view ≤ 150 KB, with the SLO explorer ≤ 250 KB, headroom at 1000× ≤ 300 KB): ${weightLines.length ? weightLines.join("; ") : "not measured"}.`
  );
  const coldGoal = (scale: number) => (scale >= 1000 ? 150 : scale === 1 ? 15 : null);
  const coldLines = builds
    .filter((s) => coldGoal(s.scale) !== null)
    .map((s) => {
      const seconds = s.build!.cold!.seconds;
      const before =
        s.before?.cold && !s.before.cold.timed_out ? ` (before: ${s.before.cold.seconds.toFixed(1)} s)` : "";
      return `${s.scale}×: ${seconds.toFixed(1)} s ${seconds <= coldGoal(s.scale)! ? "✓" : "✗"}${before}`;
    });
  lines.push(
    `- Cold build ≤ 15 s for the seed (1×), ≤ 150 s at 1000×: ${coldLines.length ? coldLines.join(", ") : "not measured"}.`
  );
  const incLines = sizes
    .filter((s) => s.incremental)
    .map((s) => {
      const inc = s.incremental!;
      // Each half of the goal gets its own mark: one mark after both read as if the output differed.
      const fast = !inc.added.timed_out && inc.added.exit_code === 0 && inc.added.seconds <= 30;
      const output = inc.identical ? "equal to the cold build ✓" : `differs in ${inc.differing.length} files ✗`;
      return `${s.scale}×: ${inc.added.seconds.toFixed(1)} s ${fast ? "✓" : "✗"}, output ${output}`;
    });
  lines.push(
    `- One run added to a built study, next build ≤ 30 s with output equal to a cold build: ${incLines.length ? incLines.join(", ") : "not measured"}.`
  );
  const devLines = sizes
    .filter((s) => s.dev_refresh)
    .map((s) => {
      const dev = s.dev_refresh!;
      if (dev.refresh_seconds === null) return `${s.scale}×: the page did not change ✗ (${dev.log})`;
      const page = dev.identical ? "page equal to a fresh preview's ✓" : "page differs from a fresh preview's ✗";
      return `${s.scale}×: ${dev.refresh_seconds.toFixed(1)} s ${dev.refresh_seconds <= 30 ? "✓" : "✗"}, ${page}`;
    });
  lines.push(
    `- One run added while \`npm run dev\` shows the study, its step page refreshed ≤ 30 s: ${devLines.length ? devLines.join(", ") : "not measured"}.`
  );
  return lines.join("\n") + "\n";
}
