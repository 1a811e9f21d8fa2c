// The report's two languages and a text in both, and text made safe to print on one line.

export type Lang = "en" | "tr";
export type Text = Record<Lang, string>;

/** What the report holds for a fact the files left open (a plan's `TODO: …`); pages put it in their language. */
export const NOT_RECORDED = "not recorded";
/** Its type, for the components, which take only types from the library. */
export type NotRecorded = typeof NOT_RECORDED;

/** Line breaks and other control characters (C0, DEL, C1, U+2028/9), which would end a line or steer a terminal. */
const CONTROL = /[\x00-\x1f\x7f-\x9f\u2028\u2029]/g;

/** The text on one line, each control character as a visible escape (`\x0a`, `\u2028`). */
export function visibleControls(text: string): string {
  return text.replace(CONTROL, (c) => {
    const code = c.charCodeAt(0);
    return code > 0xff ? `\\u${code.toString(16).padStart(4, "0")}` : `\\x${code.toString(16).padStart(2, "0")}`;
  });
}

/** A form with its {slots} filled: the one way the library writes a reason it records in a study's files in English,
 * so that the pages can read the reason back by its form and say it in their language. */
export function fillForm(form: string, values: Record<string, string | number>): string {
  return form.replace(/\{([a-z]+)\}/gi, (_all, slot: string) => {
    if (!(slot in values)) throw new Error(`the form "${form}" has a slot {${slot}} no value fills`);
    return String(values[slot]);
  });
}
