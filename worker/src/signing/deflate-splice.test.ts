import crypto from "node:crypto";
import fs from "node:fs";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { scanBlocks } from "./deflate-bits";
import { MAX_END, spliceBlockStarts, spliceParts } from "./deflate-splice";
import { inflateWithEdges } from "./inflate-blocks";

/** Real machine code (compresses like an app's executable): the largest shared library at hand. */
function machineCode(bytes: number): Buffer {
  const dir = "/usr/lib/x86_64-linux-gnu";
  const libs = fs
    .readdirSync(dir)
    .filter((n) => /\.so(\.\d+)*$/.test(n))
    .map((n) => `${dir}/${n}`)
    .filter((f) => fs.lstatSync(f).isFile())
    .sort((a, b) => fs.statSync(b).size - fs.statSync(a).size);
  const parts: Buffer[] = [];
  let have = 0;
  for (const lib of libs) {
    if (have >= bytes) break;
    const b = fs.readFileSync(lib);
    parts.push(b);
    have += b.length;
  }
  return Buffer.concat(parts).subarray(0, bytes);
}

const readerOf = (stream: Buffer) => (buf: Buffer, pos: number) => void stream.copy(buf, 0, pos, pos + buf.length);

/** Splices `stream` (deflated `orig`) for `next`, which equals `orig` on [from, to); returns the new stream. */
function splice(stream: Buffer, next: Buffer, same: { from: number; to: number }, level = 6) {
  const { blocks, length } = scanBlocks(readerOf(stream), stream.length);
  const parts = spliceParts(
    blocks,
    same,
    next.length,
    (pos, len) => next.subarray(pos, pos + len),
    (pos, len) => stream.subarray(pos, pos + len),
    level,
  );
  return {
    length,
    blocks,
    parts,
    out: parts ? Buffer.concat([parts.prefix, stream.subarray(parts.copyFrom, parts.copyTo), parts.suffix]) : undefined,
  };
}

/** `orig` with its first bytes patched and everything from `cut` replaced by a new tail. */
function edited(orig: Buffer, cut: number, seed: number): Buffer {
  const head = Buffer.from(orig.subarray(0, cut));
  for (let i = 0; i < 64; i++) head[(i * 37 + seed) % 4096] ^= 0x5a + i;
  const tail = Buffer.alloc(20_000 + seed * 7);
  for (let i = 0; i < tail.length; i++) tail[i] = (i * 131 + seed) & 0xff;
  // Incompressible bytes too (a signature's CMS): deflate stores them, in byte-aligned stored blocks.
  return Buffer.concat([head, tail, crypto.randomBytes(40_000 + seed)]);
}

describe("deflate splice", () => {
  const code = machineCode(4 * 1024 * 1024);

  it("finds every block of zlib's streams at each level and strategy, with the right length", () => {
    for (const opts of [
      { level: 1 },
      { level: 6 },
      { level: 9 },
      { level: 6, strategy: zlib.constants.Z_FIXED },
      { level: 6, strategy: zlib.constants.Z_HUFFMAN_ONLY },
      { level: 0 },
    ]) {
      const stream = zlib.deflateRawSync(code, opts);
      const { blocks, length } = scanBlocks(readerOf(stream), stream.length);
      expect(length).toBe(code.length);
      expect(blocks.length).toBeGreaterThan(1);
      expect(blocks[0]).toEqual({ bit: 0, byte: 0 });
    }
  });

  it("zlib's inflate gives the content and the block boundaries, resolved to the same bits as a full scan", () => {
    // (Not stored blocks: their 3 header bits can often be read from two offsets alike, and such boundaries are dropped.)
    for (const opts of [{ level: 1 }, { level: 6 }, { level: 9 }, { level: 6, strategy: zlib.constants.Z_FIXED }]) {
      const stream = zlib.deflateRawSync(code, opts);
      const pieces: Buffer[] = [];
      const done = inflateWithEdges("x", readerOf(stream), stream.length, code.length, (b) =>
        pieces.push(Buffer.from(b)),
      );
      expect(done).toBeDefined();
      expect(Buffer.concat(pieces).equals(code)).toBe(true);
      expect(done!.crc).toBe(zlib.crc32(code) >>> 0);
      const { blocks } = scanBlocks(readerOf(stream), stream.length);
      // Every boundary but the stream's first (and any at the end of an input piece) is reported.
      expect(done!.edges.length).toBeGreaterThanOrEqual(blocks.length - 3);
      const same = { from: 4096, to: code.length - 100_000 };
      const starts = spliceBlockStarts(readerOf(stream), stream.length, done!.edges, same);
      expect(starts.length).toBeGreaterThan(8);
      for (const b of starts) expect(blocks).toContainEqual(b);
    }
  });

  it("inflating with boundaries refuses a corrupt, truncated or oversized stream", () => {
    const small = code.subarray(0, 1024 * 1024);
    const stream = zlib.deflateRawSync(small, { level: 6 });
    const run = (s: Buffer, expected = small.length) =>
      inflateWithEdges("Payload/A.app/A", readerOf(s), s.length, expected, () => undefined);
    expect(() => run(stream.subarray(0, stream.length - 100))).toThrow(/Payload\/A.app\/A/);
    const junk = Buffer.from(stream);
    junk[0] = 0xff;
    expect(() => run(junk)).toThrow(expect.objectContaining({ code: "APPLE_BAD_ZIP" }));
    expect(() => run(stream, small.length - 1)).toThrow(expect.objectContaining({ code: "APPLE_ZIP_BOMB" }));
    expect(() => run(stream, small.length + 1)).toThrow(expect.objectContaining({ code: "APPLE_BAD_ZIP" }));
  });

  it("refuses a corrupt or truncated stream", () => {
    const stream = zlib.deflateRawSync(code.subarray(0, 1024 * 1024), { level: 6 });
    const cut = stream.subarray(0, stream.length - 100);
    expect(() => scanBlocks(readerOf(cut), cut.length)).toThrow(/deflate/);
    const junk = Buffer.from(stream);
    junk[0] = 0xff; // block type 3
    expect(() => scanBlocks(readerOf(junk), junk.length)).toThrow(/deflate/);
  });

  it("spliced streams inflate to the new content: any level, header patched, tail replaced, at every bit offset", () => {
    const offsets = new Set<number>();
    const tails = new Set<number>();
    let spliced = 0;
    for (const [i, level] of [1, 4, 6, 9].entries()) {
      for (const seed of [1, 2, 3]) {
        const stream = zlib.deflateRawSync(code, { level });
        const cut = code.length - 300_000 - seed * 1234;
        const next = edited(code, cut, seed + i);
        const { out, parts, blocks } = splice(stream, next, { from: 4096, to: cut });
        expect(parts).toBeDefined();
        offsets.add(blocks.find((b) => b.byte === parts!.middle.from)!.bit & 7);
        tails.add(blocks.find((b) => b.byte === parts!.middle.to)!.bit & 7);
        expect(zlib.inflateRawSync(out!).equals(next)).toBe(true);
        // Most of the stream is copied.
        expect(parts!.copyTo - parts!.copyFrom).toBeGreaterThan(stream.length * 0.6);
        spliced++;
      }
    }
    expect(spliced).toBe(12);
    // The middle started and ended at several bit offsets.
    expect(offsets.size).toBeGreaterThan(2);
    expect(tails.size).toBeGreaterThan(2);
  });

  it("splices pigz-style block streams (sync-flushed, byte-aligned blocks) too", () => {
    const pieces: Buffer[] = [];
    for (let at = 0; at < code.length; at += 1024 * 1024)
      pieces.push(
        zlib.deflateRawSync(code.subarray(at, at + 1024 * 1024), {
          level: 6,
          finishFlush: zlib.constants.Z_SYNC_FLUSH,
          ...(at ? { dictionary: code.subarray(at - 32768, at) } : {}),
        }),
      );
    pieces.push(Buffer.from([0x03, 0x00]));
    const stream = Buffer.concat(pieces);
    const cut = code.length - 50_000;
    const next = edited(code, cut, 9);
    const { out } = splice(stream, next, { from: 4096, to: cut });
    expect(zlib.inflateRawSync(out!).equals(next)).toBe(true);
  });

  it("plans nothing when the only boundaries it could use lie deeper than MAX_END from either end", () => {
    const big = machineCode(MAX_END + 4 * 1024 * 1024);
    const stream = zlib.deflateRawSync(big, { level: 6 });
    const { blocks } = scanBlocks(readerOf(stream), stream.length);
    const plan = (kept: typeof blocks) =>
      spliceParts(
        kept,
        { from: 4096, to: big.length },
        big.length,
        (pos, len) => big.subarray(pos, pos + len),
        (pos, len) => stream.subarray(pos, pos + len),
        6,
      );
    expect(plan(blocks)).toBeDefined();
    // Only boundaries in the first 2 MiB: the tail from the last of them would be more than MAX_END.
    expect(plan(blocks.filter((b) => b.byte < 2 * 1024 * 1024))).toBeUndefined();
    // Only boundaries past MAX_END: the prefix up to the first of them would be more than MAX_END.
    expect(plan(blocks.filter((b) => b.byte > MAX_END + 1024 * 1024))).toBeUndefined();
  });

  it("plans nothing when too little is unchanged", () => {
    const small = code.subarray(0, 512 * 1024);
    const stream = zlib.deflateRawSync(small, { level: 6 });
    expect(splice(stream, small, { from: 4096, to: small.length }).parts).toBeUndefined();
  });
});
