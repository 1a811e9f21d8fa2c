// Files a person writes (plans, write-ups, the GPU table) are UTF-8 or refused: a byte of another encoding would
// otherwise reach every page as "\uFFFD", and a heading it breaks would no longer be recognized.
import {isUtf8} from "node:buffer";

/** Where a file stops being UTF-8: its first such byte, by 1-based line and column. */
export class NotUtf8 extends Error {
  constructor(
    readonly line: number,
    readonly column: number,
    readonly byte: number
  ) {
    super(
      `byte 0x${byte.toString(16).toUpperCase().padStart(2, "0")} at column ${column} is not UTF-8: save the file as UTF-8`
    );
  }
}

/** The bytes as text, or NotUtf8 at the first byte that is not part of a UTF-8 character. */
export function utf8Text(bytes: Buffer): string {
  const text = bytes.toString("utf8");
  if (isUtf8(bytes)) return text;
  // Each "\uFFFD" is a byte that is not UTF-8, unless the file wrote that character itself (EF BF BD).
  let offset = 0;
  let from = 0;
  for (let at = text.indexOf("\uFFFD"); at >= 0; at = text.indexOf("\uFFFD", at + 1)) {
    offset += Buffer.byteLength(text.slice(from, at));
    if (bytes[offset] !== 0xef || bytes[offset + 1] !== 0xbf || bytes[offset + 2] !== 0xbd) break;
    offset += 3;
    from = at + 1;
  }
  const before = bytes.subarray(0, offset).toString("utf8").split("\n");
  throw new NotUtf8(before.length, [...before.at(-1)!].length + 1, bytes[offset]);
}

/** The bytes as text, or the error `refuse` makes of the first byte that is not UTF-8: its line, and the problem. */
export function utf8TextOr(bytes: Buffer, refuse: (line: number, problem: string) => Error): string {
  try {
    return utf8Text(bytes);
  } catch (error) {
    if (error instanceof NotUtf8) throw refuse(error.line, error.message);
    throw error;
  }
}
