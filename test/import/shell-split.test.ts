// A command line a result file states (AIPerf's input_config.cli_command) read back as the argv it ran: exactly, or
// not at all where the line uses shell syntax whose meaning depends on the shell that ran it.
import {describe, expect, it} from "vitest";
import {shellSplit} from "../../loaders/command/shell-split.js";
import {shellLine} from "../../loaders/command/shell-quote.js";

describe("shellSplit", () => {
  it("reads bare and single-quoted words", () => {
    expect(shellSplit("aiperf profile --model 'm:q4' --url 'http://h:8080'  --streaming")).toEqual([
      "aiperf",
      "profile",
      "--model",
      "m:q4",
      "--url",
      "http://h:8080",
      "--streaming"
    ]);
  });

  it("joins adjacent parts into one word, and reads the '\\'' idiom as a quote", () => {
    expect(shellSplit("--x='a b'c 'it'\\''s' ''")).toEqual(["--x=a bc", "it's", ""]);
  });

  it("reads back every line shellLine writes", () => {
    const argv = ["a b", "it's", "", "--k=v", "ü", "$HOME", "x\ny"];
    expect(shellSplit(shellLine(argv))).toEqual(argv);
  });

  it("gives null for syntax whose meaning depends on the shell", () => {
    for (const line of ['a "b c"', "a $HOME", "a `b`", "a; b", "a | b", "a *", "a 'b", "a\\ b", "~/x", "a\nb"])
      expect(shellSplit(line)).toBeNull();
  });
});
