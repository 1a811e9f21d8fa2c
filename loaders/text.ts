// The report's two languages and a text in both.

export type Lang = "en" | "tr";
export type Text = Record<Lang, string>;
