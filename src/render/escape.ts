// Text as HTML: the one escape the build-time pages use, with no DOM needed.
export function escapeText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
