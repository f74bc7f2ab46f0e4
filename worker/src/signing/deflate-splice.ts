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
import { BitReader, DeflateFormatError, READ, bad, skipBlock, type BlockStart } from "./deflate-bits";

const WINDOW = 32 * 1024;
/** Candidate blocks tried at each end of the middle, and the least middle worth splicing. */
const TRIES = 16;
const MIN_MIDDLE = 1024 * 1024;
/**
 * The most content an end of a splice may hold: each end is deflated in one piece, in memory, on the calling thread.
 * When the only boundaries that can be placed lie deeper in (a stream of stored blocks, whose start bit is ambiguous,
 * placed near neither end), there is no splice: deflating 100 MiB in one call held ~350 MiB and the thread for 3 s.
 */
export const MAX_END = 8 * 1024 * 1024;

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
    // A boundary is placed by decoding the block it starts: an empty one (a flush marker) cannot tell the bits apart.
    const next = edges[i + 1];
    if (e.produced > same.to || !next || next.produced === e.produced) return;
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
  /** The original's block boundaries the middle starts and ends at (bit and byte). */
  blocks: { from: BlockStart; to: BlockStart };
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
  const starts = blocks
    .filter((b) => b.byte >= same.from + WINDOW && b.byte <= same.to && b.byte <= MAX_END)
    .slice(0, TRIES);
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
    if (newLength - b.byte > MAX_END) break; // the rest lie deeper still
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
  return { prefix, copyFrom, copyTo, suffix, middle: { from: b1.byte, to: b2.byte }, blocks: { from: b1, to: b2 } };
}
