// Sentences the library writes in English, said in the page's language: a reason recorded in a study's files (why a
// run was not run, why the search tried a configuration), a finding's message and what a claim's check says. Each is
// read back by its form (the library's one definition of it, whose words' English the types hold equal); a text of no
// form (written by hand, or by an older tps-report) is shown as written.
import {fill, pick, type Lang, type StringKey, type Text} from "./i18n.js";
import {CLAIM_WORDS} from "./words-claims.js";
import {FINDING_WORDS} from "./words-findings.js";
import {REASON_WORDS} from "./words-reasons.js";

const SLOT = /\\\{([a-z]+)\\\}/gi;

interface Form {
  name: string;
  pattern: RegExp;
}

/** A table's forms as patterns whose groups are their slots; the ones with the most fixed words first, so that a form
 * that begins another (a metric printed inconsistently, and the same with the tool's window) matches only its own. */
function patterns(words: Record<string, Text>, prefix: string, slot = "(?<$1>.+?)"): Form[] {
  const fixed = (en: string) => en.replace(/\{[a-z]+\}/gi, "").length;
  return Object.entries(words)
    .sort(([, a], [, b]) => fixed(b.en) - fixed(a.en))
    .map(([key, {en}]) => ({
      name: key.slice(prefix.length),
      pattern: new RegExp(`^${en.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(SLOT, slot)}$`)
    }));
}

const REASONS = patterns(REASON_WORDS, "reason_");
const FINDINGS = patterns(FINDING_WORDS, "finding_");
// A claim's detail joins its parts with "; ", which no value of a part holds.
const CLAIM_DETAILS = patterns(CLAIM_WORDS, "claimDetail_", "(?<$1>(?:(?!; ).)+?)");

function matchOf(forms: readonly Form[], text: string): {name: string; values: Record<string, string>} | null {
  for (const {name, pattern} of forms) {
    const match = pattern.exec(text);
    if (match) return {name, values: {...match.groups}};
  }
  return null;
}

/** Why a run was not run, or why the search tried a configuration, in the page's language. */
export function recordedReason(text: string, lang: Lang): string {
  const read = matchOf(REASONS, text);
  return read ? fill(`reason_${read.name}` as StringKey, lang, read.values) : text;
}

/** A finding's message in the page's language: its own two texts where it has them, else read back by its form. */
export function findingMessage(finding: {message: string; text?: Text}, lang: Lang): string {
  if (finding.text) return pick(finding.text, lang);
  const say = (message: string): string | null => {
    const read = matchOf(FINDINGS, message);
    if (!read) return null;
    // A study.yaml finding holds another form after its place in the plan.
    if (read.name === "atPath") {
      const inner = say(read.values.message);
      return inner == null ? null : fill("finding_atPath", lang, {path: read.values.path, message: inner});
    }
    return fill(`finding_${read.name}` as StringKey, lang, read.values);
  };
  return say(finding.message) ?? finding.message;
}

/** What a claim's check says (its detail, or a published or recomputed cell that is more than a figure) in the page's
 * language: one or more forms joined by "; ", each read back by its form; a text with a part of no form as written. */
export function claimText(text: string, lang: Lang): string {
  const parts = text.split("; ");
  // said[i]: the first i parts in the page's language, where they split into forms (a form may hold "; " itself).
  const said: (string[] | null)[] = [[], ...parts.map(() => null)];
  for (let end = 1; end <= parts.length; end++)
    for (let start = end - 1; start >= 0 && !said[end]; start--) {
      const read = said[start] && matchOf(CLAIM_DETAILS, parts.slice(start, end).join("; "));
      if (read) said[end] = [...said[start]!, fill(`claimDetail_${read.name}` as StringKey, lang, read.values)];
    }
  return said[parts.length]?.join("; ") ?? text;
}
