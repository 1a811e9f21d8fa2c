// The report's two languages and a text in both.

export type Lang = "en" | "tr";
export type Text = Record<Lang, string>;

/** What the report holds for a fact the files left open (a plan's `TODO: …`); pages put it in their language. */
export const NOT_RECORDED = "not recorded";
/** Its type, for the components, which take only types from the library. */
export type NotRecorded = typeof NOT_RECORDED;
