// Checks every claim a study published against the values recomputed from its runs.
import type {Derived, GainInterval} from "./derive.js";
import type {RunRow} from "../runs/rows.js";
import {fillForm, type Text} from "../text.js";
import {CLAIM_DETAILS, joinDetails} from "./claim-details.js";
import {changePercent} from "./derive.js";
import type {PlanClaim, StudyPlan} from "../study/plan.js";
import {shownArgv, shownCommand} from "./shown-command.js";
import {shellSplit} from "../command/shell-split.js";
import {addedOptions, sameMeaning} from "../command/argv-meaning.js";
import {commandModel, modelAsFolder} from "../command/served-model.js";
import {loadText, sloClaimContext, winnerDetail} from "./claims-slo.js";
import {studyConfidence} from "../study/repeats.js";
import {gpuCount} from "../study/gpu-need.js";
import {checkWriteupClaim, explainGain, headlinePair} from "./claims-writeup.js";

/** `argv` with its model named as `other` names it (`--model=X` forms too). */
function withModel(argv: string[], other: string[]): string[] {
  const [from, to] = [commandModel(argv), commandModel(other)];
  if (!from || !to) return argv;
  return argv.map((word) => (word === from ? to : word.endsWith(`=${from}`) ? word.slice(0, -from.length) + to : word));
}

/** A published figure is confirmed when it equals the recomputed one at the precision it was printed with. */
export function decimalsOf(value: number): number {
  const text = String(value);
  return text.includes(".") ? text.split(".")[1].length : 0;
}

function agrees(published: number, recomputed: number, places = decimalsOf(published)): boolean {
  const half = 0.5 * 10 ** -places;
  return Math.abs(published - recomputed) <= half + 1e-9;
}

const signed = (x: number, decimals: number) => `${x > 0 ? "+" : x < 0 ? "−" : ""}${Math.abs(x).toFixed(decimals)}%`;
const gainText = (x: number | null, decimals = 1) => (x == null ? "—" : signed(x, decimals));

/** Where a published gain lies against the recomputed gain's interval, as a sentence and a flag. */
function againstInterval(
  published: number | null,
  interval: GainInterval | null
): {within: boolean | null; detail: string | null} {
  if (published == null || !interval) return {within: null, detail: null};
  const within = interval.low <= published && published <= interval.high;
  const level = `${+(interval.confidence * 100).toFixed(1)}%`;
  const range = `[${gainText(interval.low)}, ${gainText(interval.high)}]`;
  return {
    within,
    detail: fillForm(within ? CLAIM_DETAILS.insideInterval : CLAIM_DETAILS.outsideInterval, {
      published: gainText(published),
      level,
      range
    })
  };
}

export function checkClaims(plan: StudyPlan, derived: Derived, rows: RunRow[]): ClaimCheck[] {
  const byRun = new Map(rows.map((r) => [r.run, r]));
  const stepTitle = (id: unknown): Text =>
    plan.steps.find((s) => s.id === id)?.title ?? {en: String(id), tr: String(id)};
  const scenarioName = (id: unknown): Text =>
    plan.scenarios.find((s) => s.id === id)?.name ?? {en: String(id), tr: String(id)};
  const label = (step: unknown, candidate: unknown) =>
    plan.steps.find((s) => s.id === step)?.candidates.find((c) => c.id === candidate)?.label ?? String(candidate);
  /** The GPUs a run's server takes, as its command or the plan states them; one where neither does. */
  const gpusOf = (run: string): number => {
    const row = rows.find((r) => r.run === run);
    const candidate = plan.steps.find((s) => s.id === row?.step)?.candidates.find((c) => c.id === row?.candidate);
    return candidate ? gpuCount(candidate, 1) : 1;
  };

  return plan.claims.map((claim): ClaimCheck => {
    // A figure printed with trailing zeros (2715.90) keeps its precision in `decimals`.
    const places = (value: number) => (typeof claim.decimals === "number" ? claim.decimals : decimalsOf(value));
    // A published gain as printed: +9.75% stays +9.75%.
    const shownGain = (value: number | null) => gainText(value, value == null ? 1 : Math.max(1, places(value)));
    // The metric a claim names goes beside its subject: the pages name it in their words, not by its key.
    const base = {
      id: claim.id,
      kind: claim.kind,
      ...(typeof claim.metric === "string" ? {metric: claim.metric} : {}),
      ...(claim.unit === "s" ? {unit: "s" as const} : {})
    };
    // Claims an imported write-up adds (and rankings by another metric than the objective) are audited there.
    const writeup = checkWriteupClaim(claim, plan, derived, rows);
    if (writeup) return {...base, ...writeup};
    const result = (
      subject: Text,
      published: string,
      recomputed: string,
      ok: boolean | null,
      detail: string | null = null
    ) => ({
      ...base,
      subject,
      published,
      recomputed,
      status: ok == null ? ("unverifiable" as const) : ok ? ("confirmed" as const) : ("contradicted" as const),
      detail
    });
    const step = derived.steps.find((s) => s.id === claim.step);
    // Under the SLO objective a winner or gain holds at the points within the SLO; the audit names them.
    const slo = step ? sloClaimContext(plan, step, rows, studyConfidence(plan)) : null;
    switch (claim.kind) {
      case "ranking": {
        const order = (claim.order as string[]) ?? [];
        const title = stepTitle(claim.step);
        const subject = {en: `Ranking in ${title.en}`, tr: `${title.tr} sıralaması`};
        if (!step) return result(subject, order.join(" > "), "step not in the study", null);
        const ranked = step.standings[step.scenarios[0]].filter((s) => s.value != null);
        // A candidate without a result has no place in the order to check.
        const unmeasured = order.filter((id) => !ranked.some((s) => s.candidate === id));
        if (unmeasured.length)
          return result(
            subject,
            order.map((id) => label(claim.step, id)).join(" > "),
            "—",
            null,
            `no result for ${unmeasured.map((id) => label(claim.step, id)).join(", ")}`
          );
        const recomputed = ranked.filter((s) => order.includes(s.candidate)).map((s) => s.candidate);
        const show = (ids: string[]) => ids.map((id) => label(claim.step, id)).join(" > ");
        return result(subject, show(order), show(recomputed), recomputed.join() === order.join());
      }
      case "winner": {
        const title = stepTitle(claim.step);
        const subject = {en: `Winner of ${title.en}`, tr: `${title.tr} kazananı`};
        const best = step?.verdict.best?.candidate ?? null;
        return result(
          subject,
          label(claim.step, claim.candidate),
          best ? label(claim.step, best) : "none",
          best == null ? null : best === claim.candidate,
          slo && step ? winnerDetail(slo, step, String(claim.candidate), (c) => label(claim.step, c)) : null
        );
      }
      case "step-gain": {
        const title = stepTitle(claim.step);
        const subject = {en: `Throughput gain of ${title.en}`, tr: `${title.tr} işlem hacmi kazancı`};
        const published = claim.percent as number | null;
        if (!step) return result(subject, shownGain(published), "step not in the study", null);
        // Without a measured incumbent or any measured candidate there is no gain to set against the published one.
        if (step.verdict.kind === "all-failed" || step.verdict.incumbent == null)
          return result(subject, shownGain(published), "—", null, CLAIM_DETAILS.noStepResult);
        const recomputed = step.verdict.kind === "improved" ? step.verdict.gain_percent : null;
        const ok =
          published == null || recomputed == null
            ? published === recomputed
            : agrees(published, recomputed, places(published));
        const interval = againstInterval(published, step.verdict.gain_interval);
        const incumbent = step.verdict.incumbent;
        const noise =
          step.verdict.kind === "within-noise" && published != null
            ? fillForm(CLAIM_DETAILS.withinNoise, {gain: gainText(step.verdict.gain_percent)})
            : step.verdict.kind === "no-improvement" && published != null
              ? fillForm(CLAIM_DETAILS.noImprovement, {label: label(incumbent.step, incumbent.candidate)})
              : null;
        const best = step.verdict.best;
        const explained =
          !ok && published != null
            ? explainGain(published, byRun.get(incumbent.run), best ? byRun.get(best.run) : undefined)
            : null;
        const against = slo?.at(incumbent.run, label(incumbent.step, incumbent.candidate));
        const within =
          slo && best && against
            ? fillForm(CLAIM_DETAILS.sloWithin, {
                ...slo.at(best.run, label(step.id, best.candidate)),
                incumbent: against.candidate,
                incumbentLoad: against.load
              })
            : null;
        const flood = slo?.flood;
        const floodGain =
          flood && published != null && !ok && agrees(published, flood.gain_percent, places(published))
            ? fillForm(CLAIM_DETAILS.sloFloodGain, {
                gain: gainText(flood.gain_percent, Math.max(1, places(published))),
                candidate: label(step.id, flood.candidate),
                load: loadText(flood.point.load_kind, flood.point.load),
                incumbent: label(incumbent.step, incumbent.candidate),
                incumbentLoad: loadText(flood.incumbent.load_kind, flood.incumbent.load)
              })
            : null;
        return {
          ...result(
            subject,
            shownGain(published),
            gainText(recomputed, published == null ? 1 : Math.max(1, places(published))),
            ok,
            joinDetails(noise, within, floodGain, explained, interval.detail)
          ),
          within_interval: interval.within
        };
      }
      case "headline-gain": {
        const name = scenarioName(claim.scenario);
        const subject = {en: `Headline change, ${name.en}`, tr: `Özet değişim, ${name.tr}`};
        const published = claim.percent as number;
        const pair = headlinePair(derived, claim.scenario);
        if (!pair) return result(subject, shownGain(published), CLAIM_DETAILS.noPair, null);
        const row = pair.row;
        // The page's own arithmetic, said in the detail: a change per GPU (each side over the GPUs its command takes,
        // one where it states none), or that of several copies of the recommended server side by side.
        const gpus = claim.per_gpu === true ? [gpusOf(row.baseline_run), gpusOf(row.recommended_run)] : null;
        const copies = typeof claim.copies === "number" ? claim.copies : null;
        const scaled = gpus
          ? {
              subject: {en: `Headline change per GPU, ${name.en}`, tr: `GPU başına özet değişim, ${name.tr}`},
              change: changePercent(row.baseline_tps / gpus[0], row.recommended_tps / gpus[1]),
              detail: fillForm(CLAIM_DETAILS.perGpu, {
                recommended: row.recommended_tps.toFixed(2),
                recommendedGpus: gpus[1],
                baseline: row.baseline_tps.toFixed(2),
                baselineGpus: gpus[0]
              })
            }
          : copies
            ? {
                subject,
                change: changePercent(row.baseline_tps, row.recommended_tps * copies),
                detail: fillForm(CLAIM_DETAILS.copies, {
                  recommended: row.recommended_tps.toFixed(2),
                  copies,
                  baseline: row.baseline_tps.toFixed(2)
                })
              }
            : null;
        if (scaled)
          return result(
            scaled.subject,
            shownGain(published),
            gainText(scaled.change, Math.max(1, places(published))),
            agrees(published, scaled.change, places(published)),
            joinDetails(pair.detail, scaled.detail)
          );
        const ok = agrees(published, row.change_percent, places(published));
        // A common slip: dividing by the new value instead of the old one; say so when it explains the figure.
        const inverse = changePercent(row.recommended_tps, row.baseline_tps) * -1;
        const detail =
          !ok && agrees(published, inverse, places(published))
            ? fillForm(CLAIM_DETAILS.inverseOfBaseline, {
                inverse: gainText(inverse),
                change: gainText(row.change_percent)
              })
            : null;
        const interval = againstInterval(published, row.change_interval);
        return {
          ...result(
            subject,
            shownGain(published),
            gainText(row.change_percent, Math.max(1, places(published))),
            ok,
            joinDetails(pair.detail, detail, interval.detail)
          ),
          within_interval: interval.within
        };
      }
      case "value": {
        const metric = String(claim.metric);
        const row = byRun.get(String(claim.run));
        const subject = {en: `${metric} of ${claim.run}`, tr: `${claim.run} için ${metric}`};
        const published = claim.value as number;
        const v = row?.[metric];
        if (typeof v !== "number") return result(subject, String(published), CLAIM_DETAILS.notInRuns, null);
        return result(
          subject,
          String(published),
          v.toFixed(places(published)),
          agrees(published, v, places(published))
        );
      }
      case "recommended": {
        const subject = {en: "Recommended configuration", tr: "Önerilen yapılandırma"};
        const published = shownCommand(plan, (claim.server as string[]) ?? []);
        const mine = derived.recommended.server_command;
        // The same command spelled otherwise (option order, an alias) is the same configuration.
        const words = shellSplit(mine);
        const printed = shownArgv(plan, (claim.server as string[]) ?? []);
        // One command names the model by its Hugging Face id, the other by a folder of that name: read as the same.
        const folder = words != null ? modelAsFolder(printed, words) : null;
        const argv = folder ? withModel(printed, words!) : printed;
        const named = folder ? fillForm(CLAIM_DETAILS.modelFolder, folder) : null;
        if (published === mine || (words != null && sameMeaning(argv, words)))
          return result(
            subject,
            published,
            mine,
            true,
            published === mine ? null : (named ?? CLAIM_DETAILS.spelledOtherwise)
          );
        // The winner with arguments the selection never varied (a chat parser): the configuration the runs support.
        const added = words != null ? addedOptions(argv, words) : null;
        return added?.length
          ? result(
              subject,
              published,
              mine,
              true,
              joinDetails(fillForm(CLAIM_DETAILS.winnerExtended, {added: added.join(" ")}), named)
            )
          : result(subject, published, mine, false);
      }
      default:
        return result(
          {en: claim.id, tr: claim.id},
          JSON.stringify(stripMeta(claim)),
          "—",
          null,
          `unknown claim kind '${claim.kind}'`
        );
    }
  });
}

function stripMeta(claim: PlanClaim): Record<string, unknown> {
  const {id: _id, kind: _kind, line: _line, ...rest} = claim;
  return rest;
}

export type ClaimStatus = "confirmed" | "contradicted" | "unverifiable";
export interface ClaimCheck {
  id: string;
  kind: string;
  /** What the claim is about, in words, both languages; a metric it names appears by its key. */
  subject: Text;
  /** The metric the subject names, where it names one. */
  metric?: string;
  /** Seconds, where the write-up printed the metric (kept in ms) in seconds. */
  unit?: "s";
  published: string;
  recomputed: string;
  status: ClaimStatus;
  detail: string | null;
  /** For a published gain: whether it lies inside the recomputed gain's interval; null when there is none. */
  within_interval?: boolean | null;
}
