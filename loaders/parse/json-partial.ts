// A JSON text cut off mid-way (a paste, a crashed writer): the members before the cut, as a complete JSON text.

/** The longest prefix ending after a complete member, with the open brackets closed; null when there is none. */
export function closeCutJson(text: string): string | null {
  const stack: string[] = [];
  let cut = -1;
  let cutStack: string[] = [];
  let inString = false;
  let valueDone = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') {
        inString = false;
        valueDone = true;
      }
      continue;
    }
    if (c === '"') inString = true;
    else if (c === "{" || c === "[") {
      stack.push(c === "{" ? "}" : "]");
      valueDone = false;
    } else if (c === "}" || c === "]") {
      stack.pop();
      valueDone = true;
      if (stack.length === 0) return text.slice(0, i + 1);
      cut = i + 1;
      cutStack = [...stack];
    } else if (c === ",") {
      // Everything before this comma is whole members.
      if (valueDone || /[\w.+-]/.test(text[i - 1] ?? "")) {
        cut = i;
        cutStack = [...stack];
      }
      valueDone = false;
    } else if (c === ":") valueDone = false;
  }
  if (cut < 0) return null;
  return text.slice(0, cut) + cutStack.reverse().join("");
}
