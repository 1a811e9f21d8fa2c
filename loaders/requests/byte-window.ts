// A window over a file read in fixed pieces: the parser sees a few MB at a time, never the whole file.
import {closeSync, openSync, readSync} from "node:fs";

export class ByteWindow {
  buf: Buffer;
  pos = 0;
  end = 0;
  eof = false;
  /** Bytes dropped from the front of the window so far (pos + dropped = offset in the file). */
  dropped = 0;
  private readonly fd: number;

  constructor(
    readonly file: string,
    size = 1 << 20
  ) {
    this.fd = openSync(file, "r");
    this.buf = Buffer.allocUnsafe(size);
  }

  close(): void {
    closeSync(this.fd);
  }

  /** Reads more bytes, keeping those from `keep` on (moved to the front); false at the end of the file. */
  fill(keep = this.pos): boolean {
    if (this.eof) return false;
    const kept = this.end - keep;
    if (keep > 0) {
      this.buf.copy(this.buf, 0, keep, this.end);
      this.dropped += keep;
      this.pos -= keep;
      this.end = kept;
    }
    if (this.end === this.buf.length) {
      // One token is larger than the window: grow it rather than cut the token.
      const bigger = Buffer.allocUnsafe(this.buf.length * 2);
      this.buf.copy(bigger, 0, 0, this.end);
      this.buf = bigger;
    }
    const read = readSync(this.fd, this.buf, this.end, this.buf.length - this.end, null);
    if (read === 0) this.eof = true;
    this.end += read;
    return read > 0;
  }

  /** Makes at least `n` bytes available after pos unless the file ends first. */
  ensure(n: number): void {
    while (this.end - this.pos < n && this.fill()) {
      /* keep reading */
    }
  }
}
