// The fast block-style YAML reader gives what the `yaml` package gives, or null so that the package reads the text.
import {readFileSync} from "node:fs";
import {LineCounter, isMap, isPair, isSeq, parseDocument, stringify} from "yaml";
import {describe, expect, it} from "vitest";
import {readGpuTable} from "../../loaders/headroom/gpus.js";
import {readBlockYaml} from "../../loaders/study/block-yaml.js";
import {parseStudyPlan, PlanError} from "../../loaders/study/plan.js";

const SEED = "data/studies/qwen3-32b-a100/study.yaml";
const seedText = readFileSync(SEED, "utf8");
/** The seed plan written in block style (no flow collections, no folded lines): the subset the fast reader takes. */
const blockText = `# The seed study in block style.\n${stringify(parseDocument(seedText).toJSON(), {lineWidth: 0, flowCollectionPadding: false})}`;
/** A tab in a comment is valid YAML outside the subset: the same text, read by the `yaml` package. */
const viaYaml = (text: string) => `${text}# read by yaml\t\n`;

/** Every node's line, depth first, as the reader or the package placed it. */
function nodeLines(root: unknown, lineCounter: LineCounter): number[] {
  const lines: number[] = [];
  const walk = (node: unknown) => {
    const range = (node as {range?: number[]})?.range;
    lines.push(range ? lineCounter.linePos(range[0]).line : -1);
    if (isMap(node) || isSeq(node))
      for (const item of node.items as unknown[])
        if (isPair(item)) {
          walk(item.key);
          walk(item.value);
        } else walk(item);
  };
  walk(root);
  return lines;
}

function sameAsYaml(text: string): void {
  const fast = readBlockYaml(text);
  expect(fast).not.toBeNull();
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, {lineCounter});
  expect(doc.errors).toEqual([]);
  expect(fast!.root.toJSON()).toEqual(doc.toJSON());
  expect(nodeLines(fast!.root, fast!.lineCounter)).toEqual(nodeLines(doc.contents, lineCounter));
}

describe("readBlockYaml", () => {
  it("reads the seed plan in block style as the yaml package does, values and node lines", () => {
    expect(blockText).not.toMatch(/(?::|-) [[{]/);
    sameAsYaml(blockText);
  });

  it("resolves plain scalars by the core schema", () => {
    const text = [
      "a: 50,90,95,99",
      "b: 1.0",
      "c: -13.8",
      "d: 0012",
      "e: null",
      "f: True",
      "g: 'it''s'",
      'h: "{model}"',
      "i: v0.11.0",
      "j: a:b # a comment",
      "k: 312.0e+12",
      "l: ~",
      "m: --max_num_tokens=16384",
      "n: x, y [z]",
      "o: [a, 2, b c]",
      "p: {en: E, tr: T}",
      "q: []",
      "s:",
      "- 1",
      "- two",
      "t:",
      "  - u: 1",
      "    v: [w]",
      "  - 3",
      ""
    ].join("\n");
    sameAsYaml(text);
    expect(readBlockYaml(text)!.root.toJSON()).toMatchObject({a: "50,90,95,99", b: 1, d: 12, f: true, g: "it's"});
  });

  it.each([
    ["an anchor", "a: &x 1\nb: *x\n"],
    ["a block scalar", "a: |\n  text\n"],
    ["a multi-line plain scalar", "a: one\n  two\n"],
    ["a tab", "a:\t1\n"],
    ["an empty value", "a:\nb: 1\n"],
    ["a duplicate key", "a: 1\na: 2\n"],
    ["a hex integer", "a: 0x1F\n"],
    ["infinity", "a: .inf\n"],
    ["a nested flow collection", "a: {b: [c]}\n"],
    ["a flow collection over lines", "a: [b,\n  c]\n"],
    ["an escaped double-quoted string", 'a: "b\\n"\n'],
    ["a document marker", "---\na: 1\n"],
    ["a quoted key", '"a": 1\n'],
    ["a boolean key", "true: 1\n"],
    ["a top-level list", "- a\n"],
    ["a compact nested mapping", "a: b: c\n"]
  ])("leaves %s to the yaml package", (_, text) => {
    expect(readBlockYaml(text)).toBeNull();
  });
});

describe("parseStudyPlan through the fast reader", () => {
  it("gives the plan the yaml package gives, claim lines included", () => {
    expect(readBlockYaml(blockText)).not.toBeNull();
    expect(readBlockYaml(viaYaml(blockText))).toBeNull();
    expect(parseStudyPlan(blockText, SEED, "d")).toEqual(parseStudyPlan(viaYaml(blockText), SEED, "d"));
  });

  it("raises a plan fault with the yaml package's line", () => {
    const broken = blockText.replace(/num_prompts: 500/, "num_prompts: -1");
    const error = (text: string) => {
      try {
        parseStudyPlan(text, SEED, "d");
      } catch (e) {
        return e as PlanError;
      }
      throw new Error("no error");
    };
    const fast = error(broken);
    expect(fast).toBeInstanceOf(PlanError);
    expect(fast.message).toBe(error(viaYaml(broken)).message);
    expect(fast.line).toBe(blockText.split("\n").findIndex((l) => l.includes("num_prompts: 500")) + 1);
  });
});

describe("GPU table through the fast reader", () => {
  it("reads data/gpus/gpus.yaml in the subset, as the yaml package reads it", () => {
    const text = readFileSync("data/gpus/gpus.yaml", "utf8");
    expect(readBlockYaml(text)).not.toBeNull();
    expect(readBlockYaml(text)!.root.toJSON()).toEqual(parseDocument(text).toJS());
    expect(readGpuTable().find((g) => g.id === "a100-sxm4-80gb")?.bf16Flops.value).toBe(312e12);
  });
});
