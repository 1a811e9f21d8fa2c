// The build's renderer runs from a bundle of the sources: it must run as the sources do (each module still finds files
// beside itself), and be made again whenever one of them changed, never served stale.
import {execFileSync} from "node:child_process";
import {mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {entryArgs, rendererBundle} from "../../src/render/renderer-bundle.js";

const root = mkdtempSync(join(tmpdir(), "tps-renderer-bundle-"));
afterAll(() => rmSync(root, {recursive: true, force: true}));

const write = (path: string, text: string) => {
  mkdirSync(join(root, path, ".."), {recursive: true});
  writeFileSync(join(root, path), text);
};
write("loaders/shape/where.ts", `export const where: string = import.meta.dirname;\nexport const word = "one";\n`);
write(
  "src/render/main.ts",
  `import {readFileSync} from "node:fs";\nimport {join} from "node:path";\nimport {where, word} from "../../loaders/shape/where.js";\n` +
    `console.log(JSON.stringify({where, word, beside: readFileSync(join(where, "beside.txt"), "utf8")}));\n`
);
write("loaders/shape/beside.txt", "found");
const runBundle = (file: string) => JSON.parse(execFileSync(process.execPath, [file], {encoding: "utf8"}));

describe("the renderer's bundle", () => {
  it("runs as the sources do: a module's own folder is still its own", async () => {
    const file = await rendererBundle(root, "src/render/main.ts");
    expect(runBundle(file)).toEqual({where: join(root, "loaders/shape"), word: "one", beside: "found"});
  });

  it("is kept while no source changed, and made again when one did", async () => {
    const file = await rendererBundle(root, "src/render/main.ts");
    const made = statSync(file).mtimeMs;
    expect(await rendererBundle(root, "src/render/main.ts")).toBe(file);
    expect(statSync(file).mtimeMs).toBe(made);
    // Same size, a later time: a source edited in place.
    write("loaders/shape/where.ts", `export const where: string = import.meta.dirname;\nexport const word = "two";\n`);
    utimesSync(join(root, "loaders/shape/where.ts"), new Date(), new Date(Date.now() + 5000));
    await rendererBundle(root, "src/render/main.ts");
    expect(runBundle(file).word).toBe("two");
  });

  it("is made again when the list of what it holds is cut short", async () => {
    const file = await rendererBundle(root, "src/render/main.ts");
    const list = file.replace(/\.mjs$/, ".json");
    writeFileSync(list, readFileSync(list, "utf8").slice(0, 10));
    write("loaders/shape/where.ts", `export const where: string = import.meta.dirname;\nexport const word = "six";\n`);
    await rendererBundle(root, "src/render/main.ts");
    expect(runBundle(file).word).toBe("six");
  });

  it("fails on a source esbuild cannot read, so the build falls back to tsx", async () => {
    write("src/render/broken.ts", "export const = ;\n");
    await expect(rendererBundle(root, "src/render/broken.ts")).rejects.toThrow();
    expect(await entryArgs(root, "src/render/broken.ts")).toEqual([
      "--import",
      "tsx",
      join(root, "src/render/broken.ts")
    ]);
    expect(await entryArgs(root, "src/render/main.ts")).toEqual([await rendererBundle(root, "src/render/main.ts")]);
  });
});
