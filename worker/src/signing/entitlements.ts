/**
 * Entitlement blobs: the XML plist (0xfade7171, slot 5) and its DER form (0xfade7172, slot 7)
 * that iOS 15+ requires. The DER encoding is Apple's "CoreEntitlements" plist DER:
 *   [APPLICATION 16] { INTEGER 1, value }
 * where a dictionary is [CONTEXT 16] { SEQUENCE { UTF8String key, value }... } with keys sorted,
 * an array is a SEQUENCE, strings are UTF8String, booleans BOOLEAN and integers INTEGER.
 * Reals, dates and data have no DER form (codesign refuses them too).
 */
import { isPlistDict, parsePlist, type PlistDict, type PlistValue } from "@gryx/apple/plist";
import { blob, CSMAGIC_EMBEDDED_DER_ENTITLEMENTS, CSMAGIC_EMBEDDED_ENTITLEMENTS } from "./codedirectory";
import { AppleError } from "@gryx/apple/errors";

function derLength(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

function tlv(tag: number[], content: Buffer): Buffer {
  return Buffer.concat([Buffer.from(tag), derLength(content.length), content]);
}

function derInteger(n: number): Buffer {
  if (!Number.isSafeInteger(n)) throw new AppleError("APPLE_BAD_ENTITLEMENTS", `entitlement integer ${n} out of range`);
  // Minimal two's complement, big-endian.
  let v = BigInt(n);
  const bytes: number[] = [];
  for (;;) {
    bytes.unshift(Number(v & 0xffn));
    const rest = v >> 8n;
    const signBit = (bytes[0]! & 0x80) !== 0;
    if ((rest === 0n && !signBit) || (rest === -1n && signBit)) break;
    v = rest;
  }
  return tlv([0x02], Buffer.from(bytes));
}

function encodeValue(v: PlistValue, path: string): Buffer {
  if (typeof v === "boolean") return tlv([0x01], Buffer.from([v ? 0xff : 0x00]));
  if (typeof v === "string") return tlv([0x0c], Buffer.from(v, "utf8"));
  if (typeof v === "number") {
    if (!Number.isInteger(v))
      throw new AppleError("APPLE_BAD_ENTITLEMENTS", `entitlement ${path}: real numbers have no DER form`);
    return derInteger(v);
  }
  if (Array.isArray(v)) return tlv([0x30], Buffer.concat(v.map((x, i) => encodeValue(x, `${path}[${i}]`))));
  if (isPlistDict(v)) {
    // Keys sorted by their UTF-8 bytes, as CoreEntitlements expects for binary search.
    const keys = Object.keys(v).sort((a, b) => Buffer.compare(Buffer.from(a, "utf8"), Buffer.from(b, "utf8")));
    const entries = keys.map((k) =>
      tlv([0x30], Buffer.concat([tlv([0x0c], Buffer.from(k, "utf8")), encodeValue(v[k]!, `${path}.${k}`)])),
    );
    return tlv([0xb0], Buffer.concat(entries)); // [CONTEXT 16] constructed
  }
  throw new AppleError("APPLE_BAD_ENTITLEMENTS", `entitlement ${path}: dates and data have no DER form`);
}

/** DER payload (without blob header) for an entitlements dictionary. */
export function entitlementsToDer(ents: PlistDict): Buffer {
  return tlv([0x70], Buffer.concat([derInteger(1), encodeValue(ents, "")]));
}

export function parseEntitlements(xml: Buffer): PlistDict {
  let v: PlistValue;
  try {
    v = parsePlist(xml);
  } catch (e) {
    throw new AppleError("APPLE_BAD_ENTITLEMENTS", `entitlements are not a valid plist: ${(e as Error).message}`);
  }
  if (!isPlistDict(v)) throw new AppleError("APPLE_BAD_ENTITLEMENTS", "entitlements plist is not a dictionary");
  return v;
}

export function entitlementsBlob(xml: Buffer): Buffer {
  return blob(CSMAGIC_EMBEDDED_ENTITLEMENTS, xml);
}

export function derEntitlementsBlob(ents: PlistDict): Buffer {
  return blob(CSMAGIC_EMBEDDED_DER_ENTITLEMENTS, entitlementsToDer(ents));
}

export function allowsDebugging(ents: PlistDict | undefined): boolean {
  return ents?.["get-task-allow"] === true;
}
