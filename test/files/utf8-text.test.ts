// Files a person writes are read as UTF-8 or refused at their first byte that is not: a plan, a write-up and the GPU
// table each say the file, the line and the column, where before the byte reached the pages as "\uFFFD".
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {NotUtf8, utf8Text} from "../../loaders/files/utf8-text.js";
import {GPUS_FILE, readGpuTable} from "../../loaders/headroom/gpus.js";

const root = mkdtempSync(join(tmpdir(), "tps-utf8-"));
afterAll(() => rmSync(root, {recursive: true, force: true}));

function refusal(bytes: Buffer): NotUtf8 {
  try {
    utf8Text(bytes);
  } catch (error) {
    if (error instanceof NotUtf8) return error;
    throw error;
  }
  throw new Error("read as UTF-8");
}

describe("utf8Text", () => {
  it("returns UTF-8 text as it is, a written U+FFFD and Turkish letters included", () => {
    const text = "title: İşlem hacmi\nnote: \uFFFD stands for a lost byte\n";
    expect(utf8Text(Buffer.from(text, "utf8"))).toBe(text);
  });

  it("names the first byte that is not UTF-8 by line and column, past a U+FFFD the file wrote itself", () => {
    // Line 3: "ş" in UTF-8 (2 bytes, 1 column), then "é" as Latin-1 writes it.
    const bytes = Buffer.concat([
      Buffer.from("a: 1\nb: \uFFFD\nc: ş", "utf8"),
      Buffer.from([0xe9]),
      Buffer.from("\n", "utf8")
    ]);
    expect(refusal(bytes)).toMatchObject({line: 3, column: 5, byte: 0xe9});
    expect(refusal(bytes).message).toBe("byte 0xE9 at column 5 is not UTF-8: save the file as UTF-8");
  });

  it("names the first byte of a character cut off by the end of the file", () => {
    // "€" is E2 82 AC; the file ends after its second byte.
    expect(refusal(Buffer.from([0x78, 0x0a, 0xe2, 0x82]))).toMatchObject({line: 2, column: 1, byte: 0xe2});
  });

  it("names a byte at the very start of the file", () => {
    expect(refusal(Buffer.from([0xfe, 0x41]))).toMatchObject({line: 1, column: 1, byte: 0xfe});
  });
});

describe("the GPU table", () => {
  it("saved in another encoding than UTF-8: its file, line and column", () => {
    const table = readFileSync(GPUS_FILE, "utf8");
    const line = table.split("\n").findIndex((l) => /^\s+name: /.test(l)) + 1;
    const lines = table.split("\n");
    lines[line - 1] = lines[line - 1].replace("name: ", "name: Caf\u00e9 ");
    const file = join(root, "gpus.yaml");
    writeFileSync(file, Buffer.from(lines.join("\n"), "latin1"));
    const column = lines[line - 1].indexOf("\u00e9") + 1;
    expect(() => readGpuTable(file)).toThrow(
      `${file}:${line}: byte 0xE9 at column ${column} is not UTF-8: save the file as UTF-8`
    );
  });
});
