/**
 * Checking a large thin Mach-O as it is inflated, with no temp file: its whole pages are hashed (SHA-1 and SHA-256)
 * as they stream by (or taken from the signer's hashes, see skip), and only what the verifier reads besides is kept in memory: the header and load commands, the
 * code signature, and the code's last partial page. The verifier then compares the CodeDirectories' page hashes with
 * these (verifyMachOSource's `pages`): one pass over the content instead of writing it out and reading it twice.
 * Anything else (a fat file, a header that does not fit the first piece, no signature) goes to a file as before.
 */
import crypto from "node:crypto";
import { corrupt, guardCorrupt, parseThin } from "@gryx/apple/macho";
import { isAppleError } from "@gryx/apple/errors";
import { PAGE_SIZE } from "./codedirectory";
import type { ByteSource } from "./macho-source";
import type { PageHashes } from "./macho-sign";

/** Hashes of the pages [0, count) of a file, `pageSize` bytes each, computed as it was read. */
export interface StreamedPages {
  pageSize: number;
  count: number;
  /** Absent when pages were skipped with SHA-256 hashes only: a SHA-1 directory is then checked against nothing. */
  sha1?: Buffer;
  sha256: Buffer;
}

/** What skip() reads at a time when it cannot skip. */
const CHUNK = 1024 * 1024;

/** The most of a signature kept in memory (real ones are a few MiB at most). */
const MAX_SIGNATURE = 32 * 1024 * 1024;

interface Region {
  at: number;
  bytes: Buffer;
}

/** The regions of a file that were kept; a read outside them is an error (the verifier reads nothing else). */
class KeptSource implements ByteSource {
  constructor(
    readonly size: number,
    private readonly regions: readonly Region[],
  ) {}

  read(pos: number, len: number): Buffer {
    for (const r of this.regions)
      if (pos >= r.at && pos + len <= r.at + r.bytes.length) return r.bytes.subarray(pos - r.at, pos - r.at + len);
    return corrupt(`read ${pos}+${len} outside the parts kept of a streamed file`);
  }
}

export class PageStreamer {
  private readonly sha1: Buffer;
  private readonly sha256: Buffer;
  private readonly carry = Buffer.allocUnsafe(PAGE_SIZE);
  private carried = 0;
  private page = 0;
  private at = 0;
  /** Every page's SHA-1 is in the table (skip() may take pages with SHA-256 hashes only). */
  private sha1Known = true;

  private constructor(
    private readonly size: number,
    private readonly count: number,
    private readonly regions: Region[],
  ) {
    this.sha1 = Buffer.alloc(count * 20);
    this.sha256 = Buffer.alloc(count * 32);
  }

  /**
   * A streamer for a file of `size` bytes whose content starts with `first`, or undefined when it is not a thin,
   * signed Mach-O whose header and load commands lie in `first` (then the caller writes the file out instead).
   */
  static start(first: Buffer, size: number): PageStreamer | undefined {
    let m;
    try {
      m = guardCorrupt(() => parseThin(first, size));
    } catch (e) {
      if (isAppleError(e)) return undefined;
      throw e;
    }
    const cs = m.codeSignature;
    if (!cs || cs.datasize === 0 || cs.datasize > MAX_SIGNATURE || cs.dataoff + cs.datasize > size) return undefined;
    const count = Math.floor(cs.dataoff / PAGE_SIZE);
    const regions: Region[] = [
      { at: 0, bytes: Buffer.from(first.subarray(0, m.headerSize + m.sizeofcmds)) },
      { at: cs.dataoff, bytes: Buffer.alloc(cs.datasize) },
    ];
    if (cs.dataoff > count * PAGE_SIZE)
      regions.push({ at: count * PAGE_SIZE, bytes: Buffer.alloc(cs.dataoff - count * PAGE_SIZE) });
    return new PageStreamer(size, count, regions);
  }

  /** The next piece of the content, in order. */
  push(piece: Buffer): void {
    const at = this.at;
    this.at += piece.length;
    for (const r of this.regions) {
      const from = Math.max(at, r.at);
      const to = Math.min(this.at, r.at + r.bytes.length);
      if (from < to) piece.copy(r.bytes, from - r.at, from - at, to - at);
    }
    let off = 0;
    if (this.carried > 0) {
      off = Math.min(piece.length, PAGE_SIZE - this.carried);
      piece.copy(this.carry, this.carried, 0, off);
      this.carried += off;
      if (this.carried < PAGE_SIZE) return;
      this.hashPage(this.carry);
      this.carried = 0;
    }
    while (this.page < this.count && piece.length - off >= PAGE_SIZE) {
      this.hashPage(piece.subarray(off, off + PAGE_SIZE));
      off += PAGE_SIZE;
    }
    if (this.page < this.count && off < piece.length) {
      piece.copy(this.carry, 0, off);
      this.carried = piece.length - off;
    }
  }

  /**
   * The next `length` bytes of the content without hashing its whole pages: their hashes are taken from `known`
   * (indexed by page, as a CodeDirectory lists them); `read(pos, len)` gives the bytes of pages that are partly in the
   * range and of the parts the streamer keeps.
   */
  skip(length: number, known: PageHashes, read: (pos: number, len: number) => Buffer): void {
    const end = this.at + length;
    const firstWhole = Math.ceil(this.at / PAGE_SIZE);
    const lastWhole = Math.min(Math.floor(end / PAGE_SIZE), this.count);
    if (this.at < firstWhole * PAGE_SIZE) this.push(read(this.at, Math.min(end, firstWhole * PAGE_SIZE) - this.at));
    if (
      this.page !== firstWhole ||
      firstWhole >= lastWhole ||
      (known.sha1 && known.sha1.length < lastWhole * 20) ||
      known.sha256.length < lastWhole * 32
    ) {
      // No whole page to skip (or none known): read the rest.
      for (let pos = this.at; pos < end; pos += CHUNK) this.push(read(pos, Math.min(CHUNK, end - pos)));
      return;
    }
    for (const r of this.regions) {
      const from = Math.max(this.at, r.at);
      const to = Math.min(lastWhole * PAGE_SIZE, r.at + r.bytes.length);
      if (from < to) read(from, to - from).copy(r.bytes, from - r.at);
    }
    if (known.sha1) known.sha1.copy(this.sha1, firstWhole * 20, firstWhole * 20, lastWhole * 20);
    else this.sha1Known = false;
    known.sha256.copy(this.sha256, firstWhole * 32, firstWhole * 32, lastWhole * 32);
    this.page = lastWhole;
    this.at = lastWhole * PAGE_SIZE;
    if (this.at < end) this.push(read(this.at, end - this.at));
  }

  private hashPage(page: Buffer): void {
    if (this.page >= this.count) return;
    crypto.hash("sha1", page, "buffer").copy(this.sha1, this.page * 20);
    crypto.hash("sha256", page, "buffer").copy(this.sha256, this.page * 32);
    this.page++;
  }

  /** After the last piece: the kept parts as a source, and the page hashes. */
  finish(): { source: ByteSource; pages: StreamedPages } {
    if (this.at !== this.size || this.page !== this.count) corrupt("streamed file ended early");
    return {
      source: new KeptSource(this.size, this.regions),
      pages: {
        pageSize: PAGE_SIZE,
        count: this.count,
        ...(this.sha1Known ? { sha1: this.sha1 } : {}),
        sha256: this.sha256,
      },
    };
  }
}
