/**
 * IPA-level reading on top of the zip layer: opening with safety checks (paths, symlinks,
 * duplicate names, the Payload/<X>.app layout), and the operations the signer and the verifier
 * share: hash an entry, copy it raw while hashing it, extract it to a file.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { findAppDir } from "./bundle";
import type { FileDigests } from "./coderesources";
import { SignError } from "./errors";
import { DEFAULT_ZIP_LIMITS, checkSymlinkTarget, type ZipLimits } from "./zip/limits";
import type { DigestPool, EntryDigests } from "./zip/digest-pool";
import { ZipReader, decodeBuffer, type ZipEntry } from "./zip/reader";
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

/** Digests that may still be computing (in a worker) once the entry has been read or copied. */
export interface PendingDigests<D extends EntryDigests = FileDigests> {
  done: Promise<D>;
}

/**
 * For the verifier: small entries are hashed here and now (both digests); larger ones in the
 * pool, in parallel with what follows, and with SHA-256 only: that is the seal iOS checks
 * (files2 hash2), and skipping SHA-1 there saves a third of the verifier's hashing.
 */
export async function digestEntry(reader: ZipReader, entry: ZipEntry, pool: DigestPool): Promise<PendingDigests<EntryDigests>> {
  if (reader.isSmall(entry)) return { done: Promise.resolve(digestBuffer(await reader.readEntry(entry))) };
  return { done: observed(pool.digest(await reader.rangeJob(entry, { sha1: false, crc: true }))) };
}

/**
 * Copies an entry's compressed bytes unchanged into `writer` (no recompression, no disk write)
 * and hashes its content: small entries from the same read, larger ones in a pool worker that
 * reads the range again (from the page cache) while this thread goes on copying.
 */
export async function copyRawWithDigests(
  reader: ZipReader,
  writer: ZipWriter,
  entry: ZipEntry,
  pool: DigestPool,
): Promise<PendingDigests> {
  if (reader.isSmall(entry)) {
    const raw = await reader.readRaw(entry);
    const digests = digestBuffer(decodeBuffer(entry, raw));
    await writer.addRaw(entry.name, entry, [raw]);
    return { done: Promise.resolve(digests) };
  }
  const job = await reader.rangeJob(entry, { sha1: true, crc: false }); // see RangeJob.crc
  const done = observed(pool.digest(job).then(withSha1));
  await writer.addRaw(entry.name, entry, reader.rawChunks(entry));
  return { done };
}

function withSha1(d: EntryDigests): FileDigests {
  if (!d.sha1) throw new Error("digest pool returned no SHA-1");
  return { sha1: d.sha1, sha256: d.sha256 };
}

/** Marks a promise as handled now (its owner awaits it later) so an early rejection is not "unhandled". */
function observed<T>(p: Promise<T>): Promise<T> {
  p.catch(() => undefined);
  return p;
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
