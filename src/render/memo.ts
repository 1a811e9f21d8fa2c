// What an incremental build or dev drew before: a page is drawn again only when what it is drawn from (its input, the
// code, the run-set count) changed. The fragments themselves stay in the page store; the memo names them.
import {createHash} from "node:crypto";
import {readFileSync} from "node:fs";
import {writeFileAtomic} from "../../loaders/files/write-atomic.js";
import type {PageInfo} from "./page-fragments.js";

export interface MemoEntry {
  digest: string;
  title: string | null;
  text?: string;
}

/** The last build's state cannot be read: the build says so in one line and draws every page. */
export class ReuseError extends Error {}

export class Memo {
  private readonly last: Record<string, MemoEntry> = {};
  private readonly next: Record<string, MemoEntry> = {};
  // A page's two languages share their input: it is made into JSON and hashed once.
  private readonly inputs = new WeakMap<object, string>();

  /** `read`: take what the file holds (an incremental build, dev); else only write it for the next build. */
  constructor(
    readonly file: string,
    readonly version: string,
    read: boolean
  ) {
    if (!read) return;
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch {
      return;
    }
    try {
      const kept = JSON.parse(text) as {version: string; pages: Record<string, MemoEntry>};
      if (kept.version === version) this.last = kept.pages;
    } catch (error) {
      throw new ReuseError(`${file} is unreadable (${(error as Error).message})`);
    }
  }

  /** The page's key: null for a page drawn every time (one drawn from the whole study). */
  key(path: string, info: PageInfo): string | null {
    if (info.input == null) return null;
    let input: string;
    if (typeof info.input === "string") input = info.input;
    else {
      const object = info.input as object;
      input = this.inputs.get(object) ?? createHash("sha256").update(JSON.stringify(object)).digest("hex");
      this.inputs.set(object, input);
    }
    return createHash("sha256").update(`${this.version}\0${path}\0${input}`).digest("hex");
  }

  get(key: string | null): MemoEntry | undefined {
    const entry = key ? this.last[key] : undefined;
    if (entry && key) this.next[key] = entry;
    return entry;
  }

  set(key: string | null, entry: MemoEntry): void {
    if (key) this.next[key] = entry;
  }

  /** The page files the memo names, which the store keeps. */
  digests(): string[] {
    return Object.values(this.next).flatMap(({digest, text}) => (text ? [digest, text] : [digest]));
  }

  save(): void {
    writeFileAtomic(this.file, JSON.stringify({version: this.version, pages: this.next}));
  }
}
