/**
 * Random access to a Mach-O that need not be in memory: signing and verification read the
 * header and load commands, the signature blob and the code pages piece by piece, so a binary of
 * any size costs a few MiB (1 MiB chunks, the page hashes) instead of its size.
 */
import fs from "node:fs";
import { corrupt, isMachO, parseFat, type FatArch } from "@gryx/apple/macho";

export interface ByteSource {
  readonly size: number;
  /**
   * Bytes [pos, pos + len); the range must lie inside the source. May be a view: do not modify.
   * With `into` (at least `len` bytes), sources that copy copy into it instead of allocating.
   */
  read(pos: number, len: number, into?: Buffer): Buffer;
}

export class BufferSource implements ByteSource {
  constructor(private readonly buf: Buffer) {}
  get size(): number {
    return this.buf.length;
  }
  read(pos: number, len: number): Buffer {
    if (pos < 0 || len < 0 || pos + len > this.buf.length)
      corrupt(`read ${pos}+${len} beyond ${this.buf.length} bytes`);
    return this.buf.subarray(pos, pos + len);
  }
}

/** A file read with positional reads (blocking: the files are local temp files, read in 1 MiB pieces). */
export class FileSource implements ByteSource {
  private constructor(
    private readonly fd: number,
    readonly size: number,
  ) {}

  static open(file: string): FileSource {
    const fd = fs.openSync(file, "r");
    try {
      return new FileSource(fd, fs.fstatSync(fd).size);
    } catch (e) {
      fs.closeSync(fd);
      throw e;
    }
  }

  read(pos: number, len: number, into?: Buffer): Buffer {
    if (pos < 0 || len < 0 || pos + len > this.size) corrupt(`read ${pos}+${len} beyond ${this.size} bytes`);
    const buf = into && into.length >= len ? into.subarray(0, len) : Buffer.allocUnsafe(len);
    for (let done = 0; done < len;) {
      const n = fs.readSync(this.fd, buf, done, len - done, pos + done);
      if (n === 0) corrupt("file shrank while being read");
      done += n;
    }
    return buf;
  }

  close(): void {
    fs.closeSync(this.fd);
  }
}

/** A window [offset, offset + size) of another source (a fat slice). */
class SubSource implements ByteSource {
  constructor(
    private readonly parent: ByteSource,
    private readonly offset: number,
    readonly size: number,
  ) {}
  read(pos: number, len: number, into?: Buffer): Buffer {
    if (pos < 0 || len < 0 || pos + len > this.size) corrupt(`read ${pos}+${len} beyond ${this.size} bytes`);
    return this.parent.read(this.offset + pos, len, into);
  }
}

export function isMachOSource(src: ByteSource): boolean {
  return src.size >= 8 && isMachO(src.read(0, 8));
}

/** The slices of a fat or thin file, as windows of `src`. */
export function readSlices(src: ByteSource): { fat: boolean; archs: FatArch[]; slices: ByteSource[] } {
  if (src.size < 8) corrupt("file too small for a Mach-O header");
  const magic = src.read(0, 4).readUInt32BE(0);
  if (magic !== 0xcafebabe && magic !== 0xcafebabf) return { fat: false, archs: [], slices: [src] };
  const n = src.read(4, 4).readUInt32BE(0);
  if (n === 0 || n > 64) corrupt("bad fat header");
  const archs = parseFat(src.read(0, Math.min(src.size, 8 + n * 32)), src.size);
  return { fat: true, archs, slices: archs.map((a) => new SubSource(src, a.offset, a.size)) };
}

/** Largest load-command area we accept (real ones are a few KiB). */
const MAX_LOAD_COMMANDS = 16 * 1024 * 1024;

/**
 * The header and load commands of a thin image, plus up to `extra` bytes after them (the padding
 * where a signer or injector adds commands). A copy: callers may patch it.
 */
export function readHead(slice: ByteSource, extra = 0): Buffer {
  if (slice.size < 28) corrupt("file too small for a Mach-O header");
  const start = slice.read(0, Math.min(32, slice.size));
  const magic = start.readUInt32LE(0);
  if (magic !== 0xfeedface && magic !== 0xfeedfacf) corrupt("bad Mach-O magic");
  const headerSize = magic === 0xfeedfacf ? 32 : 28;
  const sizeofcmds = start.readUInt32LE(20);
  if (sizeofcmds > MAX_LOAD_COMMANDS || headerSize + sizeofcmds > slice.size)
    corrupt("load commands extend past the end of the file");
  return Buffer.from(slice.read(0, Math.min(slice.size, headerSize + sizeofcmds + extra)));
}
