import fs from "node:fs";
import { Transform, type Readable, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";
import os from "node:os";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { AppleError } from "../errors";
import { GcEvery } from "./collect";
import { NameSet } from "./name-set";
import {
  CENTRAL_HEADER_SIZE,
  EOCD_SIZE,
  FLAG_UTF8,
  LOCAL_HEADER_SIZE,
  MAX_UINT16,
  MAX_UINT32,
  METHOD_DEFLATED,
  METHOD_STORED,
  S_IFDIR,
  S_IFLNK,
  S_IFREG,
  SIG_CENTRAL_HEADER,
  SIG_EOCD,
  SIG_LOCAL_HEADER,
  SIG_ZIP64_EOCD,
  SIG_ZIP64_LOCATOR,
  VERSION_MADE_BY_UNIX,
  VERSION_NEEDED_DEFAULT,
  VERSION_NEEDED_ZIP64,
  ZIP64_EOCD_SIZE,
  ZIP64_EXTRA_ID,
  ZIP64_LOCATOR_SIZE,
  toDosDateTime,
  writeUInt64,
} from "./format";

export interface EntryOptions {
  /** Unix permission bits (type bits are added by the writer). Default 0644, or 0755 for directories. */
  mode?: number;
  /** Modification time; default now. */
  mtime?: Date;
}

export interface StreamEntryOptions extends EntryOptions {
  /** 0 stores; 1-9 deflate at that level. */
  level: number;
  /**
   * Expected uncompressed size, if known. Without it (or when it nears 4 GiB) the local header
   * reserves a zip64 field, since a streamed entry's header is written before its size is known.
   */
  sizeHint?: number;
  /**
   * Deflate in 1 MiB blocks on the libuv thread pool, this many at once, pigz-style (each block
   * primed with the previous 32 KiB): the same compression nearly, at most this many times faster.
   * Default: the cores, for entries of 4 MiB and more (by sizeHint); 1 turns it off.
   */
  parallel?: number;
}

/** Everything needed to copy an entry's compressed bytes verbatim from another archive. */
export interface RawEntryMeta {
  method: number;
  crc32: number;
  compressedSize: number;
  uncompressedSize: number;
  dosDateTime: number;
  versionMadeBy: number;
  externalAttributes: number;
}

interface CentralRecord extends RawEntryMeta {
  name: Buffer;
  flags: number;
  offset: number;
}

/** Above this a streamed entry reserves a zip64 field: deflate can grow incompressible input slightly. */
const STREAM_ZIP64_THRESHOLD = 0xf0000000;
const WRITE_BUFFER = 1024 * 1024;

/**
 * Appends to a file through a 1 MiB buffer and can patch bytes already appended, which is how
 * streamed entries get their CRC and sizes once known (seek-back instead of data descriptors,
 * which some iOS installers handle poorly).
 */
class OutputFile {
  private readonly buf = Buffer.allocUnsafe(WRITE_BUFFER);
  private used = 0;
  /** File position of buf[0]. */
  private bufStart = 0;

  constructor(private readonly fh: fs.promises.FileHandle) {}

  get position(): number {
    return this.bufStart + this.used;
  }

  async append(data: Buffer): Promise<void> {
    if (data.length >= WRITE_BUFFER / 2) {
      await this.flush();
      await this.writeAt(data, this.bufStart);
      this.bufStart += data.length;
      return;
    }
    if (this.used + data.length > WRITE_BUFFER) await this.flush();
    data.copy(this.buf, this.used);
    this.used += data.length;
  }

  async patch(position: number, data: Buffer): Promise<void> {
    if (position >= this.bufStart) {
      data.copy(this.buf, position - this.bufStart);
      return;
    }
    if (position + data.length > this.bufStart) await this.flush();
    await this.writeAt(data, position);
  }

  async flush(): Promise<void> {
    if (this.used === 0) return;
    await this.writeAt(this.buf.subarray(0, this.used), this.bufStart);
    this.bufStart += this.used;
    this.used = 0;
  }

  private async writeAt(data: Buffer, position: number): Promise<void> {
    let done = 0;
    while (done < data.length) {
      const { bytesWritten } = await this.fh.write(data, done, data.length - done, position + done);
      done += bytesWritten;
    }
  }
}

/**
 * Counts bytes and their CRC-32 as they pass. The input's meter also nudges the collector: a stream's chunks and
 * deflated blocks are Buffers whose memory lives outside the heap, and a stream makes few heap objects, so V8 would
 * let tens of MiB of spent ones pile up (a 60 MB seal: 30 MiB) before it collected.
 */
class Meter extends Transform {
  bytes = 0;
  crc = 0;
  private readonly gc = new GcEvery(4 * 1024 * 1024);
  constructor(private readonly withCrc: boolean) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, cb: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.withCrc) this.gc.add(chunk.length);
    if (this.withCrc) this.crc = zlib.crc32(chunk, this.crc);
    cb(null, chunk);
  }
}

function ioError(e: unknown): AppleError {
  return e instanceof AppleError ? e : new AppleError("APPLE_IO_ERROR", (e as Error).message);
}

/**
 * Streaming zip writer: entries are appended one after another (each fully written before the
 * next starts) and the central directory is written by close(). zip64 structures are emitted
 * only where a size, offset or the entry count needs them.
 */
export class ZipWriter {
  /**
   * The central directory, serialised as entries are added (about 80 bytes an entry): the first
   * 4 MiB in memory, the rest in a file next to the archive (an app of 200,000 files would
   * otherwise keep 16 MiB of it, or 200,000 record objects, alive until close).
   */
  private readonly central: SpillBuffer;
  private count = 0;
  /** Names written so far (dropped on close: 4 MiB for an app of 200,000 files, of no use once the file is done). */
  private names = new NameSet();
  private closed = false;

  private constructor(
    readonly path: string,
    private readonly fh: fs.promises.FileHandle,
    private readonly out: OutputFile,
  ) {
    this.central = new SpillBuffer(`${path}.cd`);
  }

  static async create(filePath: string): Promise<ZipWriter> {
    try {
      const fh = await fs.promises.open(filePath, "w");
      return new ZipWriter(filePath, fh, new OutputFile(fh));
    } catch (e) {
      throw ioError(e);
    }
  }

  get entryCount(): number {
    return this.count;
  }

  /** Compresses (or stores, level 0) a stream whose size need not be known in advance. */
  async addStream(name: string, source: Readable | AsyncIterable<Buffer>, opts: StreamEntryOptions): Promise<void> {
    const method = opts.level > 0 ? METHOD_DEFLATED : METHOD_STORED;
    const zip64 = opts.sizeHint === undefined || opts.sizeHint >= STREAM_ZIP64_THRESHOLD;
    const rec = this.startRecord(name, {
      method,
      crc32: 0,
      compressedSize: 0,
      uncompressedSize: 0,
      dosDateTime: toDosDateTime(opts.mtime ?? new Date()),
      versionMadeBy: VERSION_MADE_BY_UNIX,
      externalAttributes: externalAttributesFor(S_IFREG, opts.mode ?? 0o644),
    });
    try {
      await this.out.append(localHeader(rec, zip64));
      const input = new Meter(true);
      const output = new Meter(false);
      const sink = async (chunks: AsyncIterable<Buffer>) => {
        for await (const chunk of chunks) await this.out.append(chunk);
      };
      const jobs = opts.parallel ?? ((opts.sizeHint ?? 0) >= PARALLEL_FROM ? os.availableParallelism() : 1);
      if (method === METHOD_DEFLATED && jobs > 1) {
        await pipeline(
          source,
          input,
          (chunks: AsyncIterable<Buffer>) => deflateInBlocks(chunks, opts.level, jobs),
          output,
          sink,
        );
      } else if (method === METHOD_DEFLATED) {
        await pipeline(
          source,
          input,
          zlib.createDeflateRaw({ level: opts.level, chunkSize: 128 * 1024 }),
          output,
          sink,
        );
      } else {
        await pipeline(source, input, output, sink);
      }
      rec.crc32 = input.crc >>> 0;
      rec.uncompressedSize = input.bytes;
      rec.compressedSize = output.bytes;
      if (!zip64 && (rec.uncompressedSize >= MAX_UINT32 || rec.compressedSize >= MAX_UINT32)) {
        throw new AppleError("APPLE_IO_ERROR", `${name}: 实际大小超过 sizeHint 且超过 4 GiB`);
      }
      await this.out.patch(rec.offset, localHeader(rec, zip64));
      this.addRecord(rec);
    } catch (e) {
      throw ioError(e);
    }
  }

  private addRecord(rec: CentralRecord): void {
    this.central.append(centralHeader(rec));
    this.count++;
  }

  /** Adds an in-memory file (plists, signed binaries): deflated unless that would not shrink it. */
  async addBuffer(name: string, data: Buffer, opts: EntryOptions & { level: number; type?: number }): Promise<void> {
    let method = METHOD_STORED;
    let body = data;
    if (opts.level > 0 && data.length > 0) {
      const deflated = zlib.deflateRawSync(data, { level: opts.level });
      if (deflated.length < data.length) {
        method = METHOD_DEFLATED;
        body = deflated;
      }
    }
    const meta: RawEntryMeta = {
      method,
      crc32: zlib.crc32(data) >>> 0,
      compressedSize: body.length,
      uncompressedSize: data.length,
      dosDateTime: toDosDateTime(opts.mtime ?? new Date()),
      versionMadeBy: VERSION_MADE_BY_UNIX,
      externalAttributes: externalAttributesFor(opts.type ?? S_IFREG, opts.mode ?? 0o644),
    };
    await this.addRaw(name, meta, [body]);
  }

  async addSymlink(name: string, target: string, opts: EntryOptions = {}): Promise<void> {
    await this.addBuffer(name, Buffer.from(target, "utf8"), {
      ...opts,
      level: 0,
      type: S_IFLNK,
      mode: opts.mode ?? 0o755,
    });
  }

  async addDirectory(name: string, opts: EntryOptions = {}): Promise<void> {
    const dirName = name.endsWith("/") ? name : `${name}/`;
    await this.addBuffer(dirName, Buffer.alloc(0), { ...opts, level: 0, type: S_IFDIR, mode: opts.mode ?? 0o755 });
  }

  /**
   * Copies already-compressed bytes verbatim; `meta` must describe them exactly. Returns where
   * the entry went: its local header offset and the end of its data.
   */
  async addRaw(
    name: string,
    meta: RawEntryMeta,
    source: Readable | Iterable<Buffer> | AsyncIterable<Buffer>,
  ): Promise<{ localHeaderOffset: number; end: number }> {
    const rec = this.startRecord(name, meta);
    const zip64 = meta.uncompressedSize >= MAX_UINT32 || meta.compressedSize >= MAX_UINT32;
    try {
      await this.out.append(localHeader(rec, zip64));
      let copied = 0;
      for await (const chunk of source as AsyncIterable<Buffer>) {
        copied += chunk.length;
        await this.out.append(chunk);
      }
      if (copied !== meta.compressedSize) {
        throw new AppleError("APPLE_IO_ERROR", `${name}: 复制了 ${copied} 字节，应为 ${meta.compressedSize}`);
      }
      this.addRecord(rec);
      return { localHeaderOffset: rec.offset, end: this.out.position };
    } catch (e) {
      throw ioError(e);
    }
  }

  /** Makes everything appended so far readable from the file (for readers of the partial archive). */
  async flush(): Promise<void> {
    try {
      await this.out.flush();
    } catch (e) {
      throw ioError(e);
    }
  }

  /** Writes the central directory and closes the file. Returns the archive size. */
  async close(): Promise<number> {
    this.assertOpen();
    this.closed = true;
    this.names = new NameSet();
    try {
      const cdOffset = this.out.position;
      for (const block of this.central.drain()) await this.out.append(block);
      this.central.discard();
      const cdSize = this.out.position - cdOffset;
      const count = this.count;
      if (count >= MAX_UINT16 || cdOffset >= MAX_UINT32 || cdSize >= MAX_UINT32) {
        await this.out.append(zip64EndRecords(this.out.position, count, cdOffset, cdSize));
      }
      await this.out.append(endOfCentralDirectory(count, cdOffset, cdSize));
      await this.out.flush();
      const size = this.out.position;
      await this.fh.close();
      return size;
    } catch (e) {
      this.central.discard();
      await this.fh.close().catch(() => undefined);
      throw ioError(e);
    }
  }

  /** Closes and deletes the unfinished file. */
  async abort(): Promise<void> {
    if (!this.closed) {
      this.closed = true;
      await this.fh.close().catch(() => undefined);
    }
    this.central.discard();
    await fs.promises.rm(this.path, { force: true });
  }

  private startRecord(name: string, meta: RawEntryMeta): CentralRecord {
    this.assertOpen();
    if (!this.names.add(name)) throw new AppleError("APPLE_IO_ERROR", `重复的 zip 条目 ${name}`);
    const nameBuf = Buffer.from(name, "utf8");
    // Bit 11 tells readers the name is UTF-8; pure ASCII names need no flag.
    const flags = nameBuf.length !== name.length ? FLAG_UTF8 : 0;
    return { ...meta, name: nameBuf, flags, offset: this.out.position };
  }

  private assertOpen(): void {
    if (this.closed) throw new AppleError("APPLE_IO_ERROR", "zip 已关闭");
  }
}

const PARALLEL_FROM = 4 * 1024 * 1024;
const DEFLATE_BLOCK = 1024 * 1024;
const WINDOW = 32 * 1024;
const deflateRawAsync = promisify(zlib.deflateRaw) as (buf: Buffer, opts: zlib.ZlibOptions) => Promise<Buffer>;

/**
 * One raw deflate stream made of independently compressed blocks, `jobs` compressing at once on
 * the thread pool: each block is deflated with the previous block's last 32 KiB as its dictionary
 * and ends with a sync flush (byte-aligned, not final); an empty final block closes the stream.
 * Any inflater reads the result as one stream.
 */
async function* deflateInBlocks(source: AsyncIterable<Buffer>, level: number, jobs: number): AsyncGenerator<Buffer> {
  const queue: Promise<Buffer>[] = [];
  let block = Buffer.allocUnsafe(DEFLATE_BLOCK);
  let used = 0;
  let dictionary: Buffer | undefined;
  const submit = (data: Buffer) => {
    const job = deflateRawAsync(data, {
      level,
      finishFlush: zlib.constants.Z_SYNC_FLUSH,
      ...(dictionary ? { dictionary } : {}),
    });
    job.catch(() => undefined); // awaited in order below; an early failure must not go unhandled meanwhile
    queue.push(job);
    dictionary = Buffer.from(data.subarray(Math.max(0, data.length - WINDOW)));
  };
  for await (const chunk of source) {
    for (let at = 0; at < chunk.length;) {
      const n = chunk.copy(block, used, at);
      used += n;
      at += n;
      if (used === block.length) {
        submit(block);
        block = Buffer.allocUnsafe(DEFLATE_BLOCK);
        used = 0;
        while (queue.length >= jobs) yield await queue.shift()!;
      }
    }
  }
  if (used) submit(block.subarray(0, used));
  while (queue.length) yield await queue.shift()!;
  // BFINAL=1, fixed Huffman, end-of-block: what deflate(Z_FINISH) emits after a sync flush.
  yield Buffer.from([0x03, 0x00]);
}

/**
 * Appends small buffers: up to IN_MEMORY bytes in 1 MiB blocks, then to a spill file (written
 * synchronously through one 1 MiB block: central records are small and come one per entry).
 * drain() yields everything in order, reading the spill file back 1 MiB at a time.
 */
class SpillBuffer {
  private static readonly BLOCK = 1024 * 1024;
  private static readonly KEEP = 1;
  /** Full blocks kept in memory (the first KEEP MiB). */
  private kept: Buffer[] = [];
  private cur: Buffer | undefined;
  private used = 0;
  private fd: number | undefined;
  private spilled = 0;

  constructor(private readonly spillPath: string) {}

  append(data: Buffer): void {
    let at = 0;
    while (at < data.length) {
      if (!this.cur) this.cur = Buffer.allocUnsafe(SpillBuffer.BLOCK);
      const n = data.copy(this.cur, this.used, at);
      this.used += n;
      at += n;
      if (this.used === SpillBuffer.BLOCK) {
        if (this.kept.length < SpillBuffer.KEEP) {
          this.kept.push(this.cur);
          this.cur = undefined;
        } else this.spill(this.cur); // and the block is reused
        this.used = 0;
      }
    }
  }

  private spill(block: Buffer): void {
    this.fd ??= fs.openSync(this.spillPath, "w+");
    for (let done = 0; done < block.length;) done += fs.writeSync(this.fd, block, done, block.length - done);
    this.spilled += block.length;
  }

  /** Everything appended, in order (each block valid until the next is asked for). */
  *drain(): Generator<Buffer> {
    yield* this.kept;
    if (this.fd !== undefined) {
      const buf = Buffer.allocUnsafe(SpillBuffer.BLOCK);
      for (let pos = 0; pos < this.spilled; pos += SpillBuffer.BLOCK) {
        const want = Math.min(SpillBuffer.BLOCK, this.spilled - pos);
        let n = 0;
        while (n < want) {
          const r = fs.readSync(this.fd, buf, n, want - n, pos + n);
          if (r === 0) throw new AppleError("APPLE_IO_ERROR", "中央目录暂存文件被截断");
          n += r;
        }
        yield buf.subarray(0, want);
      }
    }
    if (this.cur && this.used) yield this.cur.subarray(0, this.used);
  }

  /** Drops what was appended and the spill file. */
  discard(): void {
    this.kept = [];
    this.cur = undefined;
    this.used = 0;
    if (this.fd !== undefined) {
      fs.closeSync(this.fd);
      this.fd = undefined;
    }
    fs.rmSync(this.spillPath, { force: true });
  }
}

function externalAttributesFor(type: number, mode: number): number {
  const dosDirectory = type === S_IFDIR ? 0x10 : 0;
  return (((type | (mode & 0o7777)) << 16) | dosDirectory) >>> 0;
}

function localHeader(rec: CentralRecord, zip64: boolean): Buffer {
  const extraLen = zip64 ? 20 : 0;
  const b = Buffer.alloc(LOCAL_HEADER_SIZE + rec.name.length + extraLen);
  b.writeUInt32LE(SIG_LOCAL_HEADER, 0);
  b.writeUInt16LE(zip64 ? VERSION_NEEDED_ZIP64 : VERSION_NEEDED_DEFAULT, 4);
  b.writeUInt16LE(rec.flags, 6);
  b.writeUInt16LE(rec.method, 8);
  b.writeUInt16LE(rec.dosDateTime & 0xffff, 10);
  b.writeUInt16LE(rec.dosDateTime >>> 16, 12);
  b.writeUInt32LE(rec.crc32, 14);
  b.writeUInt32LE(zip64 ? MAX_UINT32 : rec.compressedSize, 18);
  b.writeUInt32LE(zip64 ? MAX_UINT32 : rec.uncompressedSize, 22);
  b.writeUInt16LE(rec.name.length, 26);
  b.writeUInt16LE(extraLen, 28);
  rec.name.copy(b, LOCAL_HEADER_SIZE);
  if (zip64) {
    const x = LOCAL_HEADER_SIZE + rec.name.length;
    b.writeUInt16LE(ZIP64_EXTRA_ID, x);
    b.writeUInt16LE(16, x + 2);
    writeUInt64(b, rec.uncompressedSize, x + 4);
    writeUInt64(b, rec.compressedSize, x + 12);
  }
  return b;
}

function centralHeader(rec: CentralRecord): Buffer {
  const big = [rec.uncompressedSize, rec.compressedSize, rec.offset].map((v) => v >= MAX_UINT32);
  const extraValues = [rec.uncompressedSize, rec.compressedSize, rec.offset].filter((_, i) => big[i]);
  const extraLen = extraValues.length ? 4 + 8 * extraValues.length : 0;
  const b = Buffer.alloc(CENTRAL_HEADER_SIZE + rec.name.length + extraLen);
  b.writeUInt32LE(SIG_CENTRAL_HEADER, 0);
  b.writeUInt16LE(rec.versionMadeBy, 4);
  b.writeUInt16LE(extraLen ? VERSION_NEEDED_ZIP64 : VERSION_NEEDED_DEFAULT, 6);
  b.writeUInt16LE(rec.flags, 8);
  b.writeUInt16LE(rec.method, 10);
  b.writeUInt16LE(rec.dosDateTime & 0xffff, 12);
  b.writeUInt16LE(rec.dosDateTime >>> 16, 14);
  b.writeUInt32LE(rec.crc32, 16);
  b.writeUInt32LE(big[1] ? MAX_UINT32 : rec.compressedSize, 20);
  b.writeUInt32LE(big[0] ? MAX_UINT32 : rec.uncompressedSize, 24);
  b.writeUInt16LE(rec.name.length, 28);
  b.writeUInt16LE(extraLen, 30);
  // comment length, disk number start, internal attributes: 0
  b.writeUInt32LE(rec.externalAttributes >>> 0, 38);
  b.writeUInt32LE(big[2] ? MAX_UINT32 : rec.offset, 42);
  rec.name.copy(b, CENTRAL_HEADER_SIZE);
  if (extraLen) {
    let x = CENTRAL_HEADER_SIZE + rec.name.length;
    b.writeUInt16LE(ZIP64_EXTRA_ID, x);
    b.writeUInt16LE(extraLen - 4, x + 2);
    x += 4;
    for (const v of extraValues) {
      writeUInt64(b, v, x);
      x += 8;
    }
  }
  return b;
}

function zip64EndRecords(recordOffset: number, count: number, cdOffset: number, cdSize: number): Buffer {
  const b = Buffer.alloc(ZIP64_EOCD_SIZE + ZIP64_LOCATOR_SIZE);
  b.writeUInt32LE(SIG_ZIP64_EOCD, 0);
  writeUInt64(b, ZIP64_EOCD_SIZE - 12, 4);
  b.writeUInt16LE(VERSION_MADE_BY_UNIX, 12);
  b.writeUInt16LE(VERSION_NEEDED_ZIP64, 14);
  // this disk, central directory disk: 0
  writeUInt64(b, count, 24);
  writeUInt64(b, count, 32);
  writeUInt64(b, cdSize, 40);
  writeUInt64(b, cdOffset, 48);
  const l = ZIP64_EOCD_SIZE;
  b.writeUInt32LE(SIG_ZIP64_LOCATOR, l);
  b.writeUInt32LE(0, l + 4);
  writeUInt64(b, recordOffset, l + 8);
  b.writeUInt32LE(1, l + 16);
  return b;
}

function endOfCentralDirectory(count: number, cdOffset: number, cdSize: number): Buffer {
  const b = Buffer.alloc(EOCD_SIZE);
  b.writeUInt32LE(SIG_EOCD, 0);
  const n = Math.min(count, MAX_UINT16);
  b.writeUInt16LE(n, 8);
  b.writeUInt16LE(n, 10);
  b.writeUInt32LE(Math.min(cdSize, MAX_UINT32), 12);
  b.writeUInt32LE(Math.min(cdOffset, MAX_UINT32), 16);
  return b;
}
