// The parts of Framework's HTML module the tests call; Framework ships no types for its dist files.
declare module "@observablehq/framework/dist/html.js" {
  interface Assets {
    files: Set<string>;
    localImports: Set<string>;
    globalImports: Set<string>;
    staticImports: Set<string>;
    localLinks: Set<string>;
    anchors: Set<string>;
  }
  type Resolve = (specifier: string) => string;
  export function parseHtml(html: string): {document: Document};
  export function findAssets(html: string, path: string): Assets;
  export function rewriteHtmlPaths(html: string, path: string): string;
  export function rewriteHtml(
    html: string,
    resolvers: {resolveFile?: Resolve; resolveImport?: Resolve; resolveScript?: Resolve; resolveLink?: Resolve}
  ): string;
}
