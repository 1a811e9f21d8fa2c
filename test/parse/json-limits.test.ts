// checkJsonLimits at its edges, where counting brackets and colons decides whether the character scan runs at all.
import {describe, expect, it} from "vitest";
import {checkJsonLimits, JsonLimitError} from "../../loaders/parse/json-text.js";

/** The offset checkJsonLimits reports, or null when the text passes. */
function refusedAt(text: string): {message: string; offset: number} | null {
  try {
    checkJsonLimits(text);
    return null;
  } catch (error) {
    if (!(error instanceof JsonLimitError)) throw error;
    return {message: error.message, offset: error.offset};
  }
}

const nested = (objects: number, arrays: number) =>
  `${'{"a":'.repeat(objects)}${"[".repeat(arrays)}1${"]".repeat(arrays)}${"}".repeat(objects)}`;
const wide = (keys: number) => `{${Array.from({length: keys}, (_, i) => `"k${i}":${i}`).join(",")}}`;

describe("JSON limits", () => {
  it("64 levels pass and the 65th container is refused at its own offset, objects and arrays mixed", () => {
    expect(refusedAt(nested(40, 24))).toBeNull();
    expect(refusedAt(nested(64, 0))).toBeNull();
    expect(refusedAt(nested(0, 64))).toBeNull();
    // 40 objects of '{"a":' (5 characters each), then 24 '[' at 200…223: the 25th '[' at 224 is the 65th level.
    expect(refusedAt(nested(40, 25))).toEqual({message: "nested more than 64 levels deep", offset: 224});
    expect(refusedAt(nested(65, 0))).toEqual({message: "nested more than 64 levels deep", offset: 320});
  });

  it("brackets and colons inside strings count for nothing, and 65 containers side by side are 2 levels", () => {
    const brackets = `{"s":"${"{[".repeat(100)}","t":"${":".repeat(20_000)}"}`;
    expect(refusedAt(brackets)).toBeNull();
    expect(refusedAt(`[${Array.from({length: 65}, () => "{}").join(",")}]`)).toBeNull();
    expect(refusedAt(`{"x":"\\"{{{",${nested(63, 0).slice(1)}`)).toBeNull();
  });

  it("10,000 keys in one object pass; the 10,001st is refused at its colon", () => {
    expect(refusedAt(wide(10_000))).toBeNull();
    const text = wide(10_001);
    expect(refusedAt(text)).toEqual({
      message: "an object with more than 10000 keys",
      offset: text.indexOf('"k10000":') + '"k10000"'.length
    });
    // 20,000 keys over two objects: neither passes the limit.
    expect(refusedAt(`[${wide(10_000)},${wide(10_000)}]`)).toBeNull();
  });
});
