/**
 * Independent re-verification of an embedded code signature: every page hash and special slot
 * of every CodeDirectory is recomputed from the file and the supplied Info.plist/CodeResources
 * bytes, and the CMS is checked (messageDigest, signature, Apple cdhash attributes, and the
 * certificate chain when trusted roots are given). Ad-hoc signatures (no CMS) get the hash checks.
 */
import {
  CS_ADHOC,
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
  parseCodeDirectory,
  type ParsedCodeDirectory,
  parseSuperBlob,
} from "./codedirectory";
import { cdHash, OID, verifyCodeSignatureCms } from "@gryx/apple/cms";
import { entitlementsToDer, parseEntitlements } from "./entitlements";
import { isAppleError } from "@gryx/apple/errors";
import { cpuName, findSegment, guardCorrupt, parseThin } from "@gryx/apple/macho";
import { BufferSource, isMachOSource, readHead, readSlices, type ByteSource } from "./macho-source";
import { decompileRequirements } from "./requirements";

export interface MachOVerifyResult {
  ok: boolean;
  problems: string[];
  /** Full cdhash of every CodeDirectory of every slice (20 bytes SHA-1, 32 bytes SHA-256). */
  cdhashes: Buffer[];
  identifier: string;
  teamId?: string;
  signerCommonName?: string;
  /** Payload of the XML entitlements blob, when present. */
  entitlements?: Buffer;
  /** Designated requirement as text, when present. */
  designatedRequirement?: string;
  /** The first slice's team ("" for none): the others must match. */
  sliceTeams?: string;
}

export interface MachOVerifyOptions {
  infoPlist?: Buffer;
  /** Its bytes, or their digests (see SlotFile). */
  codeResources?: SlotFile;
  /** PEM certificates; when given, the CMS signer must chain to one of them. */
  trustedRoots?: string[];
}

const isZero = (b: Buffer) => b.every((x) => x === 0);

export function verifyMachO(binary: Buffer, opts: MachOVerifyOptions = {}): MachOVerifyResult {
  return verifyMachOSource(new BufferSource(binary), opts);
}

/** verifyMachO for a binary read piece by piece (a temp file): memory does not grow with its size. */
export function verifyMachOSource(src: ByteSource, opts: MachOVerifyOptions = {}): MachOVerifyResult {
  const result: MachOVerifyResult = { ok: false, problems: [], cdhashes: [], identifier: "" };
  try {
    if (!isMachOSource(src)) {
      result.problems.push("not a Mach-O file");
      return result;
    }
    guardCorrupt(() => {
      const { fat, slices } = readSlices(src);
      for (const slice of slices) verifySlice(slice, opts, result, fat);
    });
  } catch (e) {
    if (!isAppleError(e)) throw e;
    result.problems.push(e.message);
  }
  result.ok = result.problems.length === 0;
  return result;
}

function verifySlice(slice: ByteSource, opts: MachOVerifyOptions, result: MachOVerifyResult, fat: boolean): void {
  const m = parseThin(readHead(slice), slice.size);
  const prefix = fat ? `${cpuName(m.cputype, m.cpusubtype)}: ` : "";
  const problem = (s: string) => result.problems.push(prefix + s);
  if (!m.codeSignature || m.codeSignature.datasize === 0) {
    problem("not signed");
    return;
  }
  const { dataoff, datasize } = m.codeSignature;
  const linkedit = findSegment(m, "__LINKEDIT");
  // dyld and the kernel only accept a signature that lies inside __LINKEDIT.
  if (!linkedit || dataoff < linkedit.fileoff || dataoff + datasize > linkedit.fileoff + linkedit.filesize) {
    problem("code signature is not inside __LINKEDIT");
  }
  const blobs = parseSuperBlob(slice.read(dataoff, datasize));
  const cdBlobs = [CSSLOT_CODEDIRECTORY, CSSLOT_ALTERNATE_CODEDIRECTORIES, CSSLOT_ALTERNATE_CODEDIRECTORIES + 1]
    .map((slot) => blobs.get(slot))
    .filter((b): b is Buffer => !!b);
  if (cdBlobs.length === 0) {
    problem("signature has no CodeDirectory");
    return;
  }
  const cds = cdBlobs.map(parseCodeDirectory);
  const reqBlob = blobs.get(CSSLOT_REQUIREMENTS);
  const entBlob = blobs.get(CSSLOT_ENTITLEMENTS);
  const derBlob = blobs.get(CSSLOT_DER_ENTITLEMENTS);
  if (!result.identifier) result.identifier = cds[0]!.identifier;
  // Every slice must be signed by one team and one certificate (a stale slice keeps another's).
  const sliceTeam = cds[0]!.teamId ?? "";
  if (result.sliceTeams === undefined) result.sliceTeams = sliceTeam;
  else if (result.sliceTeams !== sliceTeam)
    problem(`signed by team "${sliceTeam}", another slice by "${result.sliceTeams}"`);
  if (!result.teamId && cds[0]!.teamId) result.teamId = cds[0]!.teamId;
  if (entBlob && !result.entitlements) result.entitlements = Buffer.from(entBlob.subarray(8));
  if (reqBlob && result.designatedRequirement === undefined) {
    const dr = decompileRequirements(reqBlob).get(3);
    if (dr) result.designatedRequirement = dr;
  }

  if (entBlob && derBlob) {
    const xml = Buffer.from(entBlob.subarray(8));
    let consistent = false;
    try {
      consistent = entitlementsToDer(parseEntitlements(xml)).equals(derBlob.subarray(8));
    } catch {
      // Unparsable XML entitlements are reported as inconsistent below.
    }
    if (!consistent) problem("DER entitlements do not match the XML entitlements");
  }

  const special: [number, string, SlotFile | undefined][] = [
    [CSSLOT_INFOSLOT, "Info.plist", opts.infoPlist],
    [CSSLOT_REQUIREMENTS, "requirements", reqBlob],
    [CSSLOT_RESOURCEDIR, "CodeResources", opts.codeResources],
    [CSSLOT_ENTITLEMENTS, "entitlements", entBlob],
    [CSSLOT_DER_ENTITLEMENTS, "DER entitlements", derBlob],
  ];

  for (const cd of cds) {
    const tag = `CodeDirectory(${cd.hashType === 1 ? "SHA-1" : "SHA-256"})`;
    if (cd.identifier !== cds[0]!.identifier) problem(`${tag}: identifier differs between CodeDirectories`);
    if (cd.codeLimit !== dataoff) problem(`${tag}: codeLimit ${cd.codeLimit} is not the signature offset ${dataoff}`);
    if (cd.pageSize === 0) problem(`${tag}: unpaged code directories are not supported`);
    else checkPages(slice, cd, (s) => problem(`${tag}: ${s}`));
    for (const [slot, name, data] of special) {
      const h = cd.specialSlot(slot);
      const bound = h !== undefined && !isZero(h);
      if (data === undefined) {
        if (bound) problem(`${tag}: ${name} is bound by the signature but was not supplied`);
      } else if (!bound) {
        // Blobs inside the signature must be bound; supplied external files must be too.
        problem(`${tag}: ${name} is not bound by the signature`);
      } else if (!slotDigest(cd.hashType, data).equals(h)) {
        problem(`${tag}: ${name} hash mismatch`);
      }
    }
    result.cdhashes.push(cdHash({ hashType: cd.hashType, blob: cd.raw }));
  }

  const wrapper = blobs.get(CSSLOT_SIGNATURESLOT);
  const cmsPayload = wrapper && wrapper.length > 8 ? wrapper.subarray(8) : undefined;
  const adhoc = (cds[0]!.flags & CS_ADHOC) !== 0;
  if (!cmsPayload) {
    if (!adhoc) problem("signature has no CMS but is not marked ad-hoc");
    return;
  }
  if (adhoc) problem("ad-hoc CodeDirectory carries a CMS signature");
  const cms = verifyCodeSignatureCms(Buffer.from(cmsPayload), cds[0]!.raw, opts.trustedRoots);
  cms.problems.forEach((s) => problem(s));
  if (cms.signerCommonName && result.signerCommonName && cms.signerCommonName !== result.signerCommonName) {
    problem(`signed by "${cms.signerCommonName}", another slice by "${result.signerCommonName}"`);
  }
  if (cms.signerCommonName && !result.signerCommonName) result.signerCommonName = cms.signerCommonName;

  const realHashes = cds.map((cd) => cdHash({ hashType: cd.hashType, blob: cd.raw }));
  const truncated = realHashes.map((h) => h.subarray(0, 20));
  const listed = cms.plistCdHashes;
  if (!listed) problem("CMS lacks the cdhashes plist attribute");
  else if (listed.length !== truncated.length || listed.some((h, i) => !h.equals(truncated[i]!))) {
    problem("CMS cdhashes plist does not match the CodeDirectories");
  }
  const sha256Index = cds.findIndex((cd) => cd.hashType === 2);
  if (cms.hashAgility && sha256Index >= 0) {
    const entry = cms.hashAgility.find((a) => a.oid === OID.sha256);
    if (!entry || !entry.digest.equals(realHashes[sha256Index]!)) problem("CMS hash agility attribute does not match");
  }
}

/** Largest page size we hash (iOS uses 4 KiB, macOS on arm64 16 KiB). */
const MAX_PAGE_SIZE = 64 * 1024;
/** Pages are read this much at a time. */
const CHUNK = 1024 * 1024;

function checkPages(slice: ByteSource, cd: ParsedCodeDirectory, problem: (s: string) => void): void {
  const expected = Math.ceil(cd.codeLimit / cd.pageSize);
  if (cd.pageSize <= 0 || cd.pageSize > MAX_PAGE_SIZE) {
    problem(`page size ${cd.pageSize} is not supported`);
    return;
  }
  if (cd.nCodeSlots !== expected) {
    problem(`has ${cd.nCodeSlots} page hashes, expected ${expected}`);
    return;
  }
  if (cd.codeLimit > slice.size) {
    problem("codeLimit beyond end of file");
    return;
  }
  let bad = 0;
  let firstBad = -1;
  const step = Math.max(cd.pageSize, CHUNK - (CHUNK % cd.pageSize));
  const scratch = Buffer.allocUnsafe(Math.min(step, cd.codeLimit));
  for (let pos = 0; pos < cd.codeLimit; pos += step) {
    const buf = slice.read(pos, Math.min(step, cd.codeLimit - pos), scratch);
    for (let off = 0; off < buf.length; off += cd.pageSize) {
      const i = (pos + off) / cd.pageSize;
      if (!digest(cd.hashType, buf.subarray(off, Math.min(off + cd.pageSize, buf.length))).equals(cd.codeSlot(i))) {
        bad++;
        if (firstBad < 0) firstBad = i;
      }
    }
  }
  if (bad) problem(`${bad} page hash(es) mismatch, first at page ${firstBad}`);
}
