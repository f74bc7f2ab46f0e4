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

export async function digestEntry(reader: ZipReader, entry: ZipEntry): Promise<FileDigests> {
  if (reader.isSmall(entry)) return digestBuffer(await reader.readEntry(entry));
  return digestStream(await reader.openEntry(entry));
}

/**
 * Copies an entry's compressed bytes unchanged into `writer` and, from the same single read,
 * inflates and hashes its content: resources cost one read, no recompression, no disk write.
 */
export async function copyRawWithDigests(reader: ZipReader, writer: ZipWriter, entry: ZipEntry): Promise<FileDigests> {
  if (reader.isSmall(entry)) {
    const raw = await reader.readRaw(entry);
    const digests = digestBuffer(decodeBuffer(entry, raw));
    await writer.addRaw(entry.name, entry, [raw]);
    return digests;
  }
  const raw = await reader.openRaw(entry);
  const tee = new PassThrough({ highWaterMark: 1024 * 1024 });
  const digesting = digestStream(decodeEntry(entry, tee));
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
