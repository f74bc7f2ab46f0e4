/**
 * IPA-level reading on top of the zip layer: opening with safety checks (paths, symlinks,
 * duplicate names, the Payload/<X>.app layout), and the streaming operations the signer and the
 * verifier share: hash an entry, copy it raw while hashing it, extract it to a file.
 */
import crypto from "node:crypto";
import { once } from "node:events";
import fs from "node:fs";
import { PassThrough, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { findAppDir } from "./bundle";
import type { FileDigests } from "./coderesources";
import { SignError } from "./errors";
import { DEFAULT_ZIP_LIMITS, checkSymlinkTarget, type ZipLimits } from "./zip/limits";
import { ZipReader, decodeBuffer, decodeEntry, type ZipEntry } from "./zip/reader";
import type { ZipWriter } from "./zip/writer";

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
    const names = new Set<string>();
    for (const e of reader.entries) {
      // Two entries with one name would let the installer see other bytes than the verifier.
      if (names.has(e.name)) throw new SignError("UNSAFE_PATH", `重复的条目 ${e.name}`);
      names.add(e.name);
    }
    const appDir = findAppDir(reader.entries.map((e) => e.name));
    const symlinks = new Map<string, string>();
    for (const e of reader.entries) {
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

export async function digestStream(src: AsyncIterable<Buffer>): Promise<FileDigests> {
  const sha1 = crypto.createHash("sha1");
  const sha256 = crypto.createHash("sha256");
  for await (const chunk of src) {
    sha1.update(chunk);
    sha256.update(chunk);
  }
  return { sha1: sha1.digest(), sha256: sha256.digest() };
}

/** Entries up to this size are hashed off the main thread, from one in-memory buffer. */
const OFFLOAD_MAX = 16 * 1024 * 1024;
/** Bytes of content that may wait for (or be in) the thread pool at once. */
const OFFLOAD_BUDGET = 32 * 1024 * 1024;

/**
 * Hashes buffers in libuv's thread pool (WebCrypto digests run as async jobs there), SHA-1 and
 * SHA-256 in parallel, so that hashing overlaps the reading, inflating and copying of the next
 * entries instead of serializing with them on the main thread. The bytes waiting are bounded.
 */
export class Digester {
  private pending = 0;
  private waiters: (() => void)[] = [];

  async reserve(bytes: number): Promise<void> {
    while (this.pending > 0 && this.pending + bytes > OFFLOAD_BUDGET) {
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
    this.pending += bytes;
  }

  release(bytes: number): void {
    this.pending -= bytes;
    for (const wake of this.waiters.splice(0)) wake();
  }

  /** Hashes a buffer whose size was reserved; releases it when done. */
  digest(buf: Buffer): Promise<FileDigests> {
    return Promise.all([crypto.subtle.digest("SHA-1", buf), crypto.subtle.digest("SHA-256", buf)])
      .then(([sha1, sha256]) => ({ sha1: Buffer.from(sha1), sha256: Buffer.from(sha256) }))
      .finally(() => this.release(buf.length));
  }
}

/** Digests that may still be computing once the entry itself has been read. */
export interface PendingDigests {
  done: Promise<FileDigests>;
}

async function collect(src: AsyncIterable<Buffer>, size: number): Promise<Buffer> {
  const buf = Buffer.allocUnsafe(size);
  let at = 0;
  for await (const chunk of src) {
    // decodeEntry enforces the declared size, so chunks always fit.
    chunk.copy(buf, at);
    at += chunk.length;
  }
  return buf;
}

/** Hashes decoded content: offloaded when it fits the budget, else streamed on this thread. */
async function digestDecoded(entry: ZipEntry, decoded: AsyncIterable<Buffer>, digester: Digester): Promise<PendingDigests> {
  if (entry.uncompressedSize > OFFLOAD_MAX) return { done: Promise.resolve(await digestStream(decoded)) };
  await digester.reserve(entry.uncompressedSize);
  let buf: Buffer;
  try {
    buf = await collect(decoded, entry.uncompressedSize);
  } catch (e) {
    digester.release(entry.uncompressedSize);
    throw e;
  }
  return { done: digester.digest(buf) };
}

export async function digestEntry(reader: ZipReader, entry: ZipEntry, digester: Digester): Promise<PendingDigests> {
  if (reader.isSmall(entry)) return { done: Promise.resolve(digestBuffer(await reader.readEntry(entry))) };
  return digestDecoded(entry, await reader.openEntry(entry), digester);
}

/**
 * Copies an entry's compressed bytes unchanged into `writer` and, from the same single read,
 * inflates and hashes its content: resources cost one read, no recompression, no disk write.
 */
export async function copyRawWithDigests(
  reader: ZipReader,
  writer: ZipWriter,
  entry: ZipEntry,
  digester: Digester,
): Promise<PendingDigests> {
  if (reader.isSmall(entry)) {
    const raw = await reader.readRaw(entry);
    const digests = digestBuffer(decodeBuffer(entry, raw));
    await writer.addRaw(entry.name, entry, [raw]);
    return { done: Promise.resolve(digests) };
  }
  const raw = await reader.openRaw(entry);
  const tee = new PassThrough({ highWaterMark: 1024 * 1024 });
  const digesting = digestDecoded(entry, decodeEntry(entry, tee), digester);
  digesting.catch(() => undefined); // observed below; avoid an unhandled rejection meanwhile
  async function* forward(): AsyncGenerator<Buffer> {
    try {
      for await (const chunk of raw as AsyncIterable<Buffer>) {
        // A failed decode (bomb, bad CRC) must stop the copy instead of waiting for a drain forever.
        if (!tee.write(chunk)) await Promise.race([once(tee, "drain"), digesting]);
        yield chunk;
      }
      tee.end();
    } catch (e) {
      tee.destroy(e as Error);
      raw.destroy();
      throw e;
    }
  }
  try {
    await writer.addRaw(entry.name, entry, forward());
  } catch (e) {
    // Prefer the decoder's error (ZIP_BOMB, NOT_ZIP) to the write-side symptom.
    await digesting;
    throw e;
  }
  return digesting;
}

export async function extractToFile(reader: ZipReader, entry: ZipEntry, file: string): Promise<void> {
  const src: Readable = await reader.openEntry(entry);
  try {
    await pipeline(src, fs.createWriteStream(file));
  } catch (e) {
    if (e instanceof SignError) throw e;
    throw new SignError("IO_ERROR", `${entry.name}: ${(e as Error).message}`);
  }
}
