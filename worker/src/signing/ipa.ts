/**
 * IPA-level reading on top of the zip layer: opening with safety checks (paths, symlinks,
 * duplicate names, the Payload/<X>.app layout), and the operations the signer and the verifier
 * share: hash entries (in worker threads), extract an entry to a file.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { findAppDir } from "./bundle";
import { GcEvery } from "@gryx/apple/zip/collect";
import type { FileDigests } from "./coderesources";
import { AppleError } from "@gryx/apple/errors";
import { DEFAULT_ZIP_LIMITS, checkSymlinkTarget, type ZipLimits } from "@gryx/apple/zip/limits";
import type { DigestPool, EntryDigests, EntrySpec } from "@gryx/apple/zip/digest-pool";
import { ZipReader, checkSupported, isSmallEntry, type ZipEntry } from "@gryx/apple/zip/reader";
import { METHOD_DEFLATED } from "@gryx/apple/zip/format";
import { fileReader, inflateWithEdges, type BlockEdge } from "./inflate-blocks";

export interface OpenedIpa {
  reader: ZipReader;
  /** "Payload/<X>.app/" */
  appDir: string;
  /** Symlink entries and their (checked) targets. */
  symlinks: Map<string, string>;
}

export async function openIpa(ipaPath: string, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<OpenedIpa> {
  const reader = await ZipReader.open(ipaPath, limits);
  try {
    // Two entries with one name would let the installer see other bytes than the verifier.
    if (reader.duplicateName !== undefined)
      throw new AppleError("APPLE_UNSAFE_PATH", `重复的条目 ${reader.duplicateName}`);
    const appDir = findAppDir(reader.names());
    const symlinks = new Map<string, string>();
    for (const e of reader.iterate()) {
      if (!e.isSymlink) continue;
      const target = await reader.readSymlinkTarget(e);
      checkSymlinkTarget(e.name, target, e.name.startsWith(appDir) ? appDir : "");
      symlinks.set(e.name, target);
    }
    return { reader, appDir, symlinks };
  } catch (e) {
    await reader.close();
    throw e;
  }
}

export function digestBuffer(buf: Buffer): FileDigests {
  return {
    sha1: crypto.createHash("sha1").update(buf).digest(),
    sha256: crypto.createHash("sha256").update(buf).digest(),
  };
}

/** A run of small entries stops at this many bytes or entries: one read, one worker job. */
const BATCH_BYTES = 4 * 1024 * 1024;
const BATCH_ENTRIES = 512;

/** Where an entry's bytes are in the file being hashed: its local header, and where its region ends. */
export interface EntryLocation {
  localHeaderOffset: number;
  end: number;
}

/** Digests still computing in a worker once the entry has been scheduled. */
export interface PendingDigests {
  done: Promise<EntryDigests>;
}

interface Batch {
  specs: EntrySpec[];
  settle: { resolve: (d: EntryDigests) => void; reject: (e: unknown) => void }[];
  start: number;
  end: number;
}

/**
 * Schedules the hashing of a zip file's entries on a DigestPool: a large entry is one job,
 * consecutive small ones are grouped into one job over their contiguous bytes (thousands of small
 * files would otherwise cost a read and a message each). Call flush() after the last digest().
 */
export class EntryDigester {
  private batch: Batch | undefined;

  constructor(
    private readonly file: string,
    private readonly pool: DigestPool,
    /** sha1 "small": SHA-1 only for the small entries (batched), SHA-256 for all. */
    private readonly opts: { sha1: boolean | "small"; crc: boolean },
    /** Awaited before a job is sent: a writer of `file` flushes what the job will read. */
    private readonly beforeJob: () => Promise<void> = async () => undefined,
  ) {}

  async digest(entry: ZipEntry, at: EntryLocation): Promise<PendingDigests> {
    checkSupported(entry);
    const spec: EntrySpec = {
      name: entry.name,
      localHeaderOffset: at.localHeaderOffset,
      compressedSize: entry.compressedSize,
      uncompressedSize: entry.uncompressedSize,
      method: entry.method,
      crc32: entry.crc32,
    };
    if (!isSmallEntry(entry)) {
      await this.flush();
      await this.beforeJob();
      const job = {
        file: this.file,
        entries: [spec],
        stream: true,
        end: at.end,
        crc: this.opts.crc,
        sha1: this.opts.sha1 === true,
      };
      return { done: observed(this.pool.run(job).then((r) => r[0])) };
    }
    const b = this.batch;
    if (b && (b.end !== at.localHeaderOffset || at.end - b.start > BATCH_BYTES || b.specs.length >= BATCH_ENTRIES)) {
      await this.flush();
    }
    const batch = (this.batch ??= { specs: [], settle: [], start: at.localHeaderOffset, end: at.end });
    batch.specs.push(spec);
    batch.end = at.end;
    return { done: observed(new Promise<EntryDigests>((resolve, reject) => batch.settle.push({ resolve, reject }))) };
  }

  async flush(): Promise<void> {
    const b = this.batch;
    if (!b) return;
    this.batch = undefined;
    try {
      await this.beforeJob();
    } catch (e) {
      b.settle.forEach((s) => s.reject(e));
      throw e;
    }
    const job = {
      file: this.file,
      entries: b.specs,
      stream: false,
      end: b.end,
      crc: this.opts.crc,
      sha1: this.opts.sha1 !== false,
    };
    this.pool.run(job).then(
      (results) => b.settle.forEach((s, i) => s.resolve(results[i])),
      (e: unknown) => b.settle.forEach((s) => s.reject(e)),
    );
  }
}

/** Marks a promise as handled now (its owner awaits it later) so an early rejection is not "unhandled". */
function observed<T>(p: Promise<T>): Promise<T> {
  p.catch(() => undefined);
  return p;
}

/** An entry extracted to a file: its content's digests (when asked for) and, when inflated natively, its blocks. */
export interface Extracted {
  digests?: FileDigests;
  /** The deflate stream's block boundaries (see inflate-blocks), for a large deflated entry. */
  edges?: BlockEdge[];
}

/**
 * Writes an entry's content to a file (size and CRC enforced), with the content's digests unless `hash` is false (a
 * main executable nobody seals by its file hash: two passes of SHA saved). A large deflated entry is inflated on
 * this thread in one go (inflate-blocks: about a third of the CPU of a zlib stream's 64 KiB round trips through the
 * thread pool), its block boundaries noted on the way, and `written` told how much of the file is written as it goes.
 */
export async function extractToFile(
  reader: ZipReader,
  entry: ZipEntry,
  file: string,
  signal?: AbortSignal,
  hash = true,
  written?: (bytes: number) => void,
): Promise<Extracted> {
  checkSupported(entry);
  const sha1 = hash ? crypto.createHash("sha1") : undefined;
  const sha256 = hash ? crypto.createHash("sha256") : undefined;
  const digests = () => (sha1 && sha256 ? { sha1: sha1.digest(), sha256: sha256.digest() } : undefined);
  if (entry.method === METHOD_DEFLATED && !isSmallEntry(entry)) {
    const start = await reader.dataOffset(entry);
    const inFd = fs.openSync(reader.path, "r");
    let total = 0;
    try {
      const outFd = fs.openSync(file, "w");
      try {
        const done = inflateWithEdges(
          entry.name,
          fileReader(inFd, start),
          entry.compressedSize,
          entry.uncompressedSize,
          (b) => {
            signal?.throwIfAborted();
            sha1?.update(b);
            sha256?.update(b);
            for (let off = 0; off < b.length;) off += fs.writeSync(outFd, b, off);
            written?.((total += b.length));
          },
        );
        if (done) {
          if (done.crc !== entry.crc32) throw new AppleError("APPLE_BAD_ZIP", `${entry.name}: CRC 校验失败`);
          return { digests: digests(), edges: done.edges };
        }
      } finally {
        fs.closeSync(outFd);
      }
    } finally {
      fs.closeSync(inFd);
    }
  }
  const src: Readable = await reader.openEntry(entry);
  const gc = new GcEvery();
  const tap = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      if (signal?.aborted) {
        cb(signal.reason);
        return;
      }
      gc.add(chunk.length);
      sha1?.update(chunk);
      sha256?.update(chunk);
      cb(null, chunk);
    },
  });
  try {
    await pipeline(src, tap, fs.createWriteStream(file));
  } catch (e) {
    if (e instanceof AppleError || signal?.aborted) throw e;
    throw new AppleError("APPLE_IO_ERROR", `${entry.name}: ${(e as Error).message}`);
  }
  return { digests: digests() };
}
