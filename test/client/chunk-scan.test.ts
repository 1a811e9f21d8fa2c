import {describe, expect, it} from "vitest";
import {choiceText} from "../../loaders/client/chunk-scan.js";

const chat = (delta: unknown, extra = ""): string =>
  `{"id":"c","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":${JSON.stringify(delta)},"logprobs":null,"finish_reason":null}]${extra}}`;

describe("token chunk scan", () => {
  it("reads the first choice's text as JSON.parse would", () => {
    const texts = [" the", "", "é中文😀", 'he said "hi"\n\ttab \\ back', "\u0000\u001f", "</s>"];
    for (const text of texts) {
      expect(choiceText(chat({content: text}), true)).toBe(text);
      const completion = `{"id":"x","object":"text_completion","choices":[{"index":0,"text":${JSON.stringify(text)},"logprobs":null,"finish_reason":null}]}`;
      expect(choiceText(completion, false)).toBe(text);
    }
  });

  it("treats role-only, null-content and reasoning deltas as choice chunks", () => {
    expect(choiceText(chat({role: "assistant", content: ""}), true)).toBe("");
    expect(choiceText(chat({role: "assistant"}), true)).toBe("");
    expect(choiceText(chat({content: null, reasoning_content: "think"}), true)).toBe("");
    expect(choiceText(chat({reasoning_content: "x", content: "y"}), true)).toBe("y");
  });

  it("leaves usage, errors and unusual shapes to the full parser", () => {
    expect(choiceText('{"id":"c","choices":[],"usage":{"prompt_tokens":3,"completion_tokens":2}}', true)).toBeNull();
    expect(choiceText(chat({content: "a"}, ',"usage":{"completion_tokens":1}'), true)).toBeNull();
    expect(choiceText('{"error":{"message":"boom"}}', true)).toBeNull();
    expect(choiceText('{"choices": [{"delta": {"content": "spaced"}}]}', true)).toBeNull();
    expect(choiceText('{"choices":[{"delta":{"content":["part"]}}]}', true)).toBeNull();
  });
});
