// A configuration alone against the same configuration side by side with its copy (the plan's `interference`): the
// study's noise rule (Welch's interval at its confidence) decides whether sharing the host changed the objective.
import type {Finding} from "../finding.js";
import type {RunRecord} from "../runs/read-runs.js";
import type {RunRow} from "../runs/rows.js";
import {summarize} from "../stats/summary.js";
import {welch} from "../stats/welch.js";
import {parseRunId} from "../study/ids.js";
import {INTERFERENCE_STEP, type StudyPlan} from "../study/plan.js";
import {studyConfidence} from "../study/repeats.js";

/** One point of a configuration: its objective alone and side by side, and what the noise rule says. */
export interface InterferencePoint {
  /** `<step>--<candidate>` of the configuration measured. */
  key: string;
  /** The point's scenario (and load level) and the objective compared. */
  point: string;
  metric: string;
  alone: number[];
  side_by_side: number[];
  /** (side by side / alone − 1) × 100 and its interval at the study's confidence; null with fewer than 2 on a side. */
  change_percent: number | null;
  low: number | null;
  high: number | null;
  verdict: "beyond noise" | "within noise" | "unmeasured";
}

const percent = (x: number) => `${x < 0 ? "−" : "+"}${Math.abs(x).toFixed(1)} %`;
const percentTr = (x: number) => `${x < 0 ? "−" : "+"}%${Math.abs(x).toFixed(1).replace(".", ",")}`;

/** What each run recorded about its neighbours (origin.shared_host_with), by run id; absent where it says nothing. */
function neighbours(runs: readonly RunRecord[]): Map<string, string[]> {
  const byId = new Map<string, string[]>();
  for (const {meta} of runs) {
    const shared = (meta.origin as Record<string, unknown> | undefined)?.shared_host_with;
    if (Array.isArray(shared)) byId.set(meta.id, shared.map(String));
  }
  return byId;
}

/** Each interference configuration's points: a run alone counts as alone only when nothing shared the host with it,
 * a copy's run as side by side only when its partner's run of the same slot did. */
export function interferencePoints(
  plan: StudyPlan,
  runs: readonly RunRecord[],
  rows: readonly RunRow[]
): InterferencePoint[] {
  if (!plan.interference) return [];
  const shared = neighbours(runs);
  const warmups = plan.warmup_repeats ?? 0;
  const confidence = studyConfidence(plan);
  const metric = plan.objective;
  const points: InterferencePoint[] = [];
  for (const pair of plan.interference.pairs) {
    const mine = rows.filter(
      (r) =>
        r.step === INTERFERENCE_STEP &&
        (r.candidate === pair.alone || pair.pair.includes(r.candidate)) &&
        r.status === "ok" &&
        r.repeat > warmups &&
        typeof r[metric] === "number"
    );
    // The point of a run: its id after step--candidate--, without the repeat.
    const pointOf = (row: RunRow): string => {
      const parts = parseRunId(row.run);
      const rest = row.run.slice(`${row.step}--${row.candidate}--`.length);
      return parts && parts.repeat > 1 ? rest.replace(/--r\d+$/, "") : rest;
    };
    for (const point of [...new Set(mine.map(pointOf))]) {
      const at = mine.filter((r) => pointOf(r) === point);
      const alone = at
        .filter((r) => r.candidate === pair.alone && (shared.get(r.run)?.length ?? 0) === 0)
        .map((r) => r[metric] as number);
      const side = at
        .filter((r) => {
          if (!pair.pair.includes(r.candidate)) return false;
          const partner = pair.pair.find((c) => c !== r.candidate)!;
          const twin = `${INTERFERENCE_STEP}--${partner}--${r.run.slice(`${r.step}--${r.candidate}--`.length)}`;
          return shared.get(r.run)?.includes(twin) ?? false;
        })
        .map((r) => r[metric] as number);
      const [a, s] = [summarize(alone, confidence), summarize(side, confidence)];
      const c = a && s ? welch(a, s, confidence) : null;
      points.push({
        key: pair.key,
        point,
        metric,
        alone,
        side_by_side: side,
        change_percent: c ? c.gain_percent : null,
        low: c ? c.gain_low : null,
        high: c ? c.gain_high : null,
        verdict: !c ? "unmeasured" : c.gain_low > 0 || c.gain_high < 0 ? "beyond noise" : "within noise"
      });
    }
  }
  return points;
}

export function interferenceFindings(plan: StudyPlan, runs: readonly RunRecord[], rows: readonly RunRow[]): Finding[] {
  const level = Math.round(studyConfidence(plan) * 100);
  return interferencePoints(plan, runs, rows).map((p): Finding => {
    const where = `${p.key} on ${p.point}`;
    const counts = `${p.alone.length} alone, ${p.side_by_side.length} side by side`;
    const countsTr = `${p.alone.length} yalnız, ${p.side_by_side.length} yan yana`;
    if (p.verdict === "unmeasured") {
      const text = {
        en: `${where}: interference not measured (${counts}; each side needs 2 successful runs made as planned: alone with nothing beside it, each copy beside the other)`,
        tr: `${where}: girişim ölçülmedi (${countsTr}; her iki taraf da plana uygun 2 başarılı çalıştırma ister: yalnız olan yanında hiçbir şey olmadan, her kopya diğerinin yanında)`
      };
      return {
        severity: "info",
        code: "interference-unmeasured",
        message: text.en,
        run: null,
        file: plan.file,
        line: null,
        text
      };
    }
    const interval = `${percent(p.low!)} to ${percent(p.high!)} at ${level} %`;
    const intervalTr = `%${level} düzeyinde ${percentTr(p.low!)} ile ${percentTr(p.high!)} arası`;
    if (p.verdict === "beyond noise") {
      const text = {
        en: `${where}: side by side its ${p.metric} is ${percent(p.change_percent!)} against alone (${interval}; ${counts}), beyond noise: runs that shared the host are not comparable with runs made alone, so run this engine without --parallel or compare only runs made alike`,
        tr: `${where}: yan yana ${p.metric} değeri yalnız çalışmaya göre ${percentTr(p.change_percent!)} (${intervalTr}; ${countsTr}), gürültünün ötesinde: sunucuyu paylaşan çalıştırmalar yalnız yapılanlarla karşılaştırılamaz; bu motoru --parallel olmadan çalıştırın ya da yalnızca aynı biçimde yapılan çalıştırmaları karşılaştırın`
      };
      return {
        severity: "warning",
        code: "interference",
        message: text.en,
        run: null,
        file: plan.file,
        line: null,
        text
      };
    }
    const text = {
      en: `${where}: side by side its ${p.metric} is ${percent(p.change_percent!)} against alone (${interval}; ${counts}), within noise`,
      tr: `${where}: yan yana ${p.metric} değeri yalnız çalışmaya göre ${percentTr(p.change_percent!)} (${intervalTr}; ${countsTr}), gürültü içinde`
    };
    return {
      severity: "info",
      code: "interference-within-noise",
      message: text.en,
      run: null,
      file: plan.file,
      line: null,
      text
    };
  });
}
