// A reason the library wrote into a study's files in English (why a run was not run, why the search tried a
// configuration), said in the page's language: read back by its form; a reason of no form (written by hand, or by an
// older tps-report) is shown as written.
import {fill, type Lang, type StringKey} from "./i18n.js";
import {REASON_WORDS} from "./words-reasons.js";

const SLOT = /\\\{([a-z]+)\\\}/gi;
const PREFIX = "reason_";

// Each form, by the library's name for it, as a pattern whose groups are its slots.
const FORMS = Object.entries(REASON_WORDS).map(([key, words]) => ({
  form: key.slice(PREFIX.length),
  pattern: new RegExp(`^${words.en.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(SLOT, "(?<$1>.+?)")}$`)
}));

export function recordedReason(text: string, lang: Lang): string {
  for (const {form, pattern} of FORMS) {
    const match = pattern.exec(text);
    if (match) return fill(`reason_${form}` as StringKey, lang, {...match.groups});
  }
  return text;
}
