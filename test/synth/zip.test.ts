// The run archive's ZIP writer: entries round-trip, CRC-32 is the standard one, bytes are reproducible.
import {describe, expect, it} from "vitest";
import {readZipEntry, zipEntryNames} from "../../loaders/pages/zip-reader.js";
import {crc32, ZipWriter} from "../../loaders/pages/zip-writer.js";

function zip(entries: [string, string][]): Buffer {
  const parts: Buffer[] = [];
  const writer = new ZipWriter((chunk) => parts.push(chunk));
  for (const [name, text] of entries) writer.add(name, Buffer.from(text));
  writer.finish();
  return Buffer.concat(parts);
}

describe("ZipWriter", () => {
  it("writes entries that read back, in order, with UTF-8 names", () => {
    const entries: [string, string][] = [
      ["a.json", '{"x": 1}'],
      ["çalışma--b.json", "x".repeat(100_000)],
      ["empty.json", ""]
    ];
    const archive = zip(entries);
    expect(zipEntryNames(archive)).toEqual(entries.map(([name]) => name));
    for (const [name, text] of entries) expect(readZipEntry(archive, name)!.toString()).toBe(text);
    expect(readZipEntry(archive, "missing.json")).toBeNull();
    expect(archive.length).toBeLessThan(1000);
  });

  it("computes the standard CRC-32 and the same bytes for the same entries", () => {
    expect(crc32(Buffer.from("123456789")).toString(16)).toBe("cbf43926");
    expect(zip([["a", "b"]]).equals(zip([["a", "b"]]))).toBe(true);
  });
});
