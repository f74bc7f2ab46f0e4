/**
 * Digests of an app's files by archive path, packed into one growing slab (96 bytes an entry):
 * an app of 200,000 files would otherwise keep 400,000 small Buffers and as many objects alive
 * for the signer's seals and the verifier's checks. Optionally with where the entry sits in the
 * output archive (the signer's "known" digests the self-verification takes instead of hashing again).
 */
export interface Digests {
  /** Absent when only SHA-256 was computed (the verifier's large files). */
  sha1?: Buffer;
  sha256: Buffer;
}

export interface EntryPlace {
  localHeaderOffset: number;
  method: number;
  crc32: number;
  compressedSize: number;
  uncompressedSize: number;
}

const REC = 96;
const HAS_SHA1 = 1;
const HAS_PLACE = 2;

export class DigestTable {
  private slab = Buffer.alloc(REC * 1024);
  private readonly index = new Map<string, number>();

  get size(): number {
    return this.index.size;
  }

  has(name: string): boolean {
    return this.index.has(name);
  }

  set(name: string, d: Digests, place?: EntryPlace): void {
    let i = this.index.get(name);
    if (i === undefined) {
      i = this.index.size;
      if ((i + 1) * REC > this.slab.length) {
        const bigger = Buffer.alloc(this.slab.length * 2);
        this.slab.copy(bigger);
        this.slab = bigger;
      }
      this.index.set(name, i);
    }
    const at = i * REC;
    const s = this.slab;
    s.fill(0, at, at + REC);
    if (d.sha1) d.sha1.copy(s, at, 0, 20);
    d.sha256.copy(s, at + 20, 0, 32);
    s[at + 52] = (d.sha1 ? HAS_SHA1 : 0) | (place ? HAS_PLACE : 0);
    if (place) {
      s.writeUInt32LE(place.method, at + 56);
      s.writeUInt32LE(place.crc32 >>> 0, at + 60);
      s.writeDoubleLE(place.localHeaderOffset, at + 64);
      s.writeDoubleLE(place.compressedSize, at + 72);
      s.writeDoubleLE(place.uncompressedSize, at + 80);
    }
  }

  /** The entry's position (0 .. size-1, in the order first set), or -1. */
  indexOf(name: string): number {
    return this.index.get(name) ?? -1;
  }

  get(name: string): Digests | undefined {
    const i = this.index.get(name);
    return i === undefined ? undefined : this.at(i);
  }

  /** Where the entry was written, when recorded. */
  place(name: string): EntryPlace | undefined {
    const i = this.index.get(name);
    if (i === undefined) return undefined;
    const at = i * REC;
    const s = this.slab;
    if (!(s[at + 52]! & HAS_PLACE)) return undefined;
    return {
      method: s.readUInt32LE(at + 56),
      crc32: s.readUInt32LE(at + 60),
      localHeaderOffset: s.readDoubleLE(at + 64),
      compressedSize: s.readDoubleLE(at + 72),
      uncompressedSize: s.readDoubleLE(at + 80),
    };
  }

  /** Names in the order they were first set. */
  names(): IterableIterator<string> {
    return this.index.keys();
  }

  /** Copies, so callers may keep them while the table grows. */
  private at(i: number): Digests {
    const at = i * REC;
    const s = this.slab;
    const sha256 = Buffer.from(s.subarray(at + 20, at + 52));
    return s[at + 52]! & HAS_SHA1 ? { sha1: Buffer.from(s.subarray(at, at + 20)), sha256 } : { sha256 };
  }
}
