import fs from "node:fs";
import { Readable, Transform, type TransformCallback } from "node:stream";
import zlib from "node:zlib";
import { AppleError } from "../errors";
import {
  CENTRAL_HEADER_SIZE,
  EOCD_SIZE,
  FLAG_ENCRYPTED,
  LOCAL_HEADER_SIZE,
  MAX_UINT16,
  MAX_UINT32,
  METHOD_DEFLATED,
  METHOD_STORED,
  S_IFDIR,
  S_IFLNK,
  S_IFMT,
  SIG_CENTRAL_HEADER,
  SIG_EOCD,
  SIG_LOCAL_HEADER,
  SIG_ZIP64_EOCD,
  SIG_ZIP64_LOCATOR,
  ZIP64_EOCD_SIZE,
  ZIP64_EXTRA_ID,
  ZIP64_LOCATOR_SIZE,
  readUInt64,
  unixModeOf,
} from "./format";
import { DEFAULT_ZIP_LIMITS, checkDeclaredSizes, checkEntryName, type ZipLimits } from "./limits";

export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  crc32: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
  /** MS-DOS date (high 16 bits) and time (low 16 bits), kept raw so copies preserve it exactly. */
  dosDateTime: number;
  versionMadeBy: number;
  externalAttributes: number;
  /** Unix st_mode, 0 if the archive was not made on a unix host. */
  mode: number;
  isDirectory: boolean;
  isSymlink: boolean;
  /** Position in the archive's central directory (0 .. count-1). */
  index?: number;
}

const READ_CHUNK = 256 * 1024;
/** Chunk of raw copies: big enough that the writer passes it straight to the file. */
const COPY_CHUNK = 1024 * 1024;
const READ_AHEAD = 1024 * 1024;
/** Entries up to this size (compressed and uncompressed) are handled in memory in one piece. */
const SMALL_ENTRY = 1024 * 1024;
/** Largest central directory we agree to load: ~2M entries worth of headers. */
const MAX_CENTRAL_DIRECTORY = 256 * 1024 * 1024;
/** Largest symlink target we read; real ones are a few dozen bytes. */
const MAX_SYMLINK_TARGET = 4096;
/** peek(): at most this many content bytes, inflated from at most this many compressed ones (≤ 1 MiB out). */
const PEEK_MAX = 4096;
const PEEK_DEFLATED_INPUT = 1024;

function notZip(detail: string): AppleError {
  return new AppleError("APPLE_BAD_ZIP", detail);
}

/**
 * Streaming zip reader over a file on disk. Only the central directory is held in memory, as it is
 * on disk (one Buffer, plus a few typed arrays: where each record starts, a name index, the sorted
 * data offsets): an app of 200,000 files costs ~100 bytes an entry instead of a JS object, a name
 * string and map slots each. Entries are made on demand (entryAt, iterate, find) and are the
 * caller's to drop; entry data is read on demand either raw (the compressed bytes, for copying into
 * another archive) or inflated with its size and CRC enforced.
 */
export class ZipReader {
  /** Number of entries. */
  readonly count: number;
  /** Where each entry's central record starts in `cd`. */
  private readonly records: Uint32Array;
  /** Open-addressing name index: entry index + 1 per slot, 0 for empty; size a power of two. */
  private readonly slots: Int32Array;
  /** The distinct local header offsets, ascending (see regionEnd). */
  private readonly starts: Float64Array;
  /** The first name that occurs twice, if any (the IPA layer refuses such archives). */
  readonly duplicateName: string | undefined;

  private constructor(
    readonly path: string,
    private readonly fh: fs.promises.FileHandle,
    readonly fileSize: number,
    private readonly cd: CentralDirectoryFile,
    table: CentralTable,
    private readonly centralDirectoryOffset: number,
  ) {
    this.count = table.records.length;
    this.records = table.records;
    this.slots = table.slots;
    this.checks = table.checks;
    this.starts = table.starts;
    this.duplicateName = table.duplicateName;
  }

  /** A second hash of each entry's name: candidates whose hashes differ are passed over without reading their names. */
  private readonly checks: Uint32Array;

  /** The entry at `i` (a new object each call). */
  entryAt(i: number, sequential = false): ZipEntry {
    const p = this.records[i]!;
    const at = this.cd.record(p, sequential);
    return parseRecord(this.cd.buf, at, i);
  }

  /** The name of the entry at `i`, without making the entry. */
  nameAt(i: number, sequential = false): string {
    const at = this.cd.record(this.records[i]!, sequential);
    const b = this.cd.buf;
    return b.toString("utf8", at + CENTRAL_HEADER_SIZE, at + CENTRAL_HEADER_SIZE + b.readUInt16LE(at + 28));
  }

  /** Every entry in central-directory order, each made as it is reached. */
  *iterate(): Generator<ZipEntry> {
    for (let i = 0; i < this.count; i++) yield this.entryAt(i, true);
  }

  /** Every entry's name in central-directory order. */
  *names(): Generator<string> {
    for (let i = 0; i < this.count; i++) yield this.nameAt(i, true);
  }

  /** Every entry as an array: for small archives and tests (an app of many files should iterate instead). */
  get entries(): ZipEntry[] {
    return [...this.iterate()];
  }

  /** The index of the (first) entry named `name`, or -1. */
  indexOf(name: string): number {
    const mask = this.slots.length - 1;
    const check = checkHash(name);
    for (let s = hashName(name) & mask; ; s = (s + 1) & mask) {
      const v = this.slots[s]!;
      if (v === 0) return -1;
      if (this.checks[v - 1] === check && this.nameAt(v - 1) === name) return v - 1;
    }
  }

  /** The (first) entry named `name`. */
  find(name: string): ZipEntry | undefined {
    const i = this.indexOf(name);
    return i < 0 ? undefined : this.entryAt(i);
  }

  /**
   * Read-ahead for small entries, which are read in archive order by copies and verification:
   * one 1 MiB read serves dozens of them.
   */
  private window: { start: number; buf: Buffer } | undefined;

  static async open(filePath: string, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<ZipReader> {
    let fh: fs.promises.FileHandle;
    try {
      fh = await fs.promises.open(filePath, "r");
    } catch (e) {
      throw new AppleError("APPLE_IO_ERROR", `${filePath}: ${(e as Error).message}`);
    }
    try {
      const { size } = await fh.stat();
      const cd = await locateCentralDirectory(fh, size);
      if (cd.size > MAX_CENTRAL_DIRECTORY) throw new AppleError("APPLE_ZIP_BOMB", `中央目录 ${cd.size} 字节`);
      if (cd.count > limits.maxEntries) {
        throw new AppleError("APPLE_ZIP_BOMB", `${cd.count} 个文件，超过上限 ${limits.maxEntries}`);
      }
      const file = new CentralDirectoryFile(fh.fd, cd.offset, cd.size);
      const table = indexCentralDirectory(file, cd.count, limits, cd.offset);
      return new ZipReader(filePath, fh, size, file, table, cd.offset);
    } catch (e) {
      await fh.close();
      if (e instanceof AppleError) throw e;
      throw notZip((e as Error).message);
    }
  }

  async close(): Promise<void> {
    await this.fh.close();
  }

  /** Offset of the entry's first data byte, after its local header. */
  async dataOffset(entry: ZipEntry): Promise<number> {
    return this.dataStart(entry, await readAt(this.fh, entry.localHeaderOffset, LOCAL_HEADER_SIZE));
  }

  private dataStart(entry: ZipEntry, head: Buffer): number {
    if (head.readUInt32LE(0) !== SIG_LOCAL_HEADER) throw notZip(`${entry.name}: 本地文件头损坏`);
    const start = entry.localHeaderOffset + LOCAL_HEADER_SIZE + head.readUInt16LE(26) + head.readUInt16LE(28);
    if (start + entry.compressedSize > this.centralDirectoryOffset) throw notZip(`${entry.name}: 数据越界`);
    return start;
  }

  /**
   * Small entries are read (header and data in one read) and inflated in one go: apps hold
   * thousands of small files, and per-entry stream setup would dominate their cost.
   */
  isSmall(entry: ZipEntry): boolean {
    return isSmallEntry(entry);
  }

  /** The raw (compressed) bytes of a small entry. */
  async readRaw(entry: ZipEntry): Promise<Buffer> {
    if (!this.isSmall(entry)) throw new RangeError(`${entry.name} is not a small entry`);
    // The local header, its extra field and the data; usually all inside the read-ahead window.
    const guess = LOCAL_HEADER_SIZE + Buffer.byteLength(entry.name) + 64 + entry.compressedSize;
    const lho = entry.localHeaderOffset;
    let w = this.window;
    if (!w || lho < w.start || lho + Math.min(guess, this.centralDirectoryOffset - lho) > w.start + w.buf.length) {
      const len = Math.min(Math.max(READ_AHEAD, guess), this.centralDirectoryOffset - lho);
      if (len < LOCAL_HEADER_SIZE) throw notZip(`${entry.name}: 本地文件头越界`);
      // A new buffer each time: slices handed out earlier stay valid.
      w = this.window = { start: lho, buf: await readAt(this.fh, lho, len) };
    }
    const view = w.buf.subarray(lho - w.start);
    const start = this.dataStart(entry, view) - lho;
    if (start + entry.compressedSize <= view.length) return view.subarray(start, start + entry.compressedSize);
    return readAt(this.fh, lho + start, entry.compressedSize);
  }

  /** Where an entry's region ends: the next local header, or the central directory. */
  regionEnd(entry: ZipEntry): number {
    // The first distinct start above this entry's (binary search).
    const starts = this.starts;
    let lo = 0;
    let hi = starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (starts[mid]! <= entry.localHeaderOffset) lo = mid + 1;
      else hi = mid;
    }
    return lo < starts.length ? starts[lo]! : this.centralDirectoryOffset;
  }

  /** The entry's stored bytes exactly as in the archive (still deflated for method 8). */
  async openRaw(entry: ZipEntry): Promise<Readable> {
    if (this.isSmall(entry)) return Readable.from([await this.readRaw(entry)]);
    const start = await this.dataOffset(entry);
    // Positional reads on the shared handle: no open/close per entry, and the stream reads one
    // chunk ahead of its consumer.
    return Readable.from(readRange(this.fh, start, entry.compressedSize), {
      objectMode: false,
      highWaterMark: READ_CHUNK,
    });
  }

  /**
   * The entry's stored bytes as 1 MiB chunks in two alternating buffers: the next chunk is read
   * while the consumer writes the current one out, and raw copies of gigabytes allocate
   * nothing. Each chunk is valid only until the one after it is requested (for-await use).
   */
  async *rawChunks(entry: ZipEntry): AsyncGenerator<Buffer> {
    if (this.isSmall(entry)) {
      yield await this.readRaw(entry);
      return;
    }
    const start = await this.dataOffset(entry);
    const end = start + entry.compressedSize;
    const buffers = [Buffer.allocUnsafe(COPY_CHUNK), Buffer.allocUnsafe(COPY_CHUNK)];
    const readInto = async (buf: Buffer, pos: number): Promise<Buffer> => {
      const n = Math.min(buf.length, end - pos);
      const { bytesRead } = await this.fh.read(buf, 0, n, pos);
      if (bytesRead !== n) throw notZip("文件被截断");
      return buf.subarray(0, n);
    };
    let pos = start;
    let next: Promise<Buffer> | undefined = readInto(buffers[0], pos);
    for (let i = 0; next; i++) {
      const chunk: Buffer = await next;
      pos += chunk.length;
      next = pos < end ? readInto(buffers[(i + 1) % 2], pos) : undefined;
      // Keep a prefetch failure from surfacing as unhandled while the consumer holds `chunk`.
      next?.catch(() => undefined);
      yield chunk;
    }
  }

  /** Fills `buf` with the archive's bytes at `position` (for callers that manage their own buffers). */
  async readRawInto(buf: Buffer, position: number): Promise<void> {
    if (position + buf.length > this.centralDirectoryOffset) throw notZip("数据越界");
    for (let done = 0; done < buf.length;) {
      const { bytesRead } = await this.fh.read(buf, done, buf.length - done, position + done);
      if (bytesRead === 0) throw notZip("文件被截断");
      done += bytesRead;
    }
  }

  /**
   * The entry's uncompressed content. Inflated bytes are counted as they come: more than the
   * declared size aborts with APPLE_ZIP_BOMB; fewer, or a CRC mismatch, with APPLE_BAD_ZIP.
   */
  async openEntry(entry: ZipEntry): Promise<Readable> {
    checkSupported(entry);
    if (this.isSmall(entry)) return Readable.from([decodeBuffer(entry, await this.readRaw(entry))]);
    return decodeEntry(entry, await this.openRaw(entry));
  }

  /** Reads a whole entry into memory; for the small files signing changes (plists, binaries). */
  async readEntry(entry: ZipEntry): Promise<Buffer> {
    if (this.isSmall(entry)) return decodeBuffer(entry, await this.readRaw(entry));
    const chunks: Buffer[] = [];
    for await (const chunk of await this.openEntry(entry)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /**
   * Up to the first `n` bytes (n ≤ 4 KiB) of the entry's content, without reading or inflating the
   * rest: how the signer tells code from resources by content (Mach-O magic). Not CRC-checked (the
   * copy or extraction that follows checks the whole entry).
   */
  async peek(entry: ZipEntry, n: number): Promise<Buffer> {
    checkSupported(entry);
    const want = Math.min(n, PEEK_MAX, entry.uncompressedSize);
    if (want === 0) return Buffer.alloc(0);
    const rawLen = entry.method === METHOD_STORED ? want : Math.min(entry.compressedSize, PEEK_DEFLATED_INPUT);
    // Only the bytes needed, not the read-ahead window: a walk peeking at files among large ones would make a new
    // 1 MiB window for nearly every peek (an app's 154 peeks: 23 MiB for the collector).
    const raw = await readAt(this.fh, await this.dataOffset(entry), rawLen);
    if (entry.method === METHOD_STORED) return raw;
    try {
      // A partial stream: flush what the first bytes decode to instead of failing at their end.
      return zlib.inflateRawSync(raw, { finishFlush: zlib.constants.Z_SYNC_FLUSH }).subarray(0, want);
    } catch (e) {
      throw notZip(`${entry.name}: ${(e as Error).message}`);
    }
  }

  async readSymlinkTarget(entry: ZipEntry): Promise<string> {
    if (entry.uncompressedSize > MAX_SYMLINK_TARGET) throw new AppleError("APPLE_UNSAFE_SYMLINK", entry.name);
    return (await this.readEntry(entry)).toString("utf8");
  }
}

export function isSmallEntry(entry: Pick<ZipEntry, "compressedSize" | "uncompressedSize">): boolean {
  return entry.compressedSize <= SMALL_ENTRY && entry.uncompressedSize <= SMALL_ENTRY;
}

export function checkSupported(entry: ZipEntry): void {
  if (entry.flags & FLAG_ENCRYPTED) throw notZip(`${entry.name}: 不支持加密的 zip 条目`);
  if (entry.method !== METHOD_STORED && entry.method !== METHOD_DEFLATED) {
    throw notZip(`${entry.name}: 不支持的压缩方式 ${entry.method}`);
  }
}

/**
 * Turns an entry's raw bytes (from openRaw) into its content, inflating and enforcing the
 * declared size and CRC.
 */
function decodeEntry(entry: ZipEntry, raw: Readable): Readable {
  checkSupported(entry);
  const check = new EntryCheck(entry);
  raw.on("error", (e) => check.destroy(e));
  // If the consumer stops early, stop reading (and inflating) too.
  check.on("close", () => raw.destroy());
  if (entry.method === METHOD_STORED) return raw.pipe(check);
  const inflate = zlib.createInflateRaw({ chunkSize: 64 * 1024 });
  inflate.on("error", (e) => check.destroy(notZip(`${entry.name}: ${e.message}`)));
  check.on("close", () => inflate.destroy());
  return raw.pipe(inflate).pipe(check);
}

/** In-memory counterpart of decodeEntry for a small entry's raw bytes, with the same checks. */
export function decodeBuffer(entry: ZipEntry, raw: Buffer): Buffer {
  checkSupported(entry);
  let data = raw;
  if (entry.method === METHOD_DEFLATED) {
    try {
      // One byte more than declared: enough to tell "too long" without inflating a bomb.
      data = zlib.inflateRawSync(raw, { maxOutputLength: entry.uncompressedSize + 1 });
    } catch (e) {
      const err = e as NodeJS.ErrnoException;
      if (err.code === "ERR_BUFFER_TOO_LARGE") {
        throw new AppleError("APPLE_ZIP_BOMB", `${entry.name} 解压后超过声明的 ${entry.uncompressedSize} 字节`);
      }
      throw notZip(`${entry.name}: ${err.message}`);
    }
  }
  if (data.length > entry.uncompressedSize) {
    throw new AppleError("APPLE_ZIP_BOMB", `${entry.name} 解压后超过声明的 ${entry.uncompressedSize} 字节`);
  }
  if (data.length !== entry.uncompressedSize) {
    throw notZip(`${entry.name}: 解压后 ${data.length} 字节，声明为 ${entry.uncompressedSize}`);
  }
  if (zlib.crc32(data) >>> 0 !== entry.crc32) throw notZip(`${entry.name}: CRC 校验失败`);
  return data;
}

/** Counts and CRCs inflated bytes, failing the stream as soon as the entry exceeds its declared size. */
class EntryCheck extends Transform {
  private seen = 0;
  private crc = 0;
  constructor(private readonly entry: ZipEntry) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, cb: TransformCallback): void {
    this.seen += chunk.length;
    if (this.seen > this.entry.uncompressedSize) {
      cb(new AppleError("APPLE_ZIP_BOMB", `${this.entry.name} 解压后超过声明的 ${this.entry.uncompressedSize} 字节`));
      return;
    }
    this.crc = zlib.crc32(chunk, this.crc);
    cb(null, chunk);
  }
  override _flush(cb: TransformCallback): void {
    if (this.seen !== this.entry.uncompressedSize) {
      cb(notZip(`${this.entry.name}: 解压后 ${this.seen} 字节，声明为 ${this.entry.uncompressedSize}`));
    } else if (this.crc >>> 0 !== this.entry.crc32) {
      cb(notZip(`${this.entry.name}: CRC 校验失败`));
    } else cb();
  }
}

async function* readRange(fh: fs.promises.FileHandle, start: number, length: number): AsyncGenerator<Buffer> {
  const end = start + length;
  for (let pos = start; pos < end;) {
    const n = Math.min(READ_CHUNK, end - pos);
    const buf = Buffer.allocUnsafe(n);
    const { bytesRead } = await fh.read(buf, 0, n, pos);
    if (bytesRead === 0) throw notZip("文件被截断");
    pos += bytesRead;
    yield bytesRead === buf.length ? buf : buf.subarray(0, bytesRead);
  }
}

async function readAt(fh: fs.promises.FileHandle, position: number, length: number): Promise<Buffer> {
  const buf = Buffer.alloc(length);
  let done = 0;
  while (done < length) {
    const { bytesRead } = await fh.read(buf, done, length - done, position + done);
    if (bytesRead === 0) throw notZip("文件被截断");
    done += bytesRead;
  }
  return buf;
}

interface CentralDirectoryLocation {
  offset: number;
  size: number;
  count: number;
}

async function locateCentralDirectory(fh: fs.promises.FileHandle, fileSize: number): Promise<CentralDirectoryLocation> {
  if (fileSize < EOCD_SIZE) throw notZip("文件太小");
  // The EOCD is followed by a comment of at most 65535 bytes: scan that window backwards.
  const tailLen = Math.min(fileSize, EOCD_SIZE + MAX_UINT16);
  const tailStart = fileSize - tailLen;
  const tail = await readAt(fh, tailStart, tailLen);
  let at = -1;
  for (let i = tailLen - EOCD_SIZE; i >= 0; i--) {
    if (tail.readUInt32LE(i) === SIG_EOCD && i + EOCD_SIZE + tail.readUInt16LE(i + 20) === tailLen) {
      at = i;
      break;
    }
  }
  if (at < 0) throw notZip("找不到中央目录结尾记录");
  const eocdOffset = tailStart + at;
  let count = tail.readUInt16LE(at + 10);
  let size = tail.readUInt32LE(at + 12);
  let offset = tail.readUInt32LE(at + 16);
  if (tail.readUInt16LE(at + 4) !== 0 || tail.readUInt16LE(at + 6) !== 0) throw notZip("不支持分卷 zip");

  if (eocdOffset >= ZIP64_LOCATOR_SIZE) {
    const loc = await readAt(fh, eocdOffset - ZIP64_LOCATOR_SIZE, ZIP64_LOCATOR_SIZE);
    if (loc.readUInt32LE(0) === SIG_ZIP64_LOCATOR) {
      const recOffset = readUInt64(loc, 8);
      if (recOffset + ZIP64_EOCD_SIZE > eocdOffset) throw notZip("zip64 记录越界");
      const rec = await readAt(fh, recOffset, ZIP64_EOCD_SIZE);
      if (rec.readUInt32LE(0) !== SIG_ZIP64_EOCD) throw notZip("zip64 中央目录结尾记录损坏");
      count = readUInt64(rec, 32);
      size = readUInt64(rec, 40);
      offset = readUInt64(rec, 48);
    }
  }
  if (offset + size > eocdOffset) throw notZip("中央目录越界");
  return { offset, size, count };
}

interface CentralTable {
  records: Uint32Array;
  slots: Int32Array;
  checks: Uint32Array;
  starts: Float64Array;
  duplicateName: string | undefined;
}

/** FNV-1a over a name's UTF-16 code units (names are compared as the strings they decode to). */
function hashName(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** A second, independent hash (multiply-xorshift), kept per entry to skip reading names that cannot match. */
function checkHash(name: string): number {
  let h = 0x9e3779b9;
  for (let i = 0; i < name.length; i++) {
    h = Math.imul(h ^ name.charCodeAt(i), 0x85ebca6b);
    h ^= h >>> 13;
  }
  return h >>> 0;
}

/**
 * The central directory, read from the archive on demand rather than kept (it is 80 bytes and more an
 * entry): walks in order read it 256 KiB at a time, single records (lookups by name) 16 KiB at a time.
 * `buf` holds the bytes last asked for; record() says where.
 */
class CentralDirectoryFile {
  private static readonly SEQUENTIAL = 256 * 1024;
  private static readonly RANDOM = 16 * 1024;
  /** Each window: its memory (reused: nothing keeps a view of it, records are decoded into strings and numbers), the bytes read into it, and where they start. */
  private seq = { mem: Buffer.alloc(0), buf: Buffer.alloc(0), start: 0 };
  private rnd = { mem: Buffer.alloc(0), buf: Buffer.alloc(0), start: 0 };
  /** The buffer the last record() answered from. */
  buf = Buffer.alloc(0);

  constructor(
    private readonly fd: number,
    private readonly base: number,
    readonly size: number,
  ) {}

  /** Makes the whole record at `p` (central-directory relative) readable in `buf` and returns its position there. */
  record(p: number, sequential: boolean): number {
    let at = this.range(p, CENTRAL_HEADER_SIZE, sequential);
    const b = this.buf;
    if (b.readUInt32LE(at) !== SIG_CENTRAL_HEADER) throw notZip("中央目录损坏");
    const len = CENTRAL_HEADER_SIZE + b.readUInt16LE(at + 28) + b.readUInt16LE(at + 30) + b.readUInt16LE(at + 32);
    if (at + len > b.length) at = this.range(p, len, sequential);
    return at;
  }

  private range(p: number, len: number, sequential: boolean): number {
    const w = sequential ? this.seq : this.rnd;
    if (p < w.start || p + len > w.start + w.buf.length) {
      if (p + len > this.size) throw notZip("中央目录越界");
      const n = Math.min(
        Math.max(len, sequential ? CentralDirectoryFile.SEQUENTIAL : CentralDirectoryFile.RANDOM),
        this.size - p,
      );
      if (w.mem.length < n) w.mem = Buffer.allocUnsafe(n);
      const buf = w.mem.subarray(0, n);
      w.buf = Buffer.alloc(0); // until the read succeeds
      for (let done = 0; done < n;) {
        const r = fs.readSync(this.fd, buf, done, n - done, this.base + p + done);
        if (r === 0) throw notZip("文件被截断");
        done += r;
      }
      w.buf = buf;
      w.start = p;
      this.buf = buf;
      return 0;
    }
    this.buf = w.buf;
    return p - w.start;
  }
}

/**
 * Checks every central record (bounds, names, declared sizes, overlapping data) and indexes them:
 * where each starts, a name index, and the sorted distinct data offsets.
 */
function indexCentralDirectory(
  cd: CentralDirectoryFile,
  count: number,
  limits: ZipLimits,
  centralDirectoryOffset: number,
): CentralTable {
  const records = new Uint32Array(count);
  let slotCount = 16;
  while (slotCount < count * 2) slotCount *= 2;
  const slots = new Int32Array(slotCount);
  const checks = new Uint32Array(count);
  const mask = slotCount - 1;
  const offsets = new Float64Array(count);
  const ends = new Float64Array(count);
  let duplicateName: string | undefined;
  let p = 0;
  const nameOf = (i: number) => {
    const at = cd.record(records[i]!, false);
    return cd.buf.toString("utf8", at + CENTRAL_HEADER_SIZE, at + CENTRAL_HEADER_SIZE + cd.buf.readUInt16LE(at + 28));
  };
  for (let i = 0; i < count; i++) {
    if (p + CENTRAL_HEADER_SIZE > cd.size) throw notZip(`中央目录第 ${i} 项损坏`);
    let at: number;
    try {
      at = cd.record(p, true);
    } catch {
      throw notZip(`中央目录第 ${i} 项损坏`);
    }
    const b = cd.buf;
    const len = CENTRAL_HEADER_SIZE + b.readUInt16LE(at + 28) + b.readUInt16LE(at + 30) + b.readUInt16LE(at + 32);
    records[i] = p;
    const e = parseRecord(b, at, i);
    checkEntryName(e.name);
    const check = checkHash(e.name);
    checks[i] = check;
    for (let s = hashName(e.name) & mask; ; s = (s + 1) & mask) {
      const v = slots[s]!;
      if (v === 0) {
        slots[s] = i + 1;
        break;
      }
      if (checks[v - 1] === check && nameOf(v - 1) === e.name) {
        duplicateName ??= e.name;
        break;
      }
    }
    offsets[i] = e.localHeaderOffset;
    ends[i] = e.localHeaderOffset + LOCAL_HEADER_SIZE + Buffer.byteLength(e.name) + e.compressedSize;
    p += len;
  }
  const entries = {
    *[Symbol.iterator]() {
      for (let i = 0; i < count; i++) yield parseRecord(cd.buf, cd.record(records[i]!, true), i);
    },
  };
  checkDeclaredSizes(entries, limits);
  // Entries whose data ranges overlap let a few kilobytes expand into gigabytes (the "overlapping
  // files" zip bomb), and no honest writer produces them.
  const order = new Uint32Array(count);
  for (let i = 0; i < count; i++) order[i] = i;
  order.sort((a, b) => offsets[a]! - offsets[b]! || a - b);
  const starts = new Float64Array(count);
  let distinct = 0;
  for (let k = 0; k < count; k++) {
    const i = order[k]!;
    const next = k + 1 < count ? offsets[order[k + 1]!]! : centralDirectoryOffset;
    if (ends[i]! > next) throw new AppleError("APPLE_ZIP_BOMB", `${nameOf(i)} 与其他条目的数据重叠`);
    if (distinct === 0 || starts[distinct - 1] !== offsets[i]) starts[distinct++] = offsets[i]!;
  }
  return { records, slots, checks, starts: starts.slice(0, distinct), duplicateName };
}

/** The entry whose central record starts at `p` (already bounds-checked by indexCentralDirectory). */
function parseRecord(cd: Buffer, p: number, index: number): ZipEntry {
  const versionMadeBy = cd.readUInt16LE(p + 4);
  const flags = cd.readUInt16LE(p + 8);
  const method = cd.readUInt16LE(p + 10);
  const dosDateTime = ((cd.readUInt16LE(p + 14) << 16) | cd.readUInt16LE(p + 12)) >>> 0;
  const crc32 = cd.readUInt32LE(p + 16);
  let compressedSize = cd.readUInt32LE(p + 20);
  let uncompressedSize = cd.readUInt32LE(p + 24);
  const nameLen = cd.readUInt16LE(p + 28);
  const extraLen = cd.readUInt16LE(p + 30);
  const externalAttributes = cd.readUInt32LE(p + 38);
  let localHeaderOffset = cd.readUInt32LE(p + 42);
  const name = cd.toString("utf8", p + CENTRAL_HEADER_SIZE, p + CENTRAL_HEADER_SIZE + nameLen);

  // zip64 extra: the 64-bit values appear only for fields whose 32-bit slot is 0xFFFFFFFF, in this order.
  if (
    extraLen > 0 &&
    (uncompressedSize === MAX_UINT32 || compressedSize === MAX_UINT32 || localHeaderOffset === MAX_UINT32)
  ) {
    let x = p + CENTRAL_HEADER_SIZE + nameLen;
    const xEnd = x + extraLen;
    while (x + 4 <= xEnd) {
      const id = cd.readUInt16LE(x);
      const len = cd.readUInt16LE(x + 2);
      if (id === ZIP64_EXTRA_ID) {
        let q = x + 4;
        const take = (): number => {
          if (q + 8 > x + 4 + len || q + 8 > xEnd) throw notZip(`${name}: zip64 扩展字段太短`);
          const v = readUInt64(cd, q);
          q += 8;
          return v;
        };
        if (uncompressedSize === MAX_UINT32) uncompressedSize = take();
        if (compressedSize === MAX_UINT32) compressedSize = take();
        if (localHeaderOffset === MAX_UINT32) localHeaderOffset = take();
      }
      x += 4 + len;
    }
  }

  const mode = unixModeOf(versionMadeBy, externalAttributes);
  const isDirectory = name.endsWith("/") || (mode & S_IFMT) === S_IFDIR || (externalAttributes & 0x10) !== 0;
  return {
    name,
    method,
    flags,
    crc32,
    compressedSize,
    uncompressedSize,
    localHeaderOffset,
    dosDateTime,
    versionMadeBy,
    externalAttributes,
    mode,
    isDirectory,
    isSymlink: (mode & S_IFMT) === S_IFLNK,
    index,
  };
}
