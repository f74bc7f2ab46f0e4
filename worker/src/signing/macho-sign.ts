/**
 * Signs a Mach-O (thin or fat) with a distribution identity, the way codesign does for iOS:
 * SuperBlob = SHA-1 CodeDirectory (slot 0), requirements (2), entitlements XML (5) and DER (7),
 * SHA-256 CodeDirectory (0x1000) and the CMS signature (0x10000).
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
  type HashType,
  PAGE_SIZE,
} from "./codedirectory";
import { buildCodeSignatureCms } from "@gryx/apple/cms";
import { allowsDebugging, derEntitlementsBlob, entitlementsBlob, parseEntitlements } from "./entitlements";
import { AppleError } from "@gryx/apple/errors";
import {
  buildFat,
  corrupt,
  CPU_TYPE_ARM64,
  findSegment,
  guardCorrupt,
  headerRoom,
  isMachO,
  LC_CODE_SIGNATURE,
  MH_BUNDLE,
  MH_DYLIB,
  MH_EXECUTE,
  parseThin,
  type Segment,
  sliceAlignFor,
  splitSlices,
  type ThinMachO,
} from "@gryx/apple/macho";
import { buildRequirements } from "./requirements";

export type { SigningIdentity };

export interface MachOSignOptions {
  /** CFBundleIdentifier for bundles' main executables, else the binary's own identifier. */
  identifier: string;
  teamId: string;
  identity: SigningIdentity;
  /** XML plist bytes; only main executables and app extensions get them. */
  entitlements?: Buffer;
  /** Exact bytes of Info.plist (special slot -1). */
  infoPlist?: Buffer;
  /** Exact bytes of _CodeSignature/CodeResources (special slot -3). */
  codeResources?: Buffer;
  /** Sets CS_EXECSEG_MAIN_BINARY. */
  isMainExecutable: boolean;
  signingTime?: Date;
}

const SIGNABLE_FILETYPES = new Set([MH_EXECUTE, MH_DYLIB, MH_BUNDLE]);

export function signMachO(binary: Buffer, opts: MachOSignOptions): Buffer {
  if (!isMachO(binary)) throw new AppleError("APPLE_BAD_MACHO", "not a Mach-O file");
  const prepared = prepareBlobs(opts);
  return guardCorrupt(() => {
    const { fat, archs, slices } = splitSlices(binary);
    const signed = slices.map((s) => signSlice(s, opts, prepared));
    if (!fat) return signed[0]!;
    return buildFat(
      archs.map((a) => ({ cputype: a.cputype, cpusubtype: a.cpusubtype, align: a.align || sliceAlignFor(a.cputype) })),
      signed,
    );
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
  if (opts.codeResources) slots.set(CSSLOT_RESOURCEDIR, digest(hashType, opts.codeResources));
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

function signatureLayout(input: Buffer, m: ThinMachO, linkedit: Segment): SignatureLayout {
  if (m.codeSignature) {
    const { dataoff, cmdOffset } = m.codeSignature;
    if (dataoff < linkedit.fileoff) corrupt("code signature is not inside __LINKEDIT");
    return { dataoff, csCmdOffset: cmdOffset, addCommand: false };
  }
  if (headerRoom(m) < 16) {
    throw new AppleError("APPLE_NO_ROOM_FOR_SIGNATURE", `only ${Math.max(0, headerRoom(m))} bytes free after the load commands`);
  }
  return {
    dataoff: align(Math.max(linkedit.fileoff + linkedit.filesize, input.length), 16),
    csCmdOffset: m.headerSize + m.sizeofcmds,
    addCommand: true,
  };
}

/**
 * The output slice: the input's bytes up to the signature offset (zero padded), with
 * LC_CODE_SIGNATURE present, followed by `sigSize` zero bytes for the signature. One
 * allocation, so a large binary is held in memory only twice (input and output).
 */
function allocateOutput(input: Buffer, m: ThinMachO, layout: SignatureLayout, sigSize: number): Buffer {
  const out = Buffer.allocUnsafe(layout.dataoff + sigSize);
  const copied = input.copy(out, 0, 0, Math.min(input.length, layout.dataoff));
  out.fill(0, copied);
  if (layout.addCommand) {
    out.writeUInt32LE(LC_CODE_SIGNATURE, layout.csCmdOffset);
    out.writeUInt32LE(16, layout.csCmdOffset + 4);
    out.writeUInt32LE(m.ncmds + 1, 16);
    out.writeUInt32LE(m.sizeofcmds + 16, 20);
  }
  return out;
}

function signSlice(input: Buffer, opts: MachOSignOptions, p: PreparedBlobs): Buffer {
  const m = parseThin(input);
  if (m.encryption && m.encryption.cryptid !== 0) throw new AppleError("APPLE_ENCRYPTED_BINARY");
  if (!SIGNABLE_FILETYPES.has(m.filetype)) corrupt(`Mach-O file type ${m.filetype} cannot be signed`);
  const linkedit = findSegment(m, "__LINKEDIT");
  if (!linkedit) corrupt("no __LINKEDIT segment");
  const text = findSegment(m, "__TEXT");

  const layout = signatureLayout(input, m, linkedit);
  const { dataoff, csCmdOffset } = layout;
  const segAlign = m.cputype === CPU_TYPE_ARM64 ? 0x4000 : 0x1000;

  const slots1 = specialSlots(CS_HASHTYPE_SHA1, opts, p);
  const slots256 = specialSlots(CS_HASHTYPE_SHA256, opts, p);
  const nCode = Math.ceil(dataoff / PAGE_SIZE);
  const nSpecial = Math.max(...slots1.keys());
  const idLen = Buffer.byteLength(opts.identifier) + 1 + Buffer.byteLength(opts.teamId) + 1;
  const cdSize = (hs: number) => 88 + idLen + (nSpecial + nCode) * hs;
  const certBytes = [opts.identity.certificateDer, ...opts.identity.chain].reduce((n, c) => n + c.length, 0);
  const keyBytes = Math.ceil(opts.identity.privateKey.n.bitLength() / 8);
  let sigSize = align(
    12 + 6 * 8 + p.requirements.length + (p.entitlements?.length ?? 0) + (p.derEntitlements?.length ?? 0) +
      cdSize(20) + cdSize(32) + 8 + certBytes + keyBytes + 2048,
    16,
  );

  for (;;) {
    const out = allocateOutput(input, m, layout, sigSize);
    const code = out.subarray(0, dataoff);
    // Header fields that depend on the signature size; they are part of the hashed pages.
    code.writeUInt32LE(dataoff, csCmdOffset + 8);
    code.writeUInt32LE(sigSize, csCmdOffset + 12);
    const linkFilesize = dataoff + sigSize - linkedit.fileoff;
    setSegmentSizes(code, m, linkedit, linkFilesize, align(linkFilesize, segAlign));

    const cdInput = {
      identifier: opts.identifier,
      teamId: opts.teamId,
      flags: 0,
      code,
      execSegBase: text?.fileoff ?? 0,
      execSegLimit: text?.filesize ?? 0,
      execSegFlags: p.execSegFlags,
    };
    const cd1 = buildCodeDirectory({ ...cdInput, hashType: CS_HASHTYPE_SHA1, specialSlots: slots1 });
    const cd256 = buildCodeDirectory({ ...cdInput, hashType: CS_HASHTYPE_SHA256, specialSlots: slots256 });
    const cms = buildCodeSignatureCms(
      opts.identity,
      [
        { hashType: CS_HASHTYPE_SHA1, blob: cd1 },
        { hashType: CS_HASHTYPE_SHA256, blob: cd256 },
      ],
      p.signingTime,
    );
    const superBlob = buildSuperBlob([
      { type: CSSLOT_CODEDIRECTORY, blob: cd1 },
      { type: CSSLOT_REQUIREMENTS, blob: p.requirements },
      ...(p.entitlements ? [{ type: CSSLOT_ENTITLEMENTS, blob: p.entitlements }] : []),
      ...(p.derEntitlements ? [{ type: CSSLOT_DER_ENTITLEMENTS, blob: p.derEntitlements }] : []),
      { type: CSSLOT_ALTERNATE_CODEDIRECTORIES, blob: cd256 },
      { type: CSSLOT_SIGNATURESLOT, blob: blob(CSMAGIC_BLOBWRAPPER, cms) },
    ]);
    if (superBlob.length <= sigSize) {
      superBlob.copy(out, dataoff);
      return out;
    }
    // The estimate was short (unusually large certificates): lay out again with the real size.
    sigSize = align(superBlob.length + 1024, 16);
  }
}
