// Checks that a point's repeats repeat: a prefix cache that serves later repeats from memory, and one repeat that sits
// on the same side of the others at most points (a cold first repeat). Both widen or bias every interval built on them.
import type {Finding} from "../finding.js";
import type {RunRow} from "../runs/rows.js";
import {parseRunId} from "../study/ids.js";
import {DEFAULT_CONFIDENCE} from "../study/repeats.js";
import {aggregatePoints} from "./points.js";

/** Codes of the findings below: the step pages show them beside the runs they concern. */
export const REPEAT_FINDING_CODES = ["prefix-cache-warming", "repeat-outlier"] as const;

/** True when two levels of one ladder curve's repeat sent different seeds: the runs had a seed per (level, repeat)
 * (study/repeats.ts repeatSeed), not the older seed + k − 1 at every level, which archived ladder runs were given. */
export function levelSeeds(rows: readonly RunRow[]): boolean {
  const sent = new Map<string, number>();
  for (const row of rows) {
    const parts = parseRunId(row.run);
    if (!parts?.load) continue;
    const seed = Number(/--seed(?:=|\s+)'?(-?\d+)/.exec(row.bench_command)?.[1] ?? 0);
    const curve = `${parts.step}--${parts.candidate}--${parts.scenario}--r${parts.repeat ?? 1}`;
    if ((sent.get(curve) ?? seed) !== seed) return true;
    sent.set(curve, seed);
  }
  return false;
}

/** A later repeat's hit rate this much above the first's (absolute) means the cache carried over. */
const HIT_RATE_GROWTH = 0.1;
/** A repeat is flagged when it is the extreme one at this share of the points it ran in, over at least MIN_POINTS. */
const OUTLIER_SHARE = 0.75;
const MIN_POINTS = 4;

const signedPercent = (x: number) => `${x < 0 ? "−" : "+"}${Math.abs(x).toFixed(1)} %`;
// Turkish writes the percent sign first: −%45.6.
const signedPercentTr = (x: number) => `${x < 0 ? "−" : "+"}%${Math.abs(x).toFixed(1)}`;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** `warmups`: the plan's warmup_repeats, whose runs no mean includes and no check weighs. */
export function repeatFindings(rows: readonly RunRow[], objective: string, warmups = 0): Finding[] {
  const findings: Finding[] = [];
  const points = aggregatePoints(rows, [], DEFAULT_CONFIDENCE, warmups);
  const counted = (r: RunRow) => r.status === "ok" && r.repeat > warmups;
  for (const point of points) {
    const rates = point.rows.filter(counted).map((r) => r.prefix_cache_hit_rate);
    if (rates.length < 2 || !rates.every((r): r is number => typeof r === "number")) continue;
    if (Math.max(...rates.slice(1)) - rates[0] < HIT_RATE_GROWTH) continue;
    const shown = rates.map((r) => String(+r.toFixed(3))).join(" → ");
    const text = {
      en: `the prefix-cache hit rate grows across the repeats (${shown}): repeats after the first were served from the cache, so they measure the cache rather than the configuration; give each repeat its own prompts (live mode sends seed + k − 1; at level i of a load ladder of L levels, counted from 0, seed + (k − 1) × L + i)`,
      tr: `önek önbelleğinin isabet oranı tekrarlar boyunca artıyor (${shown}): ilkinden sonraki tekrarlar önbellekten sunuldu, bu yüzden yapılandırmayı değil önbelleği ölçüyorlar; her tekrara kendi istemlerini verin (canlı mod seed + k − 1 gönderir; L seviyeli bir yük merdiveninin 0'dan sayılan i. seviyesinde seed + (k − 1) × L + i)`
    };
    findings.push({
      severity: "warning",
      code: "prefix-cache-warming",
      message: text.en,
      run: point.key,
      file: null,
      line: null,
      text
    });
  }
  // Each repeat against the mean of its point's other successful repeats, relative, by repeat number.
  const byRepeat = new Map<number, {relative: number; lowest: boolean; highest: boolean}[]>();
  for (const point of points) {
    const measured = point.rows.filter((r) => counted(r) && typeof r[objective] === "number");
    if (measured.length < 2) continue;
    for (const row of measured) {
      const value = row[objective] as number;
      const others = measured.filter((r) => r !== row).map((r) => r[objective] as number);
      const rest = others.reduce((s, v) => s + v, 0) / others.length;
      if (!(rest > 0)) continue;
      const list = byRepeat.get(row.repeat) ?? [];
      list.push({
        relative: (value / rest - 1) * 100,
        lowest: others.every((v) => value < v),
        highest: others.every((v) => value > v)
      });
      byRepeat.set(row.repeat, list);
    }
  }
  for (const [repeat, list] of [...byRepeat].sort((a, b) => a[0] - b[0])) {
    if (list.length < MIN_POINTS) continue;
    for (const side of ["lowest", "highest"] as const) {
      const count = list.filter((x) => x[side]).length;
      if (count / list.length < OUTLIER_SHARE) continue;
      const relative = list.map((x) => x.relative);
      const size = median(relative);
      const cold = repeat === 1 && side === "lowest";
      const slowest = side === "lowest";
      const range = [Math.min(...relative), Math.max(...relative)];
      const text = {
        en: `repeat ${repeat} is the ${slowest ? "slowest" : "fastest"} repeat at ${count} of ${list.length} points: its ${objective} is ${Math.abs(size).toFixed(1)} % ${size < 0 ? "below" : "above"} the mean of the other repeats (median; from ${signedPercent(range[0])} to ${signedPercent(range[1])}). ${cold ? "A cold first repeat widens every interval; `warmup_repeats: 1` in the plan leaves it out of the means" : "It widens every interval; something changed during that repeat"}`,
        tr: `tekrar ${repeat}, ${list.length} noktadan ${count} tanesinde en ${slowest ? "yavaş" : "hızlı"} tekrar: ${objective} değeri diğer tekrarların ortalamasının %${Math.abs(size).toFixed(1)} ${size < 0 ? "altında" : "üstünde"} (medyan; ${signedPercentTr(range[0])} ile ${signedPercentTr(range[1])} arası). ${cold ? "Soğuk bir ilk tekrar her aralığı genişletir; plandaki `warmup_repeats: 1` onu ortalamaların dışında bırakır" : "Her aralığı genişletir; o tekrar sırasında bir şey değişti"}`
      };
      findings.push({
        severity: "warning",
        code: "repeat-outlier",
        message: text.en,
        run: null,
        file: null,
        line: null,
        text
      });
    }
  }
  return findings;
}
