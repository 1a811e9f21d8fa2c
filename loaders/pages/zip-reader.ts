// Reads one entry of a ZIP written by ZipWriter (stored or deflated, no ZIP64), through its central directory.
import {inflateRawSync} from "node:zlib";

export function zipEntryNames(zip: Buffer): string[] {
  return directory(zip).map((e) => e.name);
}

export function readZipEntry(zip: Buffer, name: string): Buffer | null {
  const entry = directory(zip).find((e) => e.name === name);
  if (!entry) return null;
  const at = entry.offset;
  if (zip.readUInt32LE(at) !== 0x04034b50) throw new Error(`zip: no local header for ${name}`);
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  const data = zip.subarray(start, start + entry.compressed);
  return entry.method === 8 ? inflateRawSync(data) : Buffer.from(data);
}

function directory(zip: Buffer): {name: string; offset: number; compressed: number; method: number}[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error("zip: no end of central directory");
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const out = [];
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error("zip: damaged central directory");
    const nameLength = zip.readUInt16LE(at + 28);
    out.push({
      name: zip.toString("utf8", at + 46, at + 46 + nameLength),
      method: zip.readUInt16LE(at + 10),
      compressed: zip.readUInt32LE(at + 20),
      offset: zip.readUInt32LE(at + 42)
    });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return out;
}
