import crypto from "node:crypto";
/**
 * Code signature blobs: the embedded SuperBlob and the CodeDirectory (version 0x20400, with
 * execSeg fields). All integers in these blobs are big-endian, unlike the Mach-O around them.
 */
import { createHash } from "node:crypto";
import { AppleError } from "@gryx/apple/errors";

export const CSMAGIC_REQUIREMENT = 0xfade0c00;
export const CSMAGIC_REQUIREMENTS = 0xfade0c01;
const CSMAGIC_CODEDIRECTORY = 0xfade0c02;
const CSMAGIC_EMBEDDED_SIGNATURE = 0xfade0cc0;
export const CSMAGIC_EMBEDDED_ENTITLEMENTS = 0xfade7171;
export const CSMAGIC_EMBEDDED_DER_ENTITLEMENTS = 0xfade7172;
export const CSMAGIC_BLOBWRAPPER = 0xfade0b01;

export const CSSLOT_CODEDIRECTORY = 0;
export const CSSLOT_INFOSLOT = 1;
export const CSSLOT_REQUIREMENTS = 2;
export const CSSLOT_RESOURCEDIR = 3;
export const CSSLOT_ENTITLEMENTS = 5;
export const CSSLOT_DER_ENTITLEMENTS = 7;
export const CSSLOT_ALTERNATE_CODEDIRECTORIES = 0x1000;
export const CSSLOT_SIGNATURESLOT = 0x10000;

export const CS_HASHTYPE_SHA1 = 1;
export const CS_HASHTYPE_SHA256 = 2;

export const CS_ADHOC = 0x2;

export const CS_EXECSEG_MAIN_BINARY = 0x1;
export const CS_EXECSEG_ALLOW_UNSIGNED = 0x10;

const CD_VERSION = 0x20400;
const PAGE_SHIFT = 12;
export const PAGE_SIZE = 1 << PAGE_SHIFT;
/** Size of the 0x20400 CodeDirectory header. */
const CD_HEADER_SIZE = 88;

export type HashType = typeof CS_HASHTYPE_SHA1 | typeof CS_HASHTYPE_SHA256;

function hashAlgo(type: number): "sha1" | "sha256" {
  if (type === CS_HASHTYPE_SHA1) return "sha1";
  if (type === CS_HASHTYPE_SHA256) return "sha256";
  throw new AppleError("APPLE_BAD_MACHO", `unsupported code directory hash type ${type}`);
}

function hashSize(type: number): number {
  return type === CS_HASHTYPE_SHA1 ? 20 : 32;
}

/** A file bound by a special slot: its bytes, or (a file too large to hold, such as an app's CodeResources) its digests. */
export type SlotFile = Buffer | { sha1: Buffer; sha256: Buffer };

/** The special-slot hash of a file given by its bytes or its digests. */
export function slotDigest(type: number, file: SlotFile): Buffer {
  if (Buffer.isBuffer(file)) return digest(type, file);
  return hashAlgo(type) === "sha1" ? file.sha1 : file.sha256;
}

export function digest(type: number, data: Buffer): Buffer {
  // One-shot: no Hash object per page (a 100 MiB executable has 25,600 pages, hashed twice when signing).
  return crypto.hash(hashAlgo(type), data, "buffer");
}

/** Wraps a payload in a generic blob header (magic, total length). */
export function blob(magic: number, payload: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(magic, 0);
  head.writeUInt32BE(payload.length + 8, 4);
  return Buffer.concat([head, payload]);
}

export interface CodeDirectoryInput {
  hashType: HashType;
  identifier: string;
  teamId?: string;
  flags: number;
  /** File bytes [0, codeLimit) to hash page by page... */
  code?: Buffer;
  /** ...or their page hashes, already computed (streaming signers), and the code limit. */
  pageHashes?: Buffer;
  codeLimit?: number;
  /** Special slot hashes by slot number (1..7); missing slots below the highest are zero. */
  specialSlots: Map<number, Buffer>;
  execSegBase: number;
  execSegLimit: number;
  execSegFlags: number;
}

export function buildCodeDirectory(input: CodeDirectoryInput): Buffer {
  const hs = hashSize(input.hashType);
  const nSpecial = Math.max(0, ...input.specialSlots.keys());
  const codeLimit = input.code?.length ?? input.codeLimit;
  if (codeLimit === undefined) throw new Error("buildCodeDirectory needs code or pageHashes and codeLimit");
  const nCode = Math.ceil(codeLimit / PAGE_SIZE);
  if (input.pageHashes && input.pageHashes.length !== nCode * hs)
    throw new Error("page hashes do not match the code limit");
  const ident = Buffer.from(`${input.identifier}\0`, "utf8");
  const team = input.teamId ? Buffer.from(`${input.teamId}\0`, "utf8") : Buffer.alloc(0);
  const identOffset = CD_HEADER_SIZE;
  const teamOffset = team.length ? identOffset + ident.length : 0;
  const hashOffset = CD_HEADER_SIZE + ident.length + team.length + nSpecial * hs;
  const total = hashOffset + nCode * hs;

  const cd = Buffer.alloc(total);
  cd.writeUInt32BE(CSMAGIC_CODEDIRECTORY, 0);
  cd.writeUInt32BE(total, 4);
  cd.writeUInt32BE(CD_VERSION, 8);
  cd.writeUInt32BE(input.flags, 12);
  cd.writeUInt32BE(hashOffset, 16);
  cd.writeUInt32BE(identOffset, 20);
  cd.writeUInt32BE(nSpecial, 24);
  cd.writeUInt32BE(nCode, 28);
  cd.writeUInt32BE(codeLimit, 32);
  cd.writeUInt8(hs, 36);
  cd.writeUInt8(input.hashType, 37);
  cd.writeUInt8(0, 38); // platform
  cd.writeUInt8(PAGE_SHIFT, 39);
  // 40 spare2, 44 scatterOffset: zero
  cd.writeUInt32BE(teamOffset, 48);
  // 52 spare3, 56 codeLimit64: zero (codeLimit fits in 32 bits)
  cd.writeBigUInt64BE(BigInt(input.execSegBase), 64);
  cd.writeBigUInt64BE(BigInt(input.execSegLimit), 72);
  cd.writeBigUInt64BE(BigInt(input.execSegFlags), 80);
  ident.copy(cd, identOffset);
  team.copy(cd, identOffset + ident.length);

  for (const [slot, h] of input.specialSlots) {
    if (h.length !== hs) throw new Error(`special slot ${slot} hash has wrong size`);
    h.copy(cd, hashOffset - slot * hs);
  }
  if (input.pageHashes) {
    input.pageHashes.copy(cd, hashOffset);
    return cd;
  }
  const code = input.code!;
  const algo = hashAlgo(input.hashType);
  for (let i = 0; i < nCode; i++) {
    const page = code.subarray(i * PAGE_SIZE, Math.min((i + 1) * PAGE_SIZE, code.length));
    createHash(algo)
      .update(page)
      .digest()
      .copy(cd, hashOffset + i * hs);
  }
  return cd;
}

export interface ParsedCodeDirectory {
  version: number;
  flags: number;
  hashType: number;
  hashSize: number;
  pageSize: number;
  codeLimit: number;
  identifier: string;
  teamId?: string;
  nSpecialSlots: number;
  nCodeSlots: number;
  execSegBase?: number;
  execSegLimit?: number;
  execSegFlags?: number;
  /** Hash of special slot n (1-based), or undefined beyond nSpecialSlots. */
  specialSlot(n: number): Buffer | undefined;
  codeSlot(i: number): Buffer;
  raw: Buffer;
}

function bad(detail: string): never {
  throw new AppleError("APPLE_BAD_MACHO", `code directory: ${detail}`);
}

function cstr(buf: Buffer, off: number): string {
  if (off >= buf.length) bad("string offset out of range");
  const end = buf.indexOf(0, off);
  if (end < 0) bad("unterminated string");
  return buf.toString("utf8", off, end);
}

export function parseCodeDirectory(raw: Buffer): ParsedCodeDirectory {
  if (raw.length < 44 || raw.readUInt32BE(0) !== CSMAGIC_CODEDIRECTORY) bad("bad magic");
  const length = raw.readUInt32BE(4);
  if (length > raw.length || length < 44) bad("bad length");
  const cd = raw.subarray(0, length);
  const version = cd.readUInt32BE(8);
  const hashOffset = cd.readUInt32BE(16);
  const identOffset = cd.readUInt32BE(20);
  const nSpecialSlots = cd.readUInt32BE(24);
  const nCodeSlots = cd.readUInt32BE(28);
  const hs = cd.readUInt8(36);
  const hashType = cd.readUInt8(37);
  const pageShift = cd.readUInt8(39);
  if (hashType !== CS_HASHTYPE_SHA1 && hashType !== CS_HASHTYPE_SHA256) bad(`unsupported hash type ${hashType}`);
  if (hs !== hashSize(hashType)) bad("hash size mismatch");
  if (hashOffset < nSpecialSlots * hs || hashOffset + nCodeSlots * hs > length) bad("slots out of range");
  const teamOffset = version >= 0x20200 && length >= 52 ? cd.readUInt32BE(48) : 0;
  const hasExecSeg = version >= 0x20400 && length >= 88;
  let codeLimit = cd.readUInt32BE(32);
  if (version >= 0x20300 && length >= 64) {
    const cl64 = Number(cd.readBigUInt64BE(56));
    if (cl64) codeLimit = cl64;
  }
  return {
    version,
    flags: cd.readUInt32BE(12),
    hashType,
    hashSize: hs,
    pageSize: pageShift ? 1 << pageShift : 0,
    codeLimit,
    identifier: cstr(cd, identOffset),
    ...(teamOffset ? { teamId: cstr(cd, teamOffset) } : {}),
    nSpecialSlots,
    nCodeSlots,
    ...(hasExecSeg
      ? {
          execSegBase: Number(cd.readBigUInt64BE(64)),
          execSegLimit: Number(cd.readBigUInt64BE(72)),
          execSegFlags: Number(cd.readBigUInt64BE(80)),
        }
      : {}),
    specialSlot: (n) =>
      n >= 1 && n <= nSpecialSlots ? cd.subarray(hashOffset - n * hs, hashOffset - (n - 1) * hs) : undefined,
    codeSlot: (i) => cd.subarray(hashOffset + i * hs, hashOffset + (i + 1) * hs),
    raw: cd,
  };
}

/** Assembles an embedded-signature SuperBlob from (slot type, blob) pairs in the given order. */
export function buildSuperBlob(entries: { type: number; blob: Buffer }[]): Buffer {
  const headerLen = 12 + entries.length * 8;
  const header = Buffer.alloc(headerLen);
  header.writeUInt32BE(CSMAGIC_EMBEDDED_SIGNATURE, 0);
  header.writeUInt32BE(entries.length, 8);
  let off = headerLen;
  entries.forEach((e, i) => {
    header.writeUInt32BE(e.type, 12 + i * 8);
    header.writeUInt32BE(off, 16 + i * 8);
    off += e.blob.length;
  });
  header.writeUInt32BE(off, 4);
  return Buffer.concat([header, ...entries.map((e) => e.blob)]);
}

/** Parses a SuperBlob into slot -> blob (each blob sliced to its own declared length). */
export function parseSuperBlob(data: Buffer): Map<number, Buffer> {
  if (data.length < 12 || data.readUInt32BE(0) !== CSMAGIC_EMBEDDED_SIGNATURE) {
    throw new AppleError("APPLE_BAD_MACHO", "code signature is not an embedded SuperBlob");
  }
  const length = data.readUInt32BE(4);
  const count = data.readUInt32BE(8);
  if (length > data.length || 12 + count * 8 > length)
    throw new AppleError("APPLE_BAD_MACHO", "SuperBlob out of range");
  const out = new Map<number, Buffer>();
  for (let i = 0; i < count; i++) {
    const type = data.readUInt32BE(12 + i * 8);
    const off = data.readUInt32BE(16 + i * 8);
    if (off + 8 > length) throw new AppleError("APPLE_BAD_MACHO", `SuperBlob entry ${i} out of range`);
    const blen = data.readUInt32BE(off + 4);
    if (blen < 8 || off + blen > length)
      throw new AppleError("APPLE_BAD_MACHO", `SuperBlob entry ${i} length out of range`);
    out.set(type, data.subarray(off, off + blen));
  }
  return out;
}
