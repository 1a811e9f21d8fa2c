// Looks words up in a table of both languages: a word as it is, or a sentence with its {slots} filled.
import type {Lang, Text} from "../../loaders/text.js";

/** A slot of a sentence, `{name}`. */
export const SLOT = /\{([a-z]+)\}/gi;

/** The lookups of one table: `t` a word, `fill` a sentence as text (values escaped by `escape` where the sentence is
 * HTML), `fillParts` a sentence as parts to append to an element, its slots filled by text or elements. */
export function wording<K extends string>(table: Record<K, Text>) {
  const t = (key: K, lang: Lang): string => table[key][lang];
  const valueOf = <V>(key: K, values: Record<string, V>, name: string): V => {
    if (!(name in values)) throw new Error(`the sentence ${key} has a slot {${name}} no value fills`);
    return values[name];
  };
  const fill = (
    key: K,
    lang: Lang,
    values: Record<string, string | number>,
    escape: (text: string) => string = (text) => text
  ): string => t(key, lang).replace(SLOT, (_all, name: string) => escape(String(valueOf(key, values, name))));
  const fillParts = (key: K, lang: Lang, values: Record<string, string | number | Node>): (string | Node)[] => {
    const parts: (string | Node)[] = [];
    const sentence = t(key, lang);
    let last = 0;
    for (const match of sentence.matchAll(SLOT)) {
      if (match.index > last) parts.push(sentence.slice(last, match.index));
      const value = valueOf(key, values, match[1]);
      parts.push(typeof value === "number" ? String(value) : value);
      last = match.index + match[0].length;
    }
    if (last < sentence.length) parts.push(sentence.slice(last));
    return parts;
  };
  return {t, fill, fillParts};
}
