// The issue's goals, checked against the measured figures.
import type {Results} from "./report-markdown.js";

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

  const built = sizes.filter((s) => s.pages.length);
  const notBuilt = sizes.filter((s) => !s.pages.length).map((s) => `${s.scale}×`);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
  const homes = built.map((s) => {
    const home = s.pages.find((p) => p.kind === "/")?.heaviest;
    return {scale: s.scale, ok: home ? home.total.gzip <= 400 * 1024 : false, text: home ? kb(home.total.gzip) : "?"};
  });
  const worst = built.map((s) => {
    const page = s.pages.reduce((a, b) => (b.heaviest.total.gzip > a.heaviest.total.gzip ? b : a)).heaviest;
    return {scale: s.scale, ok: page.total.gzip <= 1024 * 1024, text: `${page.page} ${kb(page.total.gzip)}`};
  });
  const unbuilt = notBuilt.length ? `; ${notBuilt.join(", ")} not built (computed estimate in the notes)` : "";
  lines.push(
    `- Home page ≤ 400 KB gzip: ${mark(homes.length ? homes.every((h) => h.ok) : null)} (${homes.map((h) => `${h.scale}×: ${h.text} ${h.ok ? "✓" : "✗"}`).join(", ")}${unbuilt}).`,
    `- No page > 1 MB gzip: ${worst.length && worst.every((w) => w.ok) && notBuilt.length ? "met at the sizes built" : mark(worst.length ? worst.every((w) => w.ok) : null)} (heaviest — ${worst.map((w) => `${w.scale}×: ${w.text} ${w.ok ? "✓" : "✗"}`).join(", ")}${unbuilt}).`
  );
  return lines.join("\n") + "\n";
}
