// Sentences the library writes in English, said in the page's language: a reason recorded in a study's files (why a
// run was not run, why the search tried a configuration, an error tps-report gave a run, why a curve is never within
// the SLO), a finding's message and what a claim's check says. Each is read back by its form (the library's one
// definition of it, whose words' English the types hold equal); a text of no form (written by hand, or by an older
// tps-report) is shown as written.
import {fill, pick, t, type Lang, type StringKey, type Text} from "./i18n.js";
import {CLAIM_WORDS} from "./words-claims.js";
import {FINDING_WORDS} from "./words-findings.js";
import {REASON_WORDS} from "./words-reasons.js";
import {SLOT} from "./wording.js";

interface Form {
  name: string;
  read: (text: string) => Record<string, string> | null;
}

/**
 * A form's reader, in one pass: its fixed words in order, each slot's value up to the first place the next words
 * follow (the last slot takes the rest). Regular expressions with a lazy group per slot backtrack over a long text
 * made of the form's own words for a time that grows with a power of its length; a study's files can hold such text.
 * `allowed` rejects a value (a claim detail's part holds no "; ").
 */
function reader(en: string, allowed: (value: string) => boolean): Form["read"] {
  const slots = [...en.matchAll(SLOT)].map((m) => m[1]);
  const words = en.split(/\{[a-z]+\}/i);
  if (words.slice(1, -1).some((w) => w === "")) throw new Error(`the form "${en}" has two slots with no words between`);
  return (text) => {
    if (!slots.length) return text === en ? {} : null;
    if (!text.startsWith(words[0])) return null;
    const values: Record<string, string> = {};
    let at = words[0].length;
    for (let i = 0; i < slots.length; i++) {
      const next = words[i + 1];
      const last = i === slots.length - 1;
      const end = last ? (text.endsWith(next) ? text.length - next.length : -1) : text.indexOf(next, at + 1);
      if (end <= at) return null;
      const value = text.slice(at, end);
      if (!allowed(value)) return null;
      values[slots[i]] = value;
      at = end + next.length;
    }
    return values;
  };
}

/** A table's forms as readers; the ones with the most fixed words first, so that a form that begins another (a metric
 * printed inconsistently, and the same with the tool's window) reads only its own. */
function forms(words: Record<string, Text>, prefix: string, allowed: (value: string) => boolean = () => true): Form[] {
  const fixed = (en: string) => en.replace(SLOT, "").length;
  return Object.entries(words)
    .sort(([, a], [, b]) => fixed(b.en) - fixed(a.en))
    .map(([key, {en}]) => ({name: key.slice(prefix.length), read: reader(en, allowed)}));
}

const REASONS = forms(REASON_WORDS, "reason_");
const FINDINGS = forms(FINDING_WORDS, "finding_");
// Inside a study.yaml finding's "{path}: {message}", the message is any form but that one.
const PLAIN_FINDINGS = FINDINGS.filter((form) => form.name !== "atPath");
// A claim's detail joins its parts with "; ", which no value of a part holds.
const CLAIM_DETAILS = forms(CLAIM_WORDS, "claimDetail_", (value) => !value.includes("; "));
// The most parts, split at "; ", that one claim detail's form spans.
const CLAIM_PARTS = Math.max(...Object.values(CLAIM_WORDS).map(({en}) => en.split("; ").length));

// A load inside a claim's detail or a list of verdicts ("concurrency 16", "2 requests/s"), read back as the words
// table says a load.
const LOAD_WORDS = ["cellConcurrency", "cellRequestRate"] as const;
const LOADS: Form[] = LOAD_WORDS.map((name) => ({name, read: reader(t(name, "en"), () => true)}));
const LOAD_SLOTS = new Set(["load", "incumbentLoad"]);

/** A load as the page says one; a text of no such form as written. */
function loadSaid(text: string, lang: Lang): string {
  const read = matchOf(LOADS, text);
  return read ? fill(read.name as StringKey, lang, read.values) : text;
}

/** A form's values in the page's language where the library wrote them too: its loads ({load}, {incumbentLoad}), the
 * reason it holds ({reason}) and the loads' verdicts ({why}); the rest as written. */
function valuesSaid(values: Record<string, string>, lang: Lang): Record<string, string> {
  const said = {...values};
  for (const slot of Object.keys(said)) {
    if (LOAD_SLOTS.has(slot)) said[slot] = loadSaid(said[slot], lang);
    else if (slot === "reason") said[slot] = recordedReason(said[slot], lang);
    else if (slot === "why") said[slot] = verdictsSaid(said[slot], lang);
  }
  return said;
}

function matchOf(table: readonly Form[], text: string): {name: string; values: Record<string, string>} | null {
  for (const {name, read} of table) {
    const values = read(text);
    if (values) return {name, values};
  }
  return null;
}

/** A reason the library recorded (why a run was not run, why the search tried a configuration, an error tps-report gave
 * a run, why a curve is never within the SLO) in the page's language. */
export function recordedReason(text: string, lang: Lang): string {
  const read = matchOf(REASONS, text);
  return read ? fill(`reason_${read.name}` as StringKey, lang, valuesSaid(read.values, lang)) : text;
}

/** Loads' verdicts ("concurrency 16: 3 of its runs failed; 32: p99 TPOT 38 ms > 30 ms") in the page's language: each
 * load said as the page says one, each verdict read back by its form; a part of no form as written. */
function verdictsSaid(why: string, lang: Lang): string {
  return why
    .split("; ")
    .map((part) => {
      const [, load, verdict] = /^([^:]+): (.*)$/s.exec(part) ?? [];
      return load === undefined ? part : `${loadSaid(load, lang)}: ${recordedReason(verdict, lang)}`;
    })
    .join("; ");
}

/** A finding's message in the page's language: its own two texts where it has them, else read back by its form. */
export function findingMessage(finding: {message: string; text?: Text}, lang: Lang): string {
  if (finding.text) return pick(finding.text, lang);
  const read = matchOf(FINDINGS, finding.message);
  if (!read) return finding.message;
  if (read.name !== "atPath") return fill(`finding_${read.name}` as StringKey, lang, valuesSaid(read.values, lang));
  // A study.yaml finding holds another form after its place in the plan.
  const inner = matchOf(PLAIN_FINDINGS, read.values.message);
  if (!inner) return finding.message;
  const message = fill(`finding_${inner.name}` as StringKey, lang, valuesSaid(inner.values, lang));
  return fill("finding_atPath", lang, {path: read.values.path, message});
}

/** What a claim's check says (its detail, or a published or recomputed cell that is more than a figure) in the page's
 * language: one or more forms joined by "; ", each read back by its form; a text with a part of no form as written. */
export function claimText(text: string, lang: Lang): string {
  const parts = text.split("; ");
  // said[i]: the first i parts in the page's language, where they split into forms (a form may hold "; " itself).
  const said: (string[] | null)[] = [[], ...parts.map(() => null)];
  for (let end = 1; end <= parts.length; end++)
    for (let start = end - 1; start >= Math.max(0, end - CLAIM_PARTS) && !said[end]; start--) {
      const read = said[start] && matchOf(CLAIM_DETAILS, parts.slice(start, end).join("; "));
      if (read)
        said[end] = [
          ...said[start]!,
          fill(`claimDetail_${read.name}` as StringKey, lang, valuesSaid(read.values, lang))
        ];
    }
  return said[parts.length]?.join("; ") ?? text;
}
