// Renders the benchmark results as the "Performance and scale" section of BENCHMARKS.md and splices it in.
import type {DevRefresh} from "./dev-refresh.js";
import {existsSync, readFileSync} from "node:fs";
import {writeFileAtomic} from "../loaders/files/write-atomic.js";
import type {BuildTiming} from "./build-time.js";
import type {IngestionFigures} from "./ingestion.js";
import {pageKind, type Bytes, type PageWeight} from "./page-weight.js";
import {weightGoalKb, type TransferWeight} from "./browser-weight.js";

export const SECTION = "## Performance and scale";

export interface PageKindWeight {
  kind: string;
  count: number;
  /** The heaviest page of the kind (by total gzip bytes). */
  heaviest: PageWeight;
}

export interface SizeResult {
  scale: number;
  archive: {
    runs: number;
    /** Steps in the plan (pages grow with runs and steps). */
    steps?: number;
    detailed_runs: number;
    files: number;
    bytes: number;
    json_bytes: number;
    generate_seconds: number;
  };
  ingestion: IngestionFigures;
  build: {timeout_seconds: number; cold: BuildTiming | null; warm: BuildTiming | null} | null;
  pages: PageKindWeight[];
  /** Bytes Chromium transferred for the heaviest page of each kind (gzip, as Pages serves them). */
  transfer?: TransferWeight[];
  /** The same study built by the version the change is measured against (`--before DIR`), on the same machine. */
  before?: {cold: BuildTiming | null; transfer: TransferWeight[]; version?: string} | null;
  /** One run taken out of the built study and put back: the next build's time, and whether it equals the cold build. */
  incremental?: {removed: BuildTiming; added: BuildTiming; identical: boolean; differing: string[]} | null;
  /** One run added while `npm run dev` shows the study (bench/dev-refresh.ts). */
  dev_refresh?: DevRefresh | null;
  measured_at: string;
}

export interface Machine {
  cpu: string;
  cores: number;
  memory_gb: number;
  node: string;
  os: string;
  load_average: number[];
}

export interface Results {
  machine: Machine;
  date: string;
  sizes: Record<string, SizeResult>;
}

const GOALS = {ratio: 0.5, rssMb: 512, homeGzip: 400 * 1024, pageGzip: 1024 * 1024};

const mb = (bytes: number) => (bytes / 1e6).toFixed(1);
const kb = (bytes: number) => (bytes / 1024).toFixed(0);
const both = (b: Bytes) => `${kb(b.raw)} / ${kb(b.gzip)}`;
/** ": commit abc1234", the version `--before` named, where it was a git checkout. */
const versions = (sizes: SizeResult[]) => {
  const named = [...new Set(sizes.map((s) => s.before?.version).filter(Boolean))];
  return named.length ? `: commit ${named.join(", ")}` : "";
};
const secs = (s: number) => (s >= 100 ? s.toFixed(0) : s.toFixed(1));

function buildCell(t: BuildTiming | null | undefined, timeout: number, expected: number | null = null): string {
  if (!t) return "not run";
  if (t.timed_out)
    return `> ${secs(timeout)} (stopped at the bound; ${t.pages}${expected ? ` of ≈ ${expected}` : ""} pages loaded)`;
  if (t.exit_code !== 0) return `failed (exit ${t.exit_code}) after ${secs(t.seconds)}`;
  return secs(t.seconds);
}

function incrementalCell(s: SizeResult): string {
  const inc = s.incremental;
  if (!inc) return "—";
  const equal = inc.identical
    ? "yes"
    : `no: ${inc.differing.slice(0, 3).join(", ")}${inc.differing.length > 3 ? ", …" : ""}`;
  return `${buildCell(inc.added, s.build?.timeout_seconds ?? 0)} (${equal})`;
}

/** Pages a build of this size makes: two languages × (steps + runs), plus the fixed pages seen in a finished build. */
function expectedPages(sizes: SizeResult[], s: SizeResult): number | null {
  const done = sizes.find((x) => x.build?.cold && !x.build.cold.timed_out && x.build.cold.exit_code === 0);
  if (!done || done.archive.steps == null || s.archive.steps == null) return null;
  const fixed = done.build!.cold!.pages - 2 * (done.archive.runs + done.archive.steps);
  return 2 * (s.archive.runs + s.archive.steps) + fixed;
}

export function renderSection(results: Results): string {
  const sizes = Object.values(results.sizes).sort((a, b) => a.scale - b.scale);
  const m = results.machine;
  const lines: string[] = [SECTION, ""];
  lines.push(
    `Reproduce with \`npm run bench\` (archives are generated under \`.bench/\` by \`test/support/synth/generate-archive.ts\`; options: \`-- --sizes 1,10 --reps 3 --skip-build --build-timeout 1200 --report-only\`).`,
    "",
    `Machine: ${m.cpu}, ${m.cores} cores, ${m.memory_gb.toFixed(0)} GB RAM, ${m.os}; Node ${m.node}. Measured ${results.date}; load average when the run started ${m.load_average.map((x) => x.toFixed(1)).join(" / ")} (the machine is shared, so absolute times are noisy; floor and ours are measured alternately in the same run).`,
    ""
  );

  lines.push(
    "### Archives",
    "",
    "| size | runs | with --save-detailed | files | MB on disk | of which detailed JSON MB | generated in s |",
    "|---|---:|---:|---:|---:|---:|---:|"
  );
  for (const s of sizes)
    lines.push(
      `| ${s.scale}× | ${s.archive.runs} | ${s.archive.detailed_runs} | ${s.archive.files} | ${mb(s.archive.bytes)} | ${mb(s.archive.json_bytes)} | ${secs(s.archive.generate_seconds)} |`
    );

  lines.push(
    "",
    "### Ingestion",
    "",
    "Floor: read every file of the study and `JSON.parse` the JSON ones, nothing else. Ours: `loadStudy` (plan, run.json, logs parsed, validation, derivation, claims, headroom) plus every `--save-detailed` result streamed and reduced to its request distributions. Each in its own process, best of the repetitions; peak memory is the process's maximum resident set. Plan: `study.yaml` alone, read by the `yaml` package and checked, in a fresh process (a part of ours: every loader that needs the plan pays it, or reads the plan cache above 64 KB).",
    "",
    "| size | MB read | floor MB/s | ours MB/s | ours / floor (goal ≥ 0.5) | plan s / ours s | peak RSS ours MB (goal ≤ 512) | peak RSS floor MB |",
    "|---|---:|---:|---:|---:|---:|---:|---:|"
  );
  for (const s of sizes) {
    const i = s.ingestion;
    lines.push(
      `| ${s.scale}× | ${mb(i.bytes)} | ${i.floor_mb_s.toFixed(0)} | ${i.ours_mb_s.toFixed(0)} | ${i.ratio.toFixed(2)} ${i.ratio >= GOALS.ratio ? "✓" : "✗"} | ${i.plan_seconds === undefined ? "—" : `${i.plan_seconds.toFixed(2)} / ${i.ours_seconds.toFixed(2)}`} | ${i.ours_max_rss_mb.toFixed(0)} ${i.ours_max_rss_mb <= GOALS.rssMb ? "✓" : "✗"} | ${i.floor_max_rss_mb.toFixed(0)} |`
    );
  }

  lines.push(
    "",
    "### Build",
    "",
    "Cold: `npm run build` (Framework cache and output removed first: every data loader runs). Warm: `tsx tools/build.ts` (`observable build` and the run pages of an archive in sets) again with the loader cache of the cold build kept (pages re-rendered, loaders not re-run). Built from a private copy of the sources, so other builds in the working tree are untouched. Every timed build starts after \`sync\`, so it does not pay for the write-back of the build before it. Growth: cold time of a size divided by the previous size's (runs ×10 each step; linear growth is ×10 or less).",
    "",
    "| size | pages | cold s | cold s before | warm s | one run added: s (output equal to cold) | cold growth vs previous size | peak RSS of the build's largest process MB |",
    "|---|---:|---:|---:|---:|---:|---:|---:|"
  );
  let previous: SizeResult | null = null;
  for (const s of sizes) {
    const b = s.build;
    const cold = b?.cold;
    const growth =
      previous?.build?.cold && cold && !cold.timed_out && !previous.build.cold.timed_out && cold.exit_code === 0
        ? `×${(cold.seconds / previous.build.cold.seconds).toFixed(1)} (runs ×${(s.archive.runs / previous.archive.runs).toFixed(0)})`
        : cold?.timed_out && previous?.build?.cold
          ? `> ×${(b!.timeout_seconds / previous.build.cold.seconds).toFixed(1)}`
          : "—";
    const expected = expectedPages(sizes, s);
    lines.push(
      `| ${s.scale}× | ${cold ? (cold.timed_out ? `${cold.pages} (≈ ${expected ?? "?"} planned)` : cold.pages) : "—"} | ${b ? buildCell(cold, b.timeout_seconds, expected) : "not run"} | ${s.before ? buildCell(s.before.cold, b?.timeout_seconds ?? 0) : "—"} | ${b ? buildCell(b.warm, b.timeout_seconds) : "not run"} | ${incrementalCell(s)} | ${growth} | ${cold?.max_rss_mb && !cold.timed_out ? cold.max_rss_mb.toFixed(0) : "—"} |`
    );
    previous = s;
  }

  lines.push(
    "",
    "### Page weight",
    "",
    "What a page loads when opened: its HTML, the JavaScript it preloads (modules and their static imports), its stylesheets and the data files it registers. KB raw / KB gzip (level 6). Parameterized pages are grouped; the heaviest page of the group is shown. Turkish pages (/tr/…) are grouped with their English twins.",
    ""
  );
  for (const s of sizes) {
    if (!s.pages.length) {
      lines.push(`**${s.scale}×**: no built site (${s.build ? "the build did not finish" : "build not run"}).`, "");
      continue;
    }
    lines.push(
      `**${s.scale}×**`,
      "",
      "| page | pages | heaviest | HTML | JS | CSS | data | total KB gzip (goal: home ≤ 400, any ≤ 1024) |",
      "|---|---:|---|---:|---:|---:|---:|---:|"
    );
    for (const p of s.pages) {
      const w = p.heaviest;
      const limit = p.kind === "/" ? GOALS.homeGzip : GOALS.pageGzip;
      lines.push(
        `| ${p.kind} | ${p.count} | ${w.page} | ${both(w.html)} | ${both(w.js)} | ${both(w.css)} | ${both(w.data)} | ${kb(w.total.gzip)} ${w.total.gzip <= limit ? "✓" : "✗"} |`
      );
    }
    lines.push("");
  }
  lines.push(...transferSection(sizes));
  return lines.join("\n").trimEnd() + "\n";
}

export function transferSection(sizes: SizeResult[]): string[] {
  const measured = sizes.filter((s) => s.transfer?.length);
  if (!measured.length) return [];
  const lines = [
    "### Page weight in the browser",
    "",
    `Bytes Chromium transferred (response headers and gzip bodies, level 6 as GitHub Pages serves) while opening the heaviest page of each kind, until the network was idle. Before: the heaviest page of the same kind in the same study built by the version the change is measured against (\`--before DIR\`${versions(measured)}), on the same machine in the same run. Goals (issue 26): home without an SLO explorer ≤ 100 KB; any page without an interactive view ≤ 150 KB; a page with the explorer ≤ 250 KB; headroom at 1000× ≤ 300 KB.`,
    ""
  ];
  for (const s of measured) {
    lines.push(
      `**${s.scale}×**`,
      "",
      "| page | heaviest | before KB | now KB | requests before → now | goal KB | met |",
      "|---|---|---:|---:|---:|---:|---|"
    );
    for (const w of s.transfer!) {
      const kind = s.pages.find((p) => p.heaviest.page === w.page)?.kind ?? w.page;
      // The version before may name its pages otherwise: its own heaviest page of the kind stands beside today's.
      const before = s.before?.transfer.find((b) => pageKind(b.page) === kind);
      const goal = weightGoalKb(kind, w.interactive, s.scale, w.notebook);
      const pages = before && before.page !== w.page ? `${w.page} (before: ${before.page})` : w.page;
      lines.push(
        `| ${kind} | ${pages} | ${before ? kb(before.bytes) : "—"} | ${kb(w.bytes)} | ${before ? before.requests : "—"} → ${w.requests} | ${goal} | ${w.bytes <= goal * 1024 ? "✓" : "✗"} |`
      );
    }
    lines.push("");
  }
  return lines;
}

/** Replaces (or appends) this section of BENCHMARKS.md, leaving every other section as it is. */
export function spliceSection(file: string, section: string, notes: string, heading = SECTION): void {
  const current = existsSync(file) ? readFileSync(file, "utf8") : "# Benchmarks\n";
  const body = section + (notes ? `\n${notes.trimEnd()}\n` : "");
  const start = current.indexOf(`${heading}\n`);
  let next: string;
  if (start < 0) next = current.trimEnd() + "\n\n" + body;
  else {
    const after = current.indexOf("\n## ", start + heading.length);
    next = current.slice(0, start) + body + (after < 0 ? "" : "\n" + current.slice(after + 1));
  }
  writeFileAtomic(file, next);
}
