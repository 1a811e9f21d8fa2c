// Types for the two small packages the page text uses, which ship none.
declare module "he" {
  const he: {decode(html: string): string; escape(text: string): string};
  export default he;
}
