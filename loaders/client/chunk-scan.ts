// The text of a streamed token chunk without a full JSON.parse: at tens of thousands of chunks a second the parse
// is the client's largest cost. Anything unusual (no choices, usage, errors, odd shapes) falls back to JSON.parse.

const CHOICES = '"choices":[';

/** Index just past the JSON string that starts after the opening quote at `from - 1`; -1 if unterminated. */
function stringEnd(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x5c) i++;
    else if (code === 0x22) return i;
  }
  return -1;
}

/**
 * For a chunk with at least one choice, the first choice's text (chat `delta.content` or completions `text`),
 * "" when it has none; `null` when the chunk needs a full parse.
 */
export function choiceText(payload: string, chat: boolean): string | null {
  const choices = payload.indexOf(CHOICES);
  if (choices < 0) return null;
  const next = payload.charCodeAt(choices + CHOICES.length);
  if (next === 0x5d || next === 0x20) return null;
  if (payload.indexOf('"usage":{', choices) >= 0 || payload.indexOf('"error"') >= 0) return null;
  let from = choices;
  if (chat) {
    from = payload.indexOf('"delta":{', choices);
    if (from < 0) return null;
  }
  const key = chat ? '"content":' : '"text":';
  const at = payload.indexOf(key, from);
  if (at < 0) return chat && payload.indexOf('"content"', from) < 0 ? "" : null;
  let i = at + key.length;
  while (payload.charCodeAt(i) === 0x20) i++;
  if (payload.startsWith("null", i)) return "";
  if (payload.charCodeAt(i) !== 0x22) return null;
  const end = stringEnd(payload, i + 1);
  if (end < 0) return null;
  const raw = payload.slice(i + 1, end);
  return raw.indexOf("\\") < 0 ? raw : (JSON.parse(payload.slice(i, end + 1)) as string);
}
