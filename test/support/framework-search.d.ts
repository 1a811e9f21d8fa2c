// The parts of Framework's search module the tests call (patches/@observablehq+framework+*.patch exports the two).
declare module "@observablehq/framework/dist/search.js" {
  type Indexed = {id: string; title?: string | null; fields: [string, number, [string, number][]][]};
  export function indexedDocument(document: {
    id: string;
    title?: string | null;
    text: string;
    keywords: string;
  }): Indexed;
  export function addIndexed(index: unknown, document: Indexed): void;
}
