// What a page's {{name}} placeholder becomes: text (escaped where it lands) or HTML.
export type Fragment = {text: string} | {html: string};
export type PageFragments = Record<string, Fragment>;
