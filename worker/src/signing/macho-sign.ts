/**
 * Signs a Mach-O (thin or fat) with a distribution identity, the way codesign does for iOS:
 * SuperBlob = SHA-256 CodeDirectory (slot 0), requirements (2), entitlements XML (5) and DER (7), and the CMS
 * signature (0x10000). Code built for systems older than iOS 11 (or macOS 10.11.4, or watchOS: see
 * needsSha1CodeDirectory) gets a SHA-1 CodeDirectory in slot 0 and the SHA-256 one as the alternate (0x1000), as
 * codesign gives it: those systems check only SHA-1. In a fat file every slice is signed alike.
 *
 * The signature lives at the end of __LINKEDIT. An existing one is replaced in place; an unsigned
 * image gets a new LC_CODE_SIGNATURE in its header padding. Because the page hashes cover the load
 * commands (which record the signature size), the size is fixed before hashing: it is estimated
 * generously and, should the real signature not fit, the layout is redone with the real size.
 */
import type { SigningIdentity } from "@gryx/apple/p12";
import {
  blob,
  buildCodeDirectory,
  buildSuperBlob,
  CS_EXECSEG_ALLOW_UNSIGNED,
  CS_EXECSEG_MAIN_BINARY,
  CS_HASHTYPE_SHA1,
  CS_HASHTYPE_SHA256,
  CSMAGIC_BLOBWRAPPER,
  CSSLOT_ALTERNATE_CODEDIRECTORIES,
  CSSLOT_CODEDIRECTORY,
  CSSLOT_DER_ENTITLEMENTS,
  CSSLOT_ENTITLEMENTS,
  CSSLOT_INFOSLOT,
  CSSLOT_REQUIREMENTS,
  CSSLOT_RESOURCEDIR,
  CSSLOT_SIGNATURESLOT,
  digest,
  slotDigest,
  type SlotFile,
  type HashType,
  PAGE_SIZE,
} from "./codedirectory";
import { buildCodeSignatureCms, cdHash } from "@gryx/apple/cms";
import { allowsDebugging, derEntitlementsBlob, entitlementsBlob, parseEntitlements } from "./entitlements";
import { AppleError } from "@gryx/apple/errors";
import crypto from "node:crypto";
import zlib from "node:zlib";
import {
  corrupt,
  FAT_MAGIC,
  CPU_TYPE_ARM64,
  findSegment,
  guardCorrupt,
  headerRoom,
  isMachO,
  LC_CODE_SIGNATURE,
  MH_BUNDLE,
  MH_DYLIB,
  MH_EXECUTE,
  needsSha1CodeDirectory,
  parseThin,
  type Segment,
  sliceAlignFor,
  type ThinMachO,
} from "@gryx/apple/macho";
import { injectIntoSlice } from "./inject";
import { BufferSource, isMachOSource, readHead, readSlices, type ByteSource } from "./macho-source";
import { buildRequirements } from "./requirements";
import { crc32Combine, crc32Middle } from "./crc32-combine";
import type { FilePages } from "./page-hasher";

export interface MachOSignOptions {
  /** CFBundleIdentifier for bundles' main executables, else the binary's own identifier. */
  identifier: string;
  teamId: string;
  identity: SigningIdentity;
  /** XML plist bytes; only main executables and app extensions get them. */
  entitlements?: Buffer;
  /** Exact bytes of Info.plist (special slot -1). */
  infoPlist?: Buffer;
  /** _CodeSignature/CodeResources (special slot -3): its exact bytes, or their digests. */
  codeResources?: SlotFile;
  /** Sets CS_EXECSEG_MAIN_BINARY. */
  isMainExecutable: boolean;
  signingTime?: Date;
  /**
   * Hashes of the source file's whole pages, computed elsewhere (page-hasher): a thin file's pages that its patched
   * header does not touch are taken from here instead of hashed again.
   */
  sourcePages?: FilePages;
}

const SIGNABLE_FILETYPES = new Set([MH_EXECUTE, MH_DYLIB, MH_BUNDLE]);

/** A signed Mach-O, produced piece by piece from its source. */
export interface SignedMachO {
  /** Size in bytes of the signed file. */
  size: number;
  /** The signed file's bytes in order, 256 KiB at a time, read from the source as they go. */
  chunks(): Generator<Buffer>;
  /**
   * The cdhash a parent seals this code by (CodeResources files2 `cdhash`): the SHA-256
   * CodeDirectory's hash truncated to 20 bytes, of the arm64 slice (else the first).
   */
  cdhash: Buffer;
  /**
   * For a thin image: the signed file equals the source on [from, to) (everything but the patched header and the
   * signature), so a compressed copy of the source can be re-used there (see deflate-splice).
   */
  same?: { from: number; to: number };
  /** Bytes [pos, pos + len) of the signed file (thin images). */
  read?(pos: number, len: number): Buffer;
  /** CRC-32 of the signed file (thin images), computed while its pages were hashed. */
  crc?: number;
  /** The page hashes of the signed file (thin images), as its CodeDirectories hold them (SHA-1 only with one). */
  pages?: PageHashes;
}

/** Page hashes as CodeDirectories hold them: SHA-256 always, SHA-1 when the code also gets a SHA-1 directory. */
export interface PageHashes {
  sha1?: Buffer;
  sha256: Buffer;
}

export function signMachO(binary: Buffer, opts: MachOSignOptions): Buffer {
  if (!isMachO(binary)) throw new AppleError("APPLE_BAD_MACHO", "not a Mach-O file");
  return Buffer.concat([...signMachOSource(new BufferSource(binary), opts).chunks()]);
}

/**
 * Signs a Mach-O read from `src` without holding it: the code pages are hashed 1 MiB at a time
 * and chunks() reads them again to produce the output. `injectDylibs` adds LC_LOAD_DYLIB commands
 * (see injectDylib) to every slice's header first.
 */
export function signMachOSource(
  src: ByteSource,
  opts: MachOSignOptions,
  injectDylibs: readonly string[] = [],
): SignedMachO {
  if (!isMachOSource(src)) throw new AppleError("APPLE_BAD_MACHO", "not a Mach-O file");
  const prepared = prepareBlobs(opts);
  return guardCorrupt(() => {
    const { fat, archs, slices } = readSlices(src);
    const sha1 = slices.some((s) => needsSha1CodeDirectory(parseThin(readHead(s, HEAD_EXTRA), s.size).target));
    const plans = slices.map((s) =>
      signSlice(s, opts, prepared, injectDylibs, fat ? undefined : opts.sourcePages, sha1),
    );
    const preferred = plans.find((p) => p.cputype === CPU_TYPE_ARM64) ?? plans[0]!;
    const cdhash = preferred.cdhash;
    if (!fat) {
      const plan = plans[0]!;
      return {
        size: plan.size,
        chunks: () => sliceChunks(plan),
        cdhash,
        same: { from: plan.head.length, to: Math.min(plan.dataoff, plan.src.size) },
        read: (pos, len) => signedBytes(plan, pos, len),
        ...(plan.codeCrc === undefined ? {} : { crc: zlib.crc32(plan.signature, plan.codeCrc) >>> 0 }),
        pages: plan.pages,
      };
    }
    const layout = fatLayout(
      archs.map((a) => ({ cputype: a.cputype, cpusubtype: a.cpusubtype, align: a.align || sliceAlignFor(a.cputype) })),
      plans.map((p) => p.size),
    );
    return {
      size: layout.size,
      cdhash,
      *chunks() {
        yield layout.header;
        let pos = layout.header.length;
        for (const [i, plan] of plans.entries()) {
          const start = layout.starts[i]!;
          if (start > pos) yield Buffer.alloc(start - pos);
          yield* sliceChunks(plan);
          pos = start + plan.size;
        }
      },
    };
  });
}

/** Blobs that are identical for every slice. */
interface PreparedBlobs {
  requirements: Buffer;
  entitlements?: Buffer;
  derEntitlements?: Buffer;
  execSegFlags: number;
  signingTime: Date;
}

function prepareBlobs(opts: MachOSignOptions): PreparedBlobs {
  const ents = opts.entitlements ? parseEntitlements(opts.entitlements) : undefined;
  let execSegFlags = opts.isMainExecutable ? CS_EXECSEG_MAIN_BINARY : 0;
  if (opts.isMainExecutable && allowsDebugging(ents)) execSegFlags |= CS_EXECSEG_ALLOW_UNSIGNED;
  return {
    requirements: buildRequirements(opts.identifier, opts.identity.commonName),
    ...(opts.entitlements && ents
      ? { entitlements: entitlementsBlob(opts.entitlements), derEntitlements: derEntitlementsBlob(ents) }
      : {}),
    execSegFlags,
    signingTime: opts.signingTime ?? new Date(),
  };
}

function specialSlots(hashType: HashType, opts: MachOSignOptions, p: PreparedBlobs): Map<number, Buffer> {
  const slots = new Map<number, Buffer>();
  if (opts.infoPlist) slots.set(CSSLOT_INFOSLOT, digest(hashType, opts.infoPlist));
  slots.set(CSSLOT_REQUIREMENTS, digest(hashType, p.requirements));
  if (opts.codeResources) slots.set(CSSLOT_RESOURCEDIR, slotDigest(hashType, opts.codeResources));
  if (p.entitlements) slots.set(CSSLOT_ENTITLEMENTS, digest(hashType, p.entitlements));
  if (p.derEntitlements) slots.set(CSSLOT_DER_ENTITLEMENTS, digest(hashType, p.derEntitlements));
  return slots;
}

const align = (n: number, a: number) => Math.ceil(n / a) * a;

/** Rewrites a segment's filesize/vmsize fields in place. */
function setSegmentSizes(buf: Buffer, m: ThinMachO, seg: Segment, filesize: number, vmsize: number): void {
  if (m.is64) {
    buf.writeBigUInt64LE(BigInt(vmsize), seg.cmdOffset + 32);
    buf.writeBigUInt64LE(BigInt(filesize), seg.cmdOffset + 48);
  } else {
    buf.writeUInt32LE(vmsize, seg.cmdOffset + 28);
    buf.writeUInt32LE(filesize, seg.cmdOffset + 36);
  }
}

interface SignatureLayout {
  /** Signature offset = codeLimit; everything before it is hashed. */
  dataoff: number;
  csCmdOffset: number;
  /** The image has no LC_CODE_SIGNATURE yet; one is appended to the load commands. */
  addCommand: boolean;
}

function signatureLayout(size: number, m: ThinMachO, linkedit: Segment): SignatureLayout {
  if (m.codeSignature) {
    const { dataoff, cmdOffset } = m.codeSignature;
    if (dataoff < linkedit.fileoff) corrupt("code signature is not inside __LINKEDIT");
    return { dataoff, csCmdOffset: cmdOffset, addCommand: false };
  }
  if (headerRoom(m) < 16) {
    throw new AppleError(
      "APPLE_NO_ROOM_FOR_SIGNATURE",
      `only ${Math.max(0, headerRoom(m))} bytes free after the load commands`,
    );
  }
  return {
    dataoff: align(Math.max(linkedit.fileoff + linkedit.filesize, size), 16),
    csCmdOffset: m.headerSize + m.sizeofcmds,
    addCommand: true,
  };
}

/** Reads are done (and page hashes computed) this much at a time. */
const CHUNK = 1024 * 1024;
/** Bytes after the load commands read with them: room for an added LC_CODE_SIGNATURE or dylib command. */
const HEAD_EXTRA = 4096;

/** One slice's signed form: its patched header, the code limit and the signature. */
interface SlicePlan {
  src: ByteSource;
  head: Buffer;
  dataoff: number;
  signature: Buffer;
  size: number;
  cputype: number;
  cdhash: Buffer;
  /** CRC-32 of the code [0, dataoff), when its every page was hashed with the final header. */
  codeCrc?: number;
  pages: PageHashes;
}

/**
 * Bytes [pos, pos + len) of the signed slice's code: the source's bytes with the patched header
 * laid over them and zeros past the source's end (up to the signature offset).
 */
function codeBytes(src: ByteSource, head: Buffer, pos: number, len: number, scratch?: Buffer): Buffer {
  const avail = Math.max(0, Math.min(len, src.size - pos));
  if (pos >= head.length && avail === len) return src.read(pos, len, scratch);
  const out = scratch && scratch.length >= len ? scratch.subarray(0, len).fill(0) : Buffer.alloc(len);
  if (avail > 0) {
    const got = src.read(pos, avail, out);
    if (got.buffer !== out.buffer || got.byteOffset !== out.byteOffset) got.copy(out, 0);
  }
  if (pos < head.length) head.copy(out, 0, pos, Math.min(head.length, pos + len));
  return out;
}

/** Output pieces are smaller than hashing reads: each is a fresh buffer in flight through the writer. */
const OUT_CHUNK = 256 * 1024;

function* sliceChunks(plan: SlicePlan): Generator<Buffer> {
  for (let pos = 0; pos < plan.dataoff; pos += OUT_CHUNK)
    yield codeBytes(plan.src, plan.head, pos, Math.min(OUT_CHUNK, plan.dataoff - pos));
  yield plan.signature;
}

/** Bytes [pos, pos + len) of the signed slice: code (patched header, source, zeros) then the signature. */
function signedBytes(plan: SlicePlan, pos: number, len: number): Buffer {
  if (pos < 0 || len < 0 || pos + len > plan.size) corrupt(`read ${pos}+${len} beyond ${plan.size} bytes`);
  const parts: Buffer[] = [];
  const codeEnd = Math.min(pos + len, plan.dataoff);
  if (pos < codeEnd) parts.push(Buffer.from(codeBytes(plan.src, plan.head, pos, codeEnd - pos)));
  const sigFrom = Math.max(pos, plan.dataoff);
  if (sigFrom < pos + len) parts.push(plan.signature.subarray(sigFrom - plan.dataoff, pos + len - plan.dataoff));
  return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
}

/**
 * SHA-256 (and SHA-1, given its table) of pages [from, to) of the code, into the page hash tables; returns the CRC-32
 * of the code [from·PAGE_SIZE, min(to·PAGE_SIZE, dataoff)). Whole source pages past the patched header that `known`
 * has hashed are neither hashed nor read: their hashes are copied, and the CRC of their bytes comes from known's CRC
 * less the pages around them (crc32Middle), which are read.
 */
function hashPages(
  src: ByteSource,
  head: Buffer,
  dataoff: number,
  from: number,
  to: number,
  p1: Buffer | undefined,
  p256: Buffer,
  known?: FilePages,
): number {
  const end = Math.min(to * PAGE_SIZE, dataoff);
  // Known pages [k0, k1): past the header, whole within the code and the source.
  const k0 = Math.max(from, Math.ceil(head.length / PAGE_SIZE));
  const k1 = known ? Math.min(known.count, Math.floor(end / PAGE_SIZE), Math.floor(src.size / PAGE_SIZE)) : 0;
  if (!known || k1 <= k0) return hashRead(src, head, from * PAGE_SIZE, end, p1, p256);
  const before = hashRead(src, head, from * PAGE_SIZE, k0 * PAGE_SIZE, p1, p256);
  if (p1) known.sha1!.copy(p1, k0 * 20, k0 * 20, k1 * 20);
  known.sha256.copy(p256, k0 * 32, k0 * 32, k1 * 32);
  // The source's own bytes around the known middle (not the patched header), to take their CRC out of known's.
  const sourceA = k0 > 0 ? zlib.crc32(src.read(0, k0 * PAGE_SIZE)) : 0;
  const sourceC = known.count > k1 ? zlib.crc32(src.read(k1 * PAGE_SIZE, (known.count - k1) * PAGE_SIZE)) : 0;
  const middle = crc32Middle(known.crc, sourceA, sourceC, (k1 - k0) * PAGE_SIZE, (known.count - k1) * PAGE_SIZE);
  const after = hashRead(src, head, k1 * PAGE_SIZE, end, p1, p256);
  return crc32Combine(crc32Combine(before, middle, (k1 - k0) * PAGE_SIZE), after, end - k1 * PAGE_SIZE);
}

/** Reads the code [start, end) (start page-aligned), hashes its pages into the tables, returns its CRC-32. */
function hashRead(
  src: ByteSource,
  head: Buffer,
  start: number,
  end: number,
  p1: Buffer | undefined,
  p256: Buffer,
): number {
  if (end <= start) return 0;
  const scratch = Buffer.allocUnsafe(Math.min(CHUNK, end - start));
  let crc = 0;
  for (let pos = start; pos < end; pos += CHUNK) {
    const buf = codeBytes(src, head, pos, Math.min(CHUNK, end - pos), scratch);
    crc = zlib.crc32(buf, crc);
    for (let off = 0; off < buf.length; off += PAGE_SIZE) {
      const page = buf.subarray(off, Math.min(off + PAGE_SIZE, buf.length));
      const i = (pos + off) / PAGE_SIZE;
      if (p1) crypto.hash("sha1", page, "buffer").copy(p1, i * 20);
      crypto.hash("sha256", page, "buffer").copy(p256, i * 32);
    }
  }
  return crc;
}

/** A copy of the slice's header with LC_CODE_SIGNATURE (added if need be) and __LINKEDIT sized for `sigSize`. */
function patchHead(
  head: Buffer,
  m: ThinMachO,
  layout: SignatureLayout,
  linkedit: Segment,
  sigSize: number,
  segAlign: number,
): Buffer {
  const { dataoff, csCmdOffset } = layout;
  if (csCmdOffset + 16 > head.length) corrupt("no room for LC_CODE_SIGNATURE");
  const h = Buffer.from(head);
  if (layout.addCommand) {
    h.writeUInt32LE(LC_CODE_SIGNATURE, csCmdOffset);
    h.writeUInt32LE(16, csCmdOffset + 4);
    h.writeUInt32LE(m.ncmds + 1, 16);
    h.writeUInt32LE(m.sizeofcmds + 16, 20);
  }
  // Header fields that depend on the signature size; they are part of the hashed pages.
  h.writeUInt32LE(dataoff, csCmdOffset + 8);
  h.writeUInt32LE(sigSize, csCmdOffset + 12);
  const linkFilesize = dataoff + sigSize - linkedit.fileoff;
  setSegmentSizes(h, m, linkedit, linkFilesize, align(linkFilesize, segAlign));
  return h;
}

function signSlice(
  src: ByteSource,
  opts: MachOSignOptions,
  p: PreparedBlobs,
  injectDylibs: readonly string[],
  known: FilePages | undefined,
  sha1: boolean,
): SlicePlan {
  const original = readHead(src, HEAD_EXTRA);
  for (const loadPath of injectDylibs) injectIntoSlice(original, loadPath, false, src.size);
  const m = parseThin(original, src.size);
  if (m.encryption && m.encryption.cryptid !== 0) throw new AppleError("APPLE_ENCRYPTED_BINARY");
  if (!SIGNABLE_FILETYPES.has(m.filetype)) corrupt(`Mach-O file type ${m.filetype} cannot be signed`);
  const linkedit = findSegment(m, "__LINKEDIT");
  if (!linkedit) corrupt("no __LINKEDIT segment");
  const text = findSegment(m, "__TEXT");

  const layout = signatureLayout(src.size, m, linkedit);
  const { dataoff } = layout;
  const segAlign = m.cputype === CPU_TYPE_ARM64 ? 0x4000 : 0x1000;

  const slots1 = sha1 ? specialSlots(CS_HASHTYPE_SHA1, opts, p) : undefined;
  const slots256 = specialSlots(CS_HASHTYPE_SHA256, opts, p);
  const nCode = Math.ceil(dataoff / PAGE_SIZE);
  const nSpecial = Math.max(...slots256.keys());
  const idLen = Buffer.byteLength(opts.identifier) + 1 + Buffer.byteLength(opts.teamId) + 1;
  const cdSize = (hs: number) => 88 + idLen + (nSpecial + nCode) * hs;
  const certBytes = [opts.identity.certificateDer, ...opts.identity.chain].reduce((n, c) => n + c.length, 0);
  const keyBytes = Math.ceil(opts.identity.privateKey.n.bitLength() / 8);
  let sigSize = align(
    12 +
      6 * 8 +
      p.requirements.length +
      (p.entitlements?.length ?? 0) +
      (p.derEntitlements?.length ?? 0) +
      (sha1 ? cdSize(20) : 0) +
      cdSize(32) +
      8 +
      certBytes +
      keyBytes +
      2048,
    16,
  );

  // Page hashes the source's pages already have are of no use in a directory it lacks.
  if (known && sha1 && !known.sha1) known = undefined;
  const p1 = sha1 ? Buffer.alloc(nCode * 20) : undefined;
  const p256 = Buffer.alloc(nCode * 32);
  let hashedFrom = 0;
  let codeCrc: number | undefined;
  for (;;) {
    const head = patchHead(original, m, layout, linkedit, sigSize, segAlign);
    // The first time every page; after a resize only the pages the header patch touches (the CRC is then unknown).
    const crc = hashPages(
      src,
      head,
      dataoff,
      0,
      hashedFrom === 0 ? nCode : Math.ceil(head.length / PAGE_SIZE),
      p1,
      p256,
      known,
    );
    codeCrc = hashedFrom === 0 ? crc : undefined;
    hashedFrom = 1;
    const cdInput = {
      identifier: opts.identifier,
      teamId: opts.teamId,
      flags: 0,
      codeLimit: dataoff,
      execSegBase: text?.fileoff ?? 0,
      execSegLimit: text?.filesize ?? 0,
      execSegFlags: p.execSegFlags,
    };
    const cd1 =
      p1 && slots1
        ? buildCodeDirectory({ ...cdInput, pageHashes: p1, hashType: CS_HASHTYPE_SHA1, specialSlots: slots1 })
        : undefined;
    const cd256 = buildCodeDirectory({
      ...cdInput,
      pageHashes: p256,
      hashType: CS_HASHTYPE_SHA256,
      specialSlots: slots256,
    });
    // The first directory goes in slot 0 and is what the CMS signs; the cdhashes list names each, in order.
    const cds = [
      ...(cd1 ? [{ hashType: CS_HASHTYPE_SHA1 as HashType, blob: cd1 }] : []),
      { hashType: CS_HASHTYPE_SHA256 as HashType, blob: cd256 },
    ];
    const cms = buildCodeSignatureCms(opts.identity, cds, p.signingTime);
    const superBlob = buildSuperBlob([
      { type: CSSLOT_CODEDIRECTORY, blob: cds[0]!.blob },
      { type: CSSLOT_REQUIREMENTS, blob: p.requirements },
      ...(p.entitlements ? [{ type: CSSLOT_ENTITLEMENTS, blob: p.entitlements }] : []),
      ...(p.derEntitlements ? [{ type: CSSLOT_DER_ENTITLEMENTS, blob: p.derEntitlements }] : []),
      ...(cd1 ? [{ type: CSSLOT_ALTERNATE_CODEDIRECTORIES, blob: cd256 }] : []),
      { type: CSSLOT_SIGNATURESLOT, blob: blob(CSMAGIC_BLOBWRAPPER, cms) },
    ]);
    if (superBlob.length <= sigSize) {
      const signature = Buffer.alloc(sigSize);
      superBlob.copy(signature);
      const cdhash = cdHash({ hashType: CS_HASHTYPE_SHA256, blob: cd256 }).subarray(0, 20);
      const pages: PageHashes = p1 ? { sha1: p1, sha256: p256 } : { sha256: p256 };
      return { src, head, dataoff, signature, size: dataoff + sigSize, cputype: m.cputype, cdhash, codeCrc, pages };
    }
    // The estimate was short (unusually large certificates): lay out again with the real size.
    sigSize = align(superBlob.length + 1024, 16);
  }
}

/** Offsets of the slices of a fat file (32-bit header), each aligned to 2^align, as lipo lays them out. */
function fatLayout(
  archs: { cputype: number; cpusubtype: number; align: number }[],
  sizes: number[],
): { header: Buffer; starts: number[]; size: number } {
  const header = Buffer.alloc(8 + archs.length * 20);
  header.writeUInt32BE(FAT_MAGIC, 0);
  header.writeUInt32BE(archs.length, 4);
  const starts: number[] = [];
  let offset = header.length;
  archs.forEach((a, i) => {
    const alignment = 2 ** a.align;
    const start = Math.ceil(offset / alignment) * alignment;
    if (start + sizes[i]! > 0xffffffff) throw new AppleError("APPLE_BAD_MACHO", "fat slice beyond 4 GiB");
    const o = 8 + i * 20;
    header.writeInt32BE(a.cputype, o);
    header.writeInt32BE(a.cpusubtype, o + 4);
    header.writeUInt32BE(start, o + 8);
    header.writeUInt32BE(sizes[i]!, o + 12);
    header.writeUInt32BE(a.align, o + 16);
    starts.push(start);
    offset = start + sizes[i]!;
  });
  return { header, starts, size: offset };
}
