// The page archives' ZIP writer: entries read back through JSZip (the reader Framework extracts archive members with),
// CRC-32 is the standard one, and the bytes depend on the entries only, not on the clock or the time zone.
import JSZip from "jszip";
import {afterEach, describe, expect, it, vi} from "vitest";
import {ZipWriter} from "../../loaders/pages/zip-writer.js";

function zip(entries: [string, string][]): Buffer {
  const parts: Buffer[] = [];
  const writer = new ZipWriter((chunk) => parts.push(chunk));
  for (const [name, text] of entries) writer.add(name, Buffer.from(text));
  writer.finish();
  return Buffer.concat(parts);
}

/** The first central directory header's fields (no archive comment, so the end record is the last 22 bytes). */
function centralEntry(archive: Buffer): {time: number; date: number; crc: number; method: number} {
  const at = archive.readUInt32LE(archive.length - 22 + 16);
  expect(archive.readUInt32LE(at)).toBe(0x02014b50);
  return {
    method: archive.readUInt16LE(at + 10),
    time: archive.readUInt16LE(at + 12),
    date: archive.readUInt16LE(at + 14),
    crc: archive.readUInt32LE(at + 16)
  };
}

describe("ZipWriter", () => {
  const zone = process.env.TZ;
  afterEach(() => {
    vi.useRealTimers();
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it("writes entries that Framework's reader reads back, in order, with UTF-8 names", async () => {
    const entries: [string, string][] = [
      ["a.json", '{"x": 1}'],
      ["çalışma--b.json", "x".repeat(100_000)],
      ["empty.json", ""]
    ];
    const archive = zip(entries);
    const read = await JSZip.loadAsync(archive, {checkCRC32: true});
    expect(Object.keys(read.files)).toEqual(entries.map(([name]) => name));
    for (const [name, text] of entries) expect(await read.file(name)!.async("string")).toBe(text);
    expect(read.file("missing.json")).toBeNull();
    expect(archive.length).toBeLessThan(1000);
  });

  it("stores the standard CRC-32, deflated, dated 1980-01-01 00:00", () => {
    // DOS date: (1980 - 1980) << 9 | 1 << 5 | 1 = 0x21; time 00:00:00 = 0.
    expect(centralEntry(zip([["a", "123456789"]]))).toEqual({method: 8, time: 0, date: 0x21, crc: 0xcbf43926});
  });

  it("writes the same bytes for the same entries, whatever the clock and the time zone", () => {
    const entries: [string, string][] = [["a.json", '{"b": 1}']];
    process.env.TZ = "UTC";
    vi.useFakeTimers({now: new Date("2026-06-01T12:34:56Z")});
    const first = zip(entries);
    process.env.TZ = "Pacific/Kiritimati";
    vi.setSystemTime(new Date("2031-02-03T04:05:06Z"));
    expect(zip(entries).equals(first)).toBe(true);
    process.env.TZ = "America/Los_Angeles";
    expect(zip(entries).equals(first)).toBe(true);
  });
});
