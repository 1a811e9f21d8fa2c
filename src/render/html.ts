// Text put into HTML the build writes: every character that could end a text or an attribute, as a numeric reference.
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
