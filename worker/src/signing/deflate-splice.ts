/**
 * Re-using a raw deflate stream for content that changed only near its start and its end (a signed executable
 * differs from the original in its load commands and its signature): the unchanged middle's compressed bits are
 * copied verbatim, only a short prefix and tail are compressed again. Deflating 100+ MiB of machine code is most
 * of a signing run's CPU; this makes it a copy.
 *
 * How: scanBlocks() walks the original stream's block structure (Huffman symbols decoded, nothing produced) and
 * records where each block starts, in bits and in uncompressed bytes. A middle [b1, b2) of whole blocks is valid
 * in the new stream when every byte its back-references reach (32 KiB before b1 onwards) is unchanged. spliceParts()
 * then returns the new stream: the new content before b1 deflated afresh, ending at the same bit offset modulo 8 as
 * b1 (padding with fixed-Huffman blocks), the middle's bytes as they are, and the new content from b2 deflated with
 * the 32 KiB before it as the dictionary, shifted to b2's bit offset.
 */
import zlib from "node:zlib";
import type { BlockEdge, ReadAt } from "./inflate-blocks";

/** Where a deflate block starts: bit offset in the stream, byte offset in the uncompressed content. */
export interface BlockStart {
  bit: number;
  byte: number;
}

const WINDOW = 32 * 1024;
/** Candidate blocks tried at each end of the middle, and the least middle worth splicing. */
const TRIES = 16;
const MIN_MIDDLE = 1024 * 1024;
const READ = 1024 * 1024;
/** Primary lookup bits of a Huffman table; longer codes are decoded bit by bit. */
const FAST = 10;

const LEN_BASE = [
  3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
];
const LEN_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
const DIST_EXTRA = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13];
const CL_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];

class DeflateFormatError extends Error {}
const bad = (what: string): never => {
  throw new DeflateFormatError(`deflate: ${what}`);
};

/** A canonical Huffman code: a FAST-bit table (symbol << 4 | length, 0 = longer) plus puff-style counts for the rest. */
class Huffman {
  readonly fast = new Int32Array(1 << FAST);
  readonly count = new Uint16Array(16);
  readonly symbol: Uint16Array;

  constructor(lengths: ArrayLike<number>, n: number) {
    this.symbol = new Uint16Array(n);
    for (let s = 0; s < n; s++) this.count[lengths[s]!]!++;
    this.count[0] = 0;
    let left = 1;
    for (let len = 1; len < 16; len++) {
      left = left * 2 - this.count[len]!;
      if (left < 0) bad("over-subscribed code");
    }
    const offs = new Uint16Array(16);
    for (let len = 1; len < 15; len++) offs[len + 1] = offs[len]! + this.count[len]!;
    for (let s = 0; s < n; s++) if (lengths[s]) this.symbol[offs[lengths[s]!]!++] = s;
    // Canonical codes, bit-reversed into the table.
    let code = 0;
    let k = 0;
    for (let len = 1; len <= FAST; len++) {
      for (let i = 0; i < this.count[len]!; i++, k++, code++) {
        let rev = 0;
        for (let b = 0; b < len; b++) rev |= ((code >> b) & 1) << (len - 1 - b);
        for (let j = rev; j < 1 << FAST; j += 1 << len) this.fast[j] = (this.symbol[k]! << 4) | len;
      }
      code <<= 1;
    }
  }
}

let fixedLit: Huffman | undefined;
let fixedDist: Huffman | undefined;
function fixedTables(): [Huffman, Huffman] {
  if (!fixedLit || !fixedDist) {
    const l = new Uint8Array(288);
    l.fill(8, 0, 144).fill(9, 144, 256).fill(7, 256, 280).fill(8, 280, 288);
    fixedLit = new Huffman(l, 288);
    fixedDist = new Huffman(new Uint8Array(30).fill(5), 30);
  }
  return [fixedLit, fixedDist];
}

/** LSB-first bit reader over a window of the stream, refilled by positional reads. */
class BitReader {
  /** Stream offset of buf[0], bytes in buf. */
  private base = 0;
  private len = 0;
  private pos = 0;
  private bits = 0;
  private cnt = 0;

  /** `buf`: the window's memory, which readers used one after another may share (see blockStartsAt). */
  constructor(
    private readonly read: ReadAt,
    private readonly size: number,
    startBit = 0,
    private readonly buf: Buffer = Buffer.allocUnsafe(READ),
  ) {
    this.base = Math.floor(startBit / 8);
    this.take(startBit & 7);
  }

  /** Absolute bit position of the next unread bit. */
  get bitPos(): number {
    return (this.base + this.pos) * 8 + this.overrun - this.cnt;
  }

  private refill(): void {
    const keep = this.len - this.pos;
    this.buf.copy(this.buf, 0, this.pos, this.len);
    this.base += this.pos;
    this.pos = 0;
    const n = Math.min(this.buf.length - keep, this.size - (this.base + keep));
    if (n > 0) this.read(this.buf.subarray(keep, keep + n), this.base + keep);
    this.len = keep + Math.max(0, n);
  }

  /** At least `n` (≤ 24) bits in the accumulator. */
  need(n: number): void {
    while (this.cnt < n) {
      if (this.pos >= this.len) {
        this.refill();
        if (this.pos >= this.len) bad("stream ends early");
      }
      this.bits |= this.buf[this.pos++]! << this.cnt;
      this.cnt += 8;
    }
  }

  take(n: number): number {
    if (n === 0) return 0;
    this.need(n);
    const v = this.bits & ((1 << n) - 1);
    this.bits >>>= n;
    this.cnt -= n;
    return v;
  }

  /**
   * Fills the accumulator to at least 24 bits where the stream has them; past its end zeros come in, counted in
   * `overrun` (a decode that consumes them is an error).
   */
  fill(): void {
    while (this.cnt <= 24) {
      if (this.pos >= this.len) {
        this.refill();
        if (this.pos >= this.len) {
          // Zeros past the end, so a final code may be looked up; more than the accumulator holds means they were used.
          if ((this.overrun += 8) > 32) bad("stream ends early");
          this.cnt += 8;
          continue;
        }
      }
      this.bits |= this.buf[this.pos++]! << this.cnt;
      this.cnt += 8;
    }
  }

  overrun = 0;

  decode(h: Huffman): number {
    if (this.cnt < 15) this.fill();
    const e = h.fast[this.bits & ((1 << FAST) - 1)]!;
    if (e !== 0) {
      this.bits >>>= e & 15;
      this.cnt -= e & 15;
      return e >> 4;
    }
    // puff's slow path
    let code = 0;
    let first = 0;
    let index = 0;
    for (let len = 1; len < 16; len++) {
      code |= this.bits & 1;
      this.bits >>>= 1;
      this.cnt--;
      const c = h.count[len]!;
      if (code - c < first) return h.symbol[index + (code - first)]!;
      index += c;
      first = (first + c) << 1;
      code <<= 1;
    }
    return bad("bad Huffman code");
  }

  /** Drops the bits up to the next byte boundary, then skips `n` whole bytes. */
  skipBytes(n: number): void {
    const drop = this.cnt & 7;
    this.bits >>>= drop;
    this.cnt -= drop;
    let left = n;
    while (left > 0 && this.cnt >= 8) {
      this.bits >>>= 8;
      this.cnt -= 8;
      left--;
    }
    while (left > 0) {
      if (this.pos >= this.len) {
        this.refill();
        if (this.pos >= this.len) bad("stored block ends early");
      }
      const step = Math.min(left, this.len - this.pos);
      this.pos += step;
      left -= step;
    }
  }
}

/**
 * Decodes one block at the reader's position (Huffman symbols only, nothing produced) and returns whether it was the
 * final one and how many content bytes it stands for; throws on a malformed block or once it would exceed `limit`.
 */
function skipBlock(r: BitReader, limit = Infinity): { last: boolean; length: number } {
  const last = r.take(1) === 1;
  const type = r.take(2);
  if (type === 0) {
    r.skipBytes(0);
    const len = r.take(16);
    const nlen = r.take(16);
    if ((len ^ 0xffff) !== nlen) bad("stored block length");
    if (len > limit) bad("block too long");
    r.skipBytes(len);
    return { last, length: len };
  }
  let lit: Huffman;
  let dist: Huffman;
  if (type === 1) [lit, dist] = fixedTables();
  else if (type === 2) {
    const nlen = r.take(5) + 257;
    const ndist = r.take(5) + 1;
    const ncode = r.take(4) + 4;
    if (nlen > 286 || ndist > 30) bad("bad code counts");
    const lengths = new Uint8Array(19);
    for (let i = 0; i < ncode; i++) lengths[CL_ORDER[i]!] = r.take(3);
    const cl = new Huffman(lengths, 19);
    const all = new Uint8Array(nlen + ndist);
    for (let i = 0; i < nlen + ndist;) {
      const sym = r.decode(cl);
      if (sym < 16) all[i++] = sym;
      else {
        let rep: number;
        let val = 0;
        if (sym === 16) {
          if (i === 0) bad("repeat with no previous length");
          val = all[i - 1]!;
          rep = 3 + r.take(2);
        } else if (sym === 17) rep = 3 + r.take(3);
        else rep = 11 + r.take(7);
        if (i + rep > nlen + ndist) bad("too many lengths");
        all.fill(val, i, i + rep);
        i += rep;
      }
    }
    if (all[256] === 0) bad("no end-of-block code");
    lit = new Huffman(all.subarray(0, nlen), nlen);
    dist = new Huffman(all.subarray(nlen), ndist);
  } else return bad("bad block type");
  let out = 0;
  for (;;) {
    const sym = r.decode(lit);
    if (sym < 256) out++;
    else if (sym === 256) break;
    else {
      const i = sym - 257;
      if (i >= 29) bad("bad length code");
      out += LEN_BASE[i]! + r.take(LEN_EXTRA[i]!);
      const d = r.decode(dist);
      if (d >= 30) bad("bad distance code");
      r.take(DIST_EXTRA[d]!);
    }
    if (out > limit) bad("block too long");
  }
  return { last, length: out };
}

/**
 * The start of every block of a raw deflate stream of `size` bytes (read through `read`), and the uncompressed
 * length; throws on a malformed stream. Costs a Huffman decode per symbol, no output and no window.
 */
export function scanBlocks(read: ReadAt, size: number): { blocks: BlockStart[]; length: number } {
  const r = new BitReader(read, size);
  const blocks: BlockStart[] = [];
  let out = 0;
  for (let last = false; !last;) {
    blocks.push({ bit: r.bitPos, byte: out });
    const block = skipBlock(r);
    last = block.last;
    out += block.length;
  }
  if (r.bitPos > size * 8) bad("stream ends early");
  return { blocks, length: out };
}

/**
 * Block starts, bit-exact, of the boundaries `edges[i]` (see inflateWithEdges) for the indices `pick` gives: zlib
 * stops after the byte it last took, with 0–7 of that byte's bits still unread, so each of the 8 offsets is tried and
 * the one from which exactly that block decodes (its content length, ending where the next boundary says) is kept. A
 * boundary with no such offset, or more than one, is left out (the splice then tries its neighbours).
 */
function blockStartsAt(read: ReadAt, size: number, edges: readonly BlockEdge[], pick: Iterable<number>): BlockStart[] {
  const out: BlockStart[] = [];
  // Up to 8 tries for each of a dozen boundaries, each decoding one block: one window for all of them (a new 1 MiB
  // each was 48 MiB for the collector, the largest transient of signing a 120 MiB executable).
  const window = Buffer.allocUnsafe(READ);
  for (const i of pick) {
    const edge = edges[i];
    const next = edges[i + 1];
    if (!edge || !next) continue;
    const length = next.produced - edge.produced;
    const found: number[] = [];
    for (let unread = 0; unread < 8; unread++) {
      const bit = edge.consumed * 8 - unread;
      if (bit < 0) break;
      try {
        const r = new BitReader(read, size, bit, window);
        const block = skipBlock(r, length);
        const end = r.bitPos;
        if (!block.last && block.length === length && end <= next.consumed * 8 && end > next.consumed * 8 - 8)
          found.push(bit);
      } catch (e) {
        if (!(e instanceof DeflateFormatError)) throw e;
      }
    }
    if (found.length === 1) out.push({ bit: found[0]!, byte: edge.produced });
  }
  return out;
}

/**
 * The block starts spliceParts may use for content unchanged on [same.from, same.to), from zlib's boundaries: the
 * first `tries` (at most TRIES) that may start the middle and the last that may end it, resolved to their bits
 * (blockStartsAt).
 */
export function spliceBlockStarts(
  read: ReadAt,
  size: number,
  edges: readonly BlockEdge[],
  same: { from: number; to: number },
  tries = TRIES,
): BlockStart[] {
  const most = Math.min(tries, TRIES);
  const first: number[] = [];
  const last: number[] = [];
  edges.forEach((e, i) => {
    if (e.produced > same.to) return;
    if (e.produced >= same.from + WINDOW && first.length < most) first.push(i);
    last.push(i);
    if (last.length > most) last.shift();
  });
  const picked = [...new Set([...first, ...last])].sort((a, b) => a - b);
  return blockStartsAt(read, size, edges, picked);
}

/** Writes bits LSB first (as deflate packs them). */
class BitWriter {
  private readonly bytes: number[] = [];
  private acc = 0;
  private n = 0;

  put(value: number, count: number): void {
    for (let i = 0; i < count; i++) {
      this.acc |= ((value >> i) & 1) << this.n;
      if (++this.n === 8) {
        this.bytes.push(this.acc);
        this.acc = 0;
        this.n = 0;
      }
    }
  }

  /** A Huffman code: its bits go most significant first. */
  code(code: number, len: number): void {
    for (let i = len - 1; i >= 0; i--) this.put((code >> i) & 1, 1);
  }

  /** Whole bytes and the trailing partial byte (its low `bits` bits valid). */
  finish(): { bytes: Buffer; bits: number } {
    return { bytes: Buffer.from(this.n ? [...this.bytes, this.acc] : this.bytes), bits: this.n };
  }
}

/** Fixed-Huffman literal code of a byte. */
function fixedLiteral(w: BitWriter, v: number): void {
  if (v < 144) w.code(0x30 + v, 8);
  else w.code(0x190 + v - 144, 9);
}

/**
 * A fixed-Huffman block of `m` literals (8 or 9 bits each) plus `k` empty fixed blocks (10 bits each): the m and k
 * (m ≥ 1, from `bytes(m)`) that make its bit length ≡ `need` (mod 8), or undefined when the bytes at hand cannot.
 * This is how a stream is brought to a given bit alignment: deflate's stored blocks are aligned to the stream's
 * bytes, so compressed bits cannot simply be shifted.
 */
function literalRun(bytes: (m: number) => Buffer, most: number, need: number): { m: number; k: number } | undefined {
  for (let m = 1; m <= Math.min(most, 64); m++) {
    let nine = 0;
    for (const v of bytes(m)) if (v >= 144) nine++;
    for (let k = 0; k < 4; k++) if ((10 + 8 * m + nine + 10 * k) % 8 === need) return { m, k };
  }
  return undefined;
}

function writeRun(w: BitWriter, literals: Buffer, k: number): void {
  w.put(0, 1); // not final
  w.put(1, 2); // fixed Huffman
  for (const v of literals) fixedLiteral(w, v);
  w.code(0, 7); // end of block
  for (let i = 0; i < k; i++) {
    w.put(0, 1);
    w.put(1, 2);
    w.code(0, 7);
  }
}

/**
 * Deflates `head` (the new content before the middle) as a non-final stream whose bit length is ≡ `r` (mod 8):
 * zlib's stream (sync-flushed, so byte-aligned) and a literal run of the last bytes.
 */
function alignedPrefix(head: Buffer, r: number, level: number): { bytes: Buffer; bits: number } | undefined {
  const sync = (b: Buffer) =>
    b.length ? zlib.deflateRawSync(b, { level, finishFlush: zlib.constants.Z_SYNC_FLUSH }) : Buffer.alloc(0);
  if (r === 0) return { bytes: sync(head), bits: 0 };
  const run = literalRun((m) => head.subarray(head.length - m), head.length, r);
  if (!run) return undefined;
  const w = new BitWriter();
  writeRun(w, head.subarray(head.length - run.m), run.k);
  const tail = w.finish();
  if (tail.bits !== r) bad("prefix alignment");
  return { bytes: Buffer.concat([sync(head.subarray(0, head.length - run.m)), tail.bytes]), bits: r };
}

/**
 * The new content from `from` to its end as the final part of the stream, starting at bit `s` of a byte whose low
 * `s` bits are `keep`: a literal run brings it to a byte boundary, then zlib's stream with the 32 KiB before as its
 * dictionary.
 */
function alignedSuffix(
  content: (pos: number, len: number) => Buffer,
  from: number,
  end: number,
  s: number,
  keep: number,
  level: number,
): Buffer | undefined {
  let start = from;
  let lead: Buffer = Buffer.alloc(0);
  if (s) {
    const run = literalRun((m) => content(from, m), end - from, (8 - s) % 8);
    if (!run) return undefined;
    const w = new BitWriter();
    w.put(keep, s);
    writeRun(w, content(from, run.m), run.k);
    const aligned = w.finish();
    if (aligned.bits !== 0) bad("suffix alignment");
    lead = aligned.bytes;
    start = from + run.m;
  }
  const dictFrom = Math.max(0, start - WINDOW);
  const rest = zlib.deflateRawSync(content(start, end - start), {
    level,
    ...(start > dictFrom ? { dictionary: content(dictFrom, start - dictFrom) } : {}),
  });
  return Buffer.concat([lead, rest]);
}

/** What the new stream is made of: `prefix` bytes, then the original stream's bytes [from, to), then `suffix`. */
export interface SpliceParts {
  prefix: Buffer;
  copyFrom: number;
  copyTo: number;
  suffix: Buffer;
  /** Uncompressed offsets of the copied middle: the new content equals the original there. */
  middle: { from: number; to: number };
}

/**
 * Plans the new stream for content that equals the original's on [same.from, same.to) (uncompressed offsets),
 * or undefined when the stream has no blocks to re-use there. `content(pos, len)` reads the new content;
 * `original(pos, len)` the compressed original stream's bytes; `newLength` is the new content's size.
 */
export function spliceParts(
  blocks: readonly BlockStart[],
  same: { from: number; to: number },
  newLength: number,
  content: (pos: number, len: number) => Buffer,
  original: (pos: number, len: number) => Buffer,
  level: number,
): SpliceParts | undefined {
  // Blocks that may start the middle (their window, 32 KiB back, lies in the unchanged part) and end it (inside it).
  // A block is passed over when the bytes beside it cannot give the bit alignment needed (e.g. a run of zeros).
  const starts = blocks.filter((b) => b.byte >= same.from + WINDOW && b.byte <= same.to).slice(0, TRIES);
  const ends = blocks
    .filter((b) => b.byte <= same.to)
    .slice(-TRIES)
    .reverse();
  let b1: BlockStart | undefined;
  let lead: { bytes: Buffer; bits: number } | undefined;
  for (const b of starts) {
    lead = alignedPrefix(content(0, b.byte), b.bit & 7, level);
    if (lead) {
      b1 = b;
      break;
    }
  }
  if (!b1 || !lead) return undefined;
  let b2: BlockStart | undefined;
  let suffix: Buffer | undefined;
  for (const b of ends) {
    if (b.byte - b1.byte < MIN_MIDDLE) break; // too little to be worth it
    const s = b.bit & 7;
    suffix = alignedSuffix(
      content,
      b.byte,
      newLength,
      s,
      original(Math.floor(b.bit / 8), 1)[0]! & ((1 << s) - 1),
      level,
    );
    if (suffix) {
      b2 = b;
      break;
    }
  }
  if (!b2 || !suffix) return undefined;
  const r = b1.bit & 7;
  const copyTo = Math.floor(b2.bit / 8); // when b2 is not byte-aligned, the byte at copyTo starts the suffix
  let prefix = lead.bytes;
  let copyFrom = Math.floor(b1.bit / 8);
  if (r) {
    // The prefix's last byte holds its final r bits; the rest of that byte is the first middle block's.
    prefix = Buffer.from(prefix);
    prefix[prefix.length - 1] =
      (prefix[prefix.length - 1]! & ((1 << r) - 1)) | (original(copyFrom, 1)[0]! & ~((1 << r) - 1) & 0xff);
    copyFrom++;
  }
  return { prefix, copyFrom, copyTo, suffix, middle: { from: b1.byte, to: b2.byte } };
}
