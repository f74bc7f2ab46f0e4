/**
 * The self-check of a spliced entry (deflate-splice) without inflating its copied middle again. The signer's new
 * stream is a re-compressed prefix, the input's compressed bytes for the middle as they were, and a re-compressed
 * tail. A deflate decoder's output from a block boundary depends only on the bits that follow and the 32 KiB before
 * it, so the new stream decodes to (prefix content) + (the input's content over the middle) + (tail content) when:
 *
 * - the prefix decodes, from the stream's start, to exactly the content before the middle and ends at a block
 *   boundary at the very bit where the middle's first block starts, not final; its last 32 KiB equal the input's
 *   content there (the middle's back-references reach that far);
 * - the bits from there to where the middle's blocks end are the input's bits, byte for byte (and the shared bits of
 *   the bytes at either seam);
 * - the tail decodes, from that bit, with the input's 32 KiB before it as its window, to the rest, and ends the stream.
 *
 * The input's content and its block boundaries are what the signer's one native inflate of the input gave (its
 * extracted file, checked against the input's CRC, and zlib's Z_BLOCK stops); the middle's first block is decoded once
 * more here from the new stream, as a check of that boundary. The entry's CRC is then checked without reading the
 * middle (the input's CRC less its two ends', crc32-combine), and the verifier checks the pages the ends touch by
 * hashing them, and the middle's whole pages against the page hashes the signer computed from those same bytes
 * (as it takes the copier's digests of raw-copied files): the middle is neither inflated nor hashed a second time.
 * Anything that does not hold makes the proof fail (undefined), and the verifier inflates the whole entry instead.
 */
import fs from "node:fs";
import zlib from "node:zlib";
import { inflateBits, type BlockStart } from "./deflate-bits";
import { bytesAt, fileReader, type ReadAt } from "./inflate-blocks";
import { crc32Combine, crc32Middle } from "./crc32-combine";
import type { PageHashes } from "./macho-sign";

/** What the signer wrote for one spliced entry, for the verifier to prove (see spliceParts). */
export interface SpliceRecord {
  /** The input's content of this file, as the signer extracted it: the signed content equals it over the middle. */
  contentFile: string;
  /** The input IPA and the offset of this entry's compressed stream in it. */
  inputPath: string;
  inputStart: number;
  /** The new stream: `prefixLength` bytes, the input stream's bytes [copyFrom, copyTo), then the tail. */
  prefixLength: number;
  copyFrom: number;
  copyTo: number;
  /** The middle's first and end block boundaries in the input stream (bits) and its content (bytes). */
  from: BlockStart;
  to: BlockStart;
  /** The input entry's CRC-32, which its extraction checked the extracted content against. */
  contentCrc: number;
  /** The signed file's page hashes, as the signer computed them and wrote them into its CodeDirectories. */
  pages: PageHashes;
}

/** A spliced entry's content, proved: the re-compressed ends decoded, the middle is the extracted input's. */
export interface ProvedSplice {
  /** The content before the middle and after it. */
  prefix: Buffer;
  tail: Buffer;
  /** CRC-32 of the whole content. */
  crc: number;
}

const WINDOW = 32 * 1024;
const PIECE = 1024 * 1024;
let compareBuffers: [Buffer, Buffer] | undefined;

/** The entry as the output's directory describes it. */
interface Described {
  compressedSize: number;
  uncompressedSize: number;
}

/** Where the middle sits: its bits at either seam (0-7), its length in bytes, its boundaries' bits in the new stream. */
interface Seams {
  r: number;
  s: number;
  middle: number;
  startBit: number;
  endBit: number;
}

/**
 * Proves the spliced entry whose new stream is read through `read`: its content is the returned prefix, the
 * extracted input's bytes [rec.from.byte, rec.to.byte) and the returned tail; undefined when the proof fails.
 */
export function proveSplice(entry: Described, read: ReadAt, rec: SpliceRecord): ProvedSplice | undefined {
  const { compressedSize: size, uncompressedSize: total } = entry;
  const r = rec.from.bit & 7;
  const s = rec.to.bit & 7;
  const middle = rec.copyTo - rec.copyFrom;
  if (
    rec.copyFrom !== Math.floor(rec.from.bit / 8) + (r ? 1 : 0) ||
    rec.copyTo !== Math.floor(rec.to.bit / 8) ||
    middle < 0 ||
    rec.prefixLength < 1 ||
    rec.prefixLength + middle + (s ? 1 : 0) > size ||
    rec.from.byte < WINDOW ||
    rec.to.byte > total ||
    rec.from.byte > rec.to.byte
  )
    return undefined;
  // Where the middle's boundaries fall in the new stream.
  const seams = {
    r,
    s,
    middle,
    startBit: (rec.prefixLength - (r ? 1 : 0)) * 8 + r,
    endBit: (rec.prefixLength + middle) * 8 + s,
  };
  try {
    const fd = fs.openSync(rec.contentFile, "r");
    try {
      const content = fileReader(fd, 0);
      const ends = prove(read, size, total, rec, content, seams);
      if (!ends) return undefined;
      // The middle's CRC from the input's and its two ends' (the input's are read again: a few KiB to a few MiB).
      const inputSize = fs.fstatSync(fd).size;
      const crcBefore = zlib.crc32(bytesAt(content, 0, rec.from.byte));
      const crcAfter = zlib.crc32(bytesAt(content, rec.to.byte, inputSize - rec.to.byte));
      const length = rec.to.byte - rec.from.byte;
      const crcMiddle = crc32Middle(rec.contentCrc, crcBefore, crcAfter, length, inputSize - rec.to.byte);
      const crc = crc32Combine(
        crc32Combine(zlib.crc32(ends.prefix), crcMiddle, length),
        zlib.crc32(ends.tail),
        ends.tail.length,
      );
      return { ...ends, crc };
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    // Unreadable or malformed: not proved (the verifier inflates the entry, and reports what is wrong with it).
    return undefined;
  }
}

/** The checks above; the prefix's and the tail's content when they all hold. */
function prove(
  read: ReadAt,
  size: number,
  total: number,
  rec: SpliceRecord,
  content: ReadAt,
  { r, s, middle, startBit, endBit }: Seams,
): { prefix: Buffer; tail: Buffer } | undefined {
  const input = fs.openSync(rec.inputPath, "r");
  try {
    // The copied bytes, and the bits the seams' bytes share with the input.
    const readInput = fileReader(input, rec.inputStart);
    compareBuffers ??= [Buffer.allocUnsafe(PIECE), Buffer.allocUnsafe(PIECE)]; // kept: a warm thread proves again
    const [a, b] = compareBuffers;
    for (let pos = 0; pos < middle; pos += a.length) {
      const n = Math.min(a.length, middle - pos);
      read(a.subarray(0, n), rec.prefixLength + pos);
      readInput(b.subarray(0, n), rec.copyFrom + pos);
      if (!a.subarray(0, n).equals(b.subarray(0, n))) return undefined;
    }
    const one = (at: ReadAt, pos: number) => bytesAt(at, pos, 1)[0]!;
    if (r && one(read, rec.prefixLength - 1) >> r !== one(readInput, rec.copyFrom - 1) >> r) return undefined;
    if (s && (one(read, rec.prefixLength + middle) & ((1 << s) - 1)) !== (one(readInput, rec.copyTo) & ((1 << s) - 1)))
      return undefined;

    // The prefix: exactly the content before the middle, ending at its first block's bit, not final.
    const prefix = inflateBits(read, size, 0, Buffer.alloc(0), rec.from.byte, (bit) => bit >= startBit);
    if (prefix.last || prefix.bit !== startBit || prefix.content.length !== rec.from.byte) return undefined;
    const before = bytesAt(content, rec.from.byte - WINDOW, WINDOW);
    if (!prefix.content.subarray(rec.from.byte - WINDOW).equals(before)) return undefined;

    // The middle's first block, decoded from the new stream, is the input's content there.
    const first = inflateBits(read, size, startBit, before, rec.to.byte - rec.from.byte, (bit) => bit > startBit);
    if (first.last || !first.content.equals(bytesAt(content, rec.from.byte, first.content.length))) return undefined;

    // The tail: from the middle's end, with the input's content before it as the window, to the end of the stream.
    const window = bytesAt(content, rec.to.byte - WINDOW, WINDOW);
    const rest = total - rec.to.byte;
    const lead = inflateBits(read, size, endBit, window, rest, (bit) => bit % 8 === 0);
    let tail = lead.content;
    if (lead.last) {
      if (Math.ceil(lead.bit / 8) !== size) return undefined;
    } else {
      const at = lead.bit / 8;
      const bytes = Buffer.allocUnsafe(size - at);
      read(bytes, at);
      const dictionary = Buffer.concat([window, lead.content]).subarray(-WINDOW);
      const done = zlib.inflateRawSync(bytes, { dictionary, info: true }) as unknown as {
        buffer: Buffer;
        engine: { bytesWritten: number };
      };
      if (done.engine.bytesWritten !== bytes.length) return undefined;
      tail = Buffer.concat([lead.content, done.buffer]);
    }
    if (tail.length !== rest) return undefined;

    return { prefix: prefix.content, tail };
  } finally {
    fs.closeSync(input);
  }
}
