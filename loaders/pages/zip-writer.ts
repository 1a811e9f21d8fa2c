// The page archives' ZIP writer over fflate: entries go out as they come, only the directory stays in memory.
import {deflateRawSync} from "node:zlib";
import {Zip, ZipPassThrough} from "fflate";

/** fflate writes no ZIP64: past these, offsets and counts would wrap into a damaged archive. */
const MAX_BYTES = 0xffffffff;
const MAX_ENTRIES = 0xffff;

/** A whole entry deflated by Node's zlib (fflate's own deflate took 3.5× as long on the run archive's pages). */
class ZlibEntry extends ZipPassThrough {
  constructor(name: string) {
    super(name);
    this.compression = 8;
    // 1980-01-01 00:00 made from local fields when used, as fflate reads them back: the same data, the same bytes.
    this.mtime = new Date(1980, 0, 1);
  }

  protected override process(chunk: Uint8Array<ArrayBuffer>, final: boolean): void {
    if (!final) throw new Error("zip: an entry is deflated whole, in one chunk");
    this.ondata(null, deflateRawSync(chunk, {level: 6}), final);
  }
}

export class ZipWriter {
  private readonly zip: Zip;
  private bytes = 0;
  private entries = 0;

  constructor(write: (chunk: Buffer) => void) {
    this.zip = new Zip((error, chunk) => {
      if (error) throw error;
      this.bytes += chunk.length;
      if (this.bytes > MAX_BYTES) throw new Error("archive too large for ZIP without ZIP64");
      write(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    });
  }

  add(name: string, data: Uint8Array): void {
    if (++this.entries > MAX_ENTRIES) throw new Error("archive has too many entries for ZIP without ZIP64");
    const entry = new ZlibEntry(name);
    this.zip.add(entry);
    entry.push(data, true);
  }

  finish(): void {
    this.zip.end();
  }
}
