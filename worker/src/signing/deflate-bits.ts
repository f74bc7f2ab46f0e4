/**
 * Reading raw deflate streams bit by bit, in JavaScript: where each block starts and how much content it stands for
 * (skipBlock, scanBlocks: Huffman symbols decoded, nothing produced), and the content of a few blocks from any bit
 * (inflateBits). The splice (deflate-splice) places its seams with the first; the self-check that proves a splice
 * (splice-proof) decodes the new stream's re-compressed ends with the second. Native zlib does the bulk: it can neither
 * start at a bit nor say at which bit a block ended.
 */
import type { ReadAt } from "./inflate-blocks";

/** Where a deflate block starts: bit offset in the stream, byte offset in the uncompressed content. */
export interface BlockStart {
  bit: number;
  byte: number;
}

export const READ = 1024 * 1024;
/** Primary lookup bits of a Huffman table; longer codes are decoded bit by bit. */
const FAST = 10;

const LEN_BASE = [
  3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
];
const LEN_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
const DIST_EXTRA = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13];
const DIST_BASE = [
  1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145,
  8193, 12289, 16385, 24577,
];
const CL_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];

export class DeflateFormatError extends Error {}
export const bad = (what: string): never => {
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
export class BitReader {
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

/** A block's Huffman codes (literal/length, distance), read from its header; `type` is 1 (fixed) or 2 (dynamic). */
function blockCodes(r: BitReader, type: number): [Huffman, Huffman] {
  if (type === 1) return fixedTables();
  if (type !== 2) return bad("bad block type");
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
  return [new Huffman(all.subarray(0, nlen), nlen), new Huffman(all.subarray(nlen), ndist)];
}

/** A stored block's length, the reader left at its first byte. */
function storedLength(r: BitReader): number {
  r.skipBytes(0);
  const len = r.take(16);
  const nlen = r.take(16);
  if ((len ^ 0xffff) !== nlen) bad("stored block length");
  return len;
}

/**
 * Decodes one block at the reader's position (Huffman symbols only, nothing produced) and returns whether it was the
 * final one and how many content bytes it stands for; throws on a malformed block or once it would exceed `limit`.
 */
export function skipBlock(r: BitReader, limit = Infinity): { last: boolean; length: number } {
  const last = r.take(1) === 1;
  const type = r.take(2);
  if (type === 0) {
    const len = storedLength(r);
    if (len > limit) bad("block too long");
    r.skipBytes(len);
    return { last, length: len };
  }
  const [lit, dist] = blockCodes(r, type);
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

/** Content being decoded: what came before it (the window back-references may reach into) and what it has made. */
class Produced {
  private buf: Buffer;
  private len: number;

  constructor(
    private readonly before: Buffer,
    private readonly limit: number,
  ) {
    this.buf = Buffer.allocUnsafe(Math.min(limit, 64 * 1024) + before.length);
    before.copy(this.buf);
    this.len = before.length;
  }

  get made(): number {
    return this.len - this.before.length;
  }

  private room(n: number): void {
    if (this.made + n > this.limit) bad("more content than expected");
    if (this.len + n <= this.buf.length) return;
    const grown = Buffer.allocUnsafe(
      Math.max(this.len + n, Math.min(this.buf.length * 2, this.limit + this.before.length)),
    );
    this.buf.copy(grown, 0, 0, this.len);
    this.buf = grown;
  }

  byte(v: number): void {
    this.room(1);
    this.buf[this.len++] = v;
  }

  copy(length: number, distance: number): void {
    if (distance > this.len) bad("distance too far back");
    this.room(length);
    // Byte by byte: a copy may overlap what it writes (distance < length repeats a pattern).
    for (let i = 0; i < length; i++, this.len++) this.buf[this.len] = this.buf[this.len - distance]!;
  }

  stored(r: BitReader, length: number): void {
    this.room(length);
    for (let i = 0; i < length; i++) this.buf[this.len++] = r.take(8);
  }

  content(): Buffer {
    return this.buf.subarray(this.before.length, this.len);
  }
}

/**
 * Decodes whole blocks from bit `from` of the raw deflate stream read through `read` (`size` bytes), with `window`
 * (the content before that bit, the last 32 KiB are enough) for back-references, until `stop(bit)` is true at a
 * block boundary or a final block ends. Returns the content made (at most `limit` bytes, else it throws), the bit
 * where decoding stopped and whether the last block was final. Throws DeflateFormatError on a malformed stream.
 * Meant for a few blocks (it decodes symbol by symbol): the ends of a stream, not its bulk.
 */
export function inflateBits(
  read: ReadAt,
  size: number,
  from: number,
  window: Buffer,
  limit: number,
  stop: (bit: number) => boolean,
): { content: Buffer; bit: number; last: boolean } {
  // A few blocks need a few KiB of the stream at a time: a small window, the same one for every call.
  const buf = spareWindow ?? Buffer.allocUnsafe(INFLATE_WINDOW);
  spareWindow = undefined;
  try {
    const r = new BitReader(read, size, from, buf);
    const out = new Produced(window.subarray(Math.max(0, window.length - 32 * 1024)), limit);
    let last = false;
    while (!last && !stop(r.bitPos)) last = inflateBlock(r, out);
    if (r.bitPos > size * 8) bad("stream ends early");
    return { content: out.content(), bit: r.bitPos, last };
  } finally {
    spareWindow = buf;
  }
}

const INFLATE_WINDOW = 64 * 1024;
let spareWindow: Buffer | undefined;

/** Decodes one block into `out`; whether it was the final one. */
function inflateBlock(r: BitReader, out: Produced): boolean {
  const last = r.take(1) === 1;
  const type = r.take(2);
  if (type === 0) {
    out.stored(r, storedLength(r));
    return last;
  }
  const [lit, dist] = blockCodes(r, type);
  for (;;) {
    const sym = r.decode(lit);
    if (sym < 256) out.byte(sym);
    else if (sym === 256) return last;
    else {
      const i = sym - 257;
      if (i >= 29) bad("bad length code");
      const length = LEN_BASE[i]! + r.take(LEN_EXTRA[i]!);
      const d = r.decode(dist);
      if (d >= 30) bad("bad distance code");
      out.copy(length, DIST_BASE[d]! + r.take(DIST_EXTRA[d]!));
    }
  }
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
