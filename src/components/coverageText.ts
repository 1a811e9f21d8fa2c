// Coverage and second-look prose: what the greedy path left unmeasured, the close decisions, and whether the greedy
// choice survived its second look. Every figure comes from the page's data.
import type {Coverage, Setting, UntriedCombination} from "../../loaders/analysis/coverage.js";
import type {SecondLookReport} from "../../loaders/analysis/second-look.js";
import type {Text} from "../../loaders/text.js";
import {formatFixed, toSignificant} from "./format.js";
import {formatGain} from "./intervals.js";
import {fill, listText, NOT_RECORDED, pick, t, type Lang} from "./i18n.js";

/** What the prose names: engines and step titles. */
export interface CoverageNames {
  study: {engines: {id: string; name: string}[]};
  steps: {id: string; title: Text}[];
  search?: {configurations: number};
}

/** An engine's name; one no file named reads as such, not "tuned only on not recorded". */
function engineName(names: CoverageNames, id: string, lang: Lang): string {
  const name = names.study.engines.find((e) => e.id === id)?.name ?? id;
  if (name !== NOT_RECORDED) return name;
  return t("engineNotRecorded", lang);
}
const stepTitle = (names: CoverageNames, id: string, lang: Lang): string =>
  pick(names.steps.find((s) => s.id === id)?.title, lang) || id;

function dimName(dim: string, lang: Lang): string {
  if (dim === "engine") return t("engineWord", lang);
  if (dim === "quantization") return t("quantizationWord", lang);
  return dim;
}

function valueText(names: CoverageNames, s: Setting, lang: Lang): string {
  if (s.dim === "engine") return engineName(names, s.value, lang);
  if (s.value === "default") return t("settingDefault", lang);
  if (s.recorded === false) return t("notRecorded", lang);
  return s.value;
}

function settingText(names: CoverageNames, setting: Setting[], lang: Lang): string {
  return setting.map((s) => `${dimName(s.dim, lang)} ${valueText(names, s, lang)}`).join(", ");
}

const capitalized = (text: string): string => text.charAt(0).toLocaleUpperCase("tr") + text.slice(1);

/** The summary's coverage paragraph: how much of the space the recommendation rests on. */
export function coverageParagraph(coverage: Coverage, names: CoverageNames, lang: Lang): string {
  // In whole percent; under 1, to its first significant digit: a space that was measured is never 0 %.
  const share = coverage.space ? `${toSignificant((coverage.measured / coverage.space) * 100, 0)} %` : "—";
  const dims = coverage.dims.map((d) => dimName(d.dim, lang)).join(" × ");
  const parts: string[] = [];
  if (coverage.dims.length === 0)
    return names.search
      ? fill("coverageNoDimsSearched", lang, {configurations: names.search.configurations})
      : t("coverageNoDims", lang);
  parts.push(
    fill("coverageRestsOn", lang, {
      measured: coverage.measured,
      space: coverage.space,
      dims,
      share,
      outside: coverage.outside_slo ? fill("coverageOutsideSlo", lang, {count: coverage.outside_slo}) : "",
      failed: coverage.failed ? fill("coverageAlsoFailed", lang, {count: coverage.failed}) : ""
    })
  );
  parts.push(
    coverage.untried
      ? fill(coverage.untried === 1 ? "coverageUntriedOne" : "coverageUntriedMany", lang, {count: coverage.untried})
      : t("coverageUntriedNone", lang)
  );
  // The steps tuned on one engine, a sentence per engine.
  const byEngine = new Map<string, string[]>();
  for (const s of coverage.single_engine) {
    const engine = engineName(names, s.engine, lang);
    byEngine.set(engine, [...(byEngine.get(engine) ?? []), stepTitle(names, s.step, lang)]);
  }
  for (const [engine, steps] of byEngine)
    parts.push(
      steps.length === 1
        ? fill("coverageSingleEngine", lang, {step: steps[0], engine})
        : fill("coverageSingleEngineMany", lang, {steps: listText(steps, lang), engine})
    );
  // A decision never re-tested after a later step gets its own sentence; those never re-tested after they were made
  // share one, where the first of them stands.
  const last = coverage.steps[coverage.steps.length - 1]?.step;
  const unretested: {dim: string; decided: string}[] = [];
  let unretestedAt = -1;
  for (const r of coverage.retests.filter((r) => r.retested_at.length === 0 && r.decided_at !== last)) {
    const decided = stepTitle(names, r.decided_at, lang);
    const dim = dimName(r.dim, lang);
    if (r.last_varied_at === r.decided_at) {
      if (unretestedAt < 0) unretestedAt = parts.length;
      unretested.push({dim, decided});
      continue;
    }
    // Only a sentence that opens with the setting's name writes it capitalized.
    const after = stepTitle(names, r.last_varied_at, lang);
    parts.push(fill("coverageNotRetestedAfter", lang, {dim, dimTitle: capitalized(dim), decided, after}));
  }
  if (unretested.length === 1) {
    const [{dim, decided}] = unretested;
    parts.splice(unretestedAt, 0, fill("coverageNotRetested", lang, {dim, dimTitle: capitalized(dim), decided}));
  } else if (unretested.length > 1) {
    const decisions = listText(
      unretested.map(({dim, decided}) => `${dim} (${decided})`),
      lang
    );
    const sentence = fill("coverageNotRetestedMany", lang, {decisions, decisionsTitle: capitalized(decisions)});
    parts.splice(unretestedAt, 0, sentence);
  }
  const close = coverage.close;
  const margin = `${+coverage.margin.toFixed(2)} %`;
  const list = close
    .map((c) =>
      fill(c.runner_up_leads ? "coverageCloseItemAhead" : "coverageCloseItem", lang, {
        step: stepTitle(names, c.step, lang),
        chosen: c.chosen.label,
        runnerUp: c.runner_up.label,
        gap: formatGain(c.gap_percent, c.gap_interval)
      })
    )
    .join("; ");
  parts.push(
    close.length
      ? fill(close.length === 1 ? "coverageCloseOne" : "coverageCloseMany", lang, {count: close.length, margin, list})
      : fill("coverageCloseNone", lang, {margin})
  );
  return parts.join(" ");
}

/** The untried combinations, each runner-up's settings together and runners-up that missed the same settings as one:
 * the same setting is named once, not once per runner-up. */
function untriedGroups(untried: readonly UntriedCombination[]): {runnersUp: string[]; settings: Setting[][]}[] {
  const byRunnerUp = new Map<string, {label: string; settings: Setting[][]}>();
  for (const u of untried) {
    const key = `${u.runner_up.step}\0${u.runner_up.candidate}`;
    const entry = byRunnerUp.get(key) ?? {label: u.runner_up.label, settings: []};
    byRunnerUp.set(key, entry);
    entry.settings.push(u.setting);
  }
  const groups = new Map<string, {runnersUp: string[]; settings: Setting[][]}>();
  for (const {label, settings} of byRunnerUp.values()) {
    const key = JSON.stringify(settings);
    const group = groups.get(key) ?? {runnersUp: [], settings};
    groups.set(key, group);
    group.runnersUp.push(label);
  }
  return [...groups.values()];
}

/** Settings a runner-up was never run with: one dimension's values after its name once ("--max-num-tokens 16384 or
 * 32768"), a setting of several dimensions whole. */
function settingsText(names: CoverageNames, settings: readonly Setting[][], lang: Lang): string {
  const dims = new Set(settings.map((setting) => (setting.length === 1 ? setting[0].dim : "")));
  if (settings.length > 1 && dims.size === 1 && !dims.has("")) {
    const [dim] = dims;
    return `${dimName(dim, lang)} ${listText(
      settings.map(([s]) => valueText(names, s, lang)),
      lang,
      "listOr"
    )}`;
  }
  const texts = settings.map((setting) => settingText(names, setting, lang));
  return listText(
    settings.length > 1 && settings.some((s) => s.length > 1) ? texts.map((t) => `(${t})`) : texts,
    lang,
    "listOr"
  );
}

/** Which sentence a step page gives a close decision: within noise or under the margin, the leader named first. */
function closeKey(c: Coverage["close"][number]) {
  if (c.runner_up_leads) return c.within_noise ? "stepCloseNoiseAhead" : "stepCloseMarginAhead";
  return c.within_noise ? "stepCloseNoise" : "stepCloseMargin";
}

/** A step page's coverage lines: this step's settings never run with earlier runners-up, and its close decisions. */
export function stepCoverageLines(coverage: Coverage, step: string, names: CoverageNames, lang: Lang): string[] {
  const lines: string[] = [];
  const here = coverage.steps.find((s) => s.step === step);
  if (here?.untried.length)
    lines.push(
      fill("stepNeverRun", lang, {
        list: untriedGroups(here.untried)
          .map(({runnersUp, settings}) =>
            fill("stepUntriedItem", lang, {
              runnerUp: listText(runnersUp, lang, "listOr"),
              setting: settingsText(names, settings, lang)
            })
          )
          .join("; ")
      })
    );
  const margin = `${+coverage.margin.toFixed(2)} %`;
  for (const c of coverage.close.filter((c) => c.step === step))
    lines.push(
      fill(closeKey(c), lang, {
        chosen: c.chosen.label,
        runnerUp: c.runner_up.label,
        gap: formatGain(c.gap_percent, c.gap_interval),
        margin
      })
    );
  const single = coverage.single_engine.find((s) => s.step === step);
  if (single) lines.push(fill("stepTunedOnly", lang, {engine: engineName(names, single.engine, lang)}));
  return lines;
}

/** The second look's verdict in one paragraph. */
export function secondLookParagraph(look: SecondLookReport, _names: CoverageNames, lang: Lang): string {
  const winner = look.winner.label;
  if (look.state === "nothing-to-run") return fill("secondLookNothing", lang, {winner});
  if (look.state === "pending")
    return fill("secondLookPending", lang, {runs: `${look.runs_recorded}/${look.runs_planned}`});
  if (look.state === "all-failed") return fill("secondLookAllFailed", lang, {planned: look.runs_planned, winner});
  if (look.state === "survives")
    return fill("secondLookSurvives", lang, {winner, configs: look.candidates.length, planned: look.runs_planned});
  const r = look.recommendation!;
  const ci = r.ci_low != null && r.ci_high != null ? ` [${formatFixed(r.ci_low)}, ${formatFixed(r.ci_high)}]` : "";
  return fill("secondLookReplaced", lang, {
    winner,
    label: r.label,
    value: formatFixed(r.value),
    ci,
    gain: formatGain(r.gain_percent, r.gain_interval),
    command: r.server_command
  });
}

/** The step page's coverage list (nothing when the step left nothing out). */
export function stepCoverageList(
  coverage: Coverage | undefined,
  step: string,
  names: CoverageNames,
  lang: Lang
): HTMLElement | string {
  const lines = coverage ? stepCoverageLines(coverage, step, names, lang) : [];
  if (!lines.length) return "";
  const ul = document.createElement("ul");
  ul.className = "coverage";
  for (const line of lines) {
    const li = document.createElement("li");
    li.textContent = line;
    ul.append(li);
  }
  return ul;
}

/** The summary's second-look paragraph (nothing before the study has a second look). */
export function secondLookBlock(
  look: SecondLookReport | undefined,
  names: CoverageNames,
  lang: Lang
): HTMLElement | string {
  if (!look) return "";
  const p = document.createElement("p");
  p.className = "second-look";
  p.id = "second-look";
  p.textContent = secondLookParagraph(look, names, lang);
  return p;
}
