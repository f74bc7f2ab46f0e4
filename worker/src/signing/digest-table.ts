/**
 * Digests of an app's files, packed: an app of 200,000 files would otherwise keep 400,000 small
 * Buffers, as many objects and a Map of 200,000 name strings alive for the signer's seals and the
 * verifier's checks.
 *
 * - DigestTable: by archive path, one fixed-size record per entry of a zip (the reader's entry
 *   index is the key, the reader keeps the names), plus a few rows for names the archive does
 *   not hold (files signing adds).
 * - KnownDigests: what the signer hashed of its own output, by where each entry sits in it (local
 *   header offset, sizes, method, CRC): the self-verification takes these instead of hashing the
 *   same bytes again. No names: the place identifies the bytes that were hashed.
 * - PlaceLog: where the signer wrote each entry it hashed, appended in writing order to a file (or, for
 *   tests, memory): the self-verification reads it back in the same order, so an app of 200,000 files
 *   keeps only its digests in memory (53 bytes an entry, not 82).
 */
import fs from "node:fs";
import { GcEvery } from "@gryx/apple/zip/collect";

export interface Digests {
  /** Absent when only SHA-256 was computed (the verifier's large files). */
  sha1?: Buffer;
  sha256: Buffer;
}

export interface EntryPlace {
  localHeaderOffset: number;
  method: number;
  crc32: number;
  compressedSize: number;
  uncompressedSize: number;
}

/** The names of an archive's entries (a ZipReader). */
export interface EntryNames {
  readonly count: number;
  indexOf(name: string): number;
  nameAt(i: number): string;
}

/** Roughly what walking one entry leaves for the collector (see GcEvery). */
const ENTRY_GARBAGE = 512;

/** Record: sha1 (20), sha256 (32), flags (1). */
const REC = 53;
const SET = 1;
const HAS_SHA1 = 2;
const HAS_PLACE = 4;

function writeDigests(s: Buffer, at: number, d: Digests, flags: number): void {
  s.fill(0, at, at + 20);
  if (d.sha1) d.sha1.copy(s, at, 0, 20);
  d.sha256.copy(s, at + 20, 0, 32);
  s[at + 52] = flags | SET | (d.sha1 ? HAS_SHA1 : 0);
}

/** Views into the table (no copy): valid while the table lives, for callers that use them at once (a seal's writer). */
function viewDigests(s: Buffer, at: number): Digests {
  const sha256 = s.subarray(at + 20, at + 52);
  return s[at + 52]! & HAS_SHA1 ? { sha1: s.subarray(at, at + 20), sha256 } : { sha256 };
}

/** `buf` if it holds `bytes`, else a zero-filled copy at least twice as large (the packed tables grow by it). */
export function withRoom<T extends Buffer | Uint32Array>(buf: T, bytes: number): T {
  if (bytes <= buf.byteLength) return buf;
  const size = Math.max(bytes, buf.byteLength * 2) / buf.BYTES_PER_ELEMENT;
  const bigger = (Buffer.isBuffer(buf) ? Buffer.alloc(size) : new Uint32Array(Math.ceil(size))) as T;
  bigger.set(buf);
  return bigger;
}

/** Place record: row (4), method (1), crc32 (4), offset, compressed, uncompressed (3 × 8). */
const PLACE = 33;
/** Place records are written and read through a window of this many. */
const PLACE_WINDOW = 2048;

/**
 * Places of entries, appended in the order they were written and read back by that order (sequential reads, one
 * window at a time). Backed by a file the caller owns (its directory is removed with the signing run), or by memory.
 */
export class PlaceLog {
  private window = Buffer.alloc(PLACE_WINDOW * PLACE);
  /** First record in the window, and how many of them it holds (written but not yet flushed, or read). */
  private windowStart = 0;
  private windowCount = 0;
  private writing = true;
  private mem: Buffer | undefined;
  private count_ = 0;

  private constructor(private fd: number | undefined) {
    if (fd === undefined) this.mem = Buffer.alloc(16 * PLACE);
  }

  /** A log in a new file at `file` (truncated if it exists). */
  static inFile(file: string): PlaceLog {
    return new PlaceLog(fs.openSync(file, "w+"));
  }

  static inMemory(): PlaceLog {
    return new PlaceLog(undefined);
  }

  get count(): number {
    return this.count_;
  }

  append(row: number, p: EntryPlace): void {
    if (!this.writing) throw new Error("PlaceLog: appended after it was read");
    if (this.mem) {
      this.mem = withRoom(this.mem, (this.count_ + 1) * PLACE);
      encodePlace(this.mem, this.count_ * PLACE, row, p);
    } else {
      if (this.windowCount === PLACE_WINDOW) this.flush();
      encodePlace(this.window, this.windowCount++ * PLACE, row, p);
    }
    this.count_++;
  }

  /** Record `k` (in appending order): the row it was appended with, and the place. */
  read(k: number): { row: number; place: EntryPlace } {
    if (this.writing) {
      this.flush();
      this.writing = false;
    }
    if (this.mem) return decodePlace(this.mem, k * PLACE);
    if (k < this.windowStart || k >= this.windowStart + this.windowCount) {
      const n = Math.min(PLACE_WINDOW, this.count_ - k);
      const bytes = n * PLACE;
      for (let done = 0; done < bytes;) {
        const r = fs.readSync(this.fd!, this.window, done, bytes - done, k * PLACE + done);
        if (r === 0) throw new Error("PlaceLog: file truncated");
        done += r;
      }
      this.windowStart = k;
      this.windowCount = n;
    }
    return decodePlace(this.window, (k - this.windowStart) * PLACE);
  }

  /** Closes the file (the caller removes it). */
  close(): void {
    if (this.fd !== undefined) fs.closeSync(this.fd);
    this.fd = undefined;
    this.mem = undefined;
  }

  private flush(): void {
    if (this.fd === undefined || !this.writing || this.windowCount === 0) return;
    const bytes = this.windowCount * PLACE;
    const at = (this.count_ - this.windowCount) * PLACE;
    for (let done = 0; done < bytes;) done += fs.writeSync(this.fd, this.window, done, bytes - done, at + done);
    this.windowCount = 0;
  }
}

function encodePlace(s: Buffer, at: number, row: number, p: EntryPlace): void {
  s.writeUInt32LE(row, at);
  s[at + 4] = p.method;
  s.writeUInt32LE(p.crc32 >>> 0, at + 5);
  s.writeDoubleLE(p.localHeaderOffset, at + 9);
  s.writeDoubleLE(p.compressedSize, at + 17);
  s.writeDoubleLE(p.uncompressedSize, at + 25);
}

function decodePlace(s: Buffer, at: number): { row: number; place: EntryPlace } {
  return {
    row: s.readUInt32LE(at),
    place: {
      method: s[at + 4]!,
      crc32: s.readUInt32LE(at + 5),
      localHeaderOffset: s.readDoubleLE(at + 9),
      compressedSize: s.readDoubleLE(at + 17),
      uncompressedSize: s.readDoubleLE(at + 25),
    },
  };
}

export class DigestTable {
  /** One record per archive entry (allocated on first use), then the extra rows. */
  private slab: Buffer | undefined;
  private extraSlab = Buffer.alloc(0);
  /** Names the archive does not hold, by their row among the extras. */
  private readonly extras = new Map<string, number>();
  private setCount = 0;
  /**
   * Archive entries whose digests are another table's records (row + 1; 0 for none): the self-verification takes
   * what the signer hashed without a copy of 200,000 records (see borrow).
   */
  private borrowed: Uint32Array | undefined;
  private lender: KnownDigests | undefined;

  /** `places`: where the places given to set() go (see known()); without it, set() takes none. */
  constructor(
    private readonly archive: EntryNames,
    private readonly opts: { places?: PlaceLog } = {},
  ) {}

  /** Entries with digests. */
  get size(): number {
    return this.setCount;
  }

  /** Positions run from 0 to capacity - 1 (see indexOf). */
  get capacity(): number {
    return this.archive.count + this.extras.size;
  }

  /** `index`: the entry's index in the archive when the caller has it (saves looking the name up). */
  set(name: string, d: Digests, place?: EntryPlace, index?: number): void {
    const i = index ?? this.archive.indexOf(name);
    if (place && (!this.opts.places || i < 0)) throw new Error("DigestTable: a place needs a log and an archive entry");
    const fresh = i >= 0 ? !this.isSet(i) : !this.extras.has(name);
    if (i >= 0 && this.borrowed) this.borrowed[i] = 0;
    const [s, at] = this.locate(name, true, i)!;
    writeDigests(s, at, d, place ? HAS_PLACE : 0);
    if (place) this.opts.places!.append(i, place);
    if (fresh) this.setCount++;
  }

  /** The archive entry at `index` has the digests of `lender`'s record `row` (see KnownDigests.rowOf), not copied. */
  borrow(index: number, lender: KnownDigests, row: number): void {
    if (this.lender && this.lender !== lender) throw new Error("DigestTable: one lender per table");
    this.lender = lender;
    this.borrowed ??= new Uint32Array(this.archive.count);
    if (!this.isSet(index)) this.setCount++;
    if (this.slab) this.slab[index * REC + 52] = 0;
    this.borrowed[index] = row + 1;
  }

  private isSet(i: number): boolean {
    return !!(this.slab && this.slab[i * REC + 52]! & SET) || !!this.borrowed?.[i];
  }

  /** The entry's position (the archive's entry index, or past them for added names), or -1 when it has no digests. */
  indexOf(name: string): number {
    const i = this.archive.indexOf(name);
    if (i >= 0) return this.isSet(i) ? i : -1;
    const x = this.extras.get(name);
    return x === undefined ? -1 : this.archive.count + x;
  }

  /**
   * The entry's digests as views into the table, not copies: a seal of 200,000 files would otherwise make
   * 400,000 small Buffers, whose pooled backing stores pile up outside the heap until a full collection.
   */
  view(name: string): Digests | undefined {
    const i = this.archive.indexOf(name);
    if (i >= 0) return this.viewAt(i);
    const x = this.extras.get(name);
    return x === undefined ? undefined : this.viewAt(this.archive.count + x);
  }

  /** As view(), by position (see entries()). */
  viewAt(position: number): Digests | undefined {
    const lent = position < this.archive.count ? this.borrowed?.[position] : 0;
    if (lent) return this.lender!.viewRow(lent - 1);
    const [s, at] =
      position < this.archive.count
        ? [this.slab, position * REC]
        : [this.extraSlab, (position - this.archive.count) * REC];
    return s && s[at + 52]! & SET ? viewDigests(s, at) : undefined;
  }

  /** Positions and names of the entries with digests: the archive's in its order, then the added ones. */
  *entries(): Generator<[number, string]> {
    // A name string per entry, and whatever the caller makes of it: collected as they pile up (200,000 entries).
    const gc = new GcEvery();
    if (this.slab || this.borrowed)
      for (let i = 0; i < this.archive.count; i++)
        if (this.isSet(i)) {
          gc.add(ENTRY_GARBAGE);
          yield [i, this.archive.nameAt(i)];
        }
    for (const [name, x] of this.extras) yield [this.archive.count + x, name];
  }

  /**
   * The recorded places and their digests, by place (see KnownDigests). The records stay where they are (the
   * table is the signer's, done with once this is taken): only an index by offset is built.
   */
  known(): KnownDigests {
    const log = this.opts.places;
    if (!log || !this.slab) return KnownDigests.of([]);
    return new KnownDigests(this.slab, log);
  }

  private locate(name: string, create: boolean, index?: number): [Buffer, number] | undefined {
    const i = index ?? this.archive.indexOf(name);
    if (i >= 0) {
      if (!this.slab) {
        if (!create) return undefined;
        this.slab = Buffer.alloc(this.archive.count * REC);
      }
      return [this.slab, i * REC];
    }
    let x = this.extras.get(name);
    if (x === undefined) {
      if (!create) return undefined;
      x = this.extras.size;
      this.extras.set(name, x);
      this.extraSlab = withRoom(this.extraSlab, Math.max(16, x + 1) * REC);
    }
    return [this.extraSlab, x * REC];
  }
}

/**
 * Digests by the place of the entry they were computed from: the table's records and the log of places, with the
 * places' offsets in ascending order (the writing order, in which offsets ascend; sorted otherwise).
 */
export class KnownDigests {
  private readonly offsets: Float64Array;
  /** Log record of each offset, when the log's order is not already the offsets' order. */
  private readonly order: Uint32Array | undefined;

  constructor(
    private readonly slab: Buffer,
    private readonly log: PlaceLog,
  ) {
    const n = log.count;
    const offsets = new Float64Array(n);
    let ascending = true;
    for (let k = 0; k < n; k++) {
      offsets[k] = log.read(k).place.localHeaderOffset;
      if (k > 0 && offsets[k]! <= offsets[k - 1]!) ascending = false;
    }
    if (ascending) {
      this.offsets = offsets;
      this.order = undefined;
    } else {
      const order = new Uint32Array(n);
      for (let k = 0; k < n; k++) order[k] = k;
      order.sort((a, b) => offsets[a]! - offsets[b]!);
      this.offsets = new Float64Array(n);
      for (let k = 0; k < n; k++) this.offsets[k] = offsets[order[k]!]!;
      this.order = order;
    }
  }

  static of(items: { digests: Digests; place: EntryPlace }[]): KnownDigests {
    const slab = Buffer.alloc(items.length * REC);
    const log = PlaceLog.inMemory();
    items.forEach((item, i) => {
      writeDigests(slab, i * REC, item.digests, HAS_PLACE);
      log.append(i, item.place);
    });
    return new KnownDigests(slab, log);
  }

  /** The record of the entry at exactly this place, or -1. */
  rowOf(e: EntryPlace): number {
    let lo = 0;
    let hi = this.offsets.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.offsets[mid]! < e.localHeaderOffset) lo = mid + 1;
      else hi = mid;
    }
    if (lo >= this.offsets.length || this.offsets[lo] !== e.localHeaderOffset) return -1;
    const { row, place: k } = this.log.read(this.order ? this.order[lo]! : lo);
    const same =
      k.method === e.method &&
      k.crc32 === e.crc32 >>> 0 &&
      k.compressedSize === e.compressedSize &&
      k.uncompressedSize === e.uncompressedSize;
    return same ? row : -1;
  }

  /** Record `row`'s digests as views into the records (see DigestTable.view). */
  viewRow(row: number): Digests {
    return viewDigests(this.slab, row * REC);
  }
}
