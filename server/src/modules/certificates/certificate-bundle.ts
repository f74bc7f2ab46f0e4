import { X509Certificate } from "node:crypto";
import {
  AppleError,
  profileContainsCertificate,
  verifyAppleChain,
  type MobileProvision,
  type SigningIdentity,
} from "@gryx/apple";
import { loadP12Offloaded, parseVerifiedMobileProvisionOffloaded } from "@gryx/apple/offload";
import { parsingRefusal } from "../../common/apple-parsing";
import { DomainError } from "../../common/errors";
import type { CertificateMaterial } from "@gryx/store";
import type { CertificateType } from "@gryx/store";

/** Upload limits: a p12 is a few KB, a profile with a hundred devices some tens of KB. */
export const P12_MAX_BYTES = 64 * 1024;
export const PROFILE_MAX_BYTES = 512 * 1024;
const PASSWORD_MAX_CHARS = 128;

/** What an uploaded p12 + profile pair is, once checked: everything stored besides the sealed secrets. */
export interface InspectedBundle extends CertificateMaterial {
  entitlements: Record<string, unknown>;
}

/**
 * Opens a p12 with its password, on the parsing threads (never on the event loop); refusals are the domain's codes
 * (wrong password, no private key, too many iterations, over the parsing budget, not a p12).
 */
async function openP12(p12: Buffer, password: string): Promise<SigningIdentity> {
  if (password.length > PASSWORD_MAX_CHARS) throw new DomainError("CERT_PASSWORD_TOO_LONG");
  try {
    return await loadP12Offloaded(p12, password);
  } catch (e) {
    const refusal = parsingRefusal(e);
    if (refusal) throw refusal;
    if (e instanceof AppleError) {
      if (e.code === "APPLE_BAD_PASSWORD") throw new DomainError("CERT_PASSWORD_WRONG");
      if (e.code === "APPLE_P12_NO_PRIVATE_KEY") throw new DomainError("CERT_P12_NO_PRIVATE_KEY");
    }
    // Anything else the reader could not make sense of (a truncated file, another format) is not a p12.
    throw new DomainError("CERT_P12_INVALID");
  }
}

/**
 * Whether the password opens the p12 (`verify-p12-password`): a wrong password is `false`, a file that is no p12
 * (or holds no key) is refused like at upload, so the answer never says "valid" for something upload refuses.
 */
export async function p12PasswordValid(p12: Buffer, password: string): Promise<boolean> {
  try {
    await openP12(p12, password);
    return true;
  } catch (e) {
    if (e instanceof DomainError && e.code === "CERT_PASSWORD_WRONG") return false;
    throw e;
  }
}

/**
 * A profile read from the bytes its own CMS signature covers, that signature intact and chaining to Apple's roots or
 * `extraRoots` (APPLE_EXTRA_ROOTS): a doctored profile (entitlements or devices added) is CERT_PROFILE_SIGNATURE_INVALID.
 * Parsed on the parsing threads with their budgets.
 */
async function parseProfile(profile: Buffer, extraRoots: Buffer[]): Promise<MobileProvision> {
  try {
    return await parseVerifiedMobileProvisionOffloaded(profile, extraRoots);
  } catch (e) {
    const refusal = parsingRefusal(e);
    if (refusal) throw refusal;
    if (e instanceof AppleError && e.code === "APPLE_PROFILE_SIGNATURE")
      throw new DomainError("CERT_PROFILE_SIGNATURE_INVALID");
    throw new DomainError("CERT_PROFILE_INVALID");
  }
}

/**
 * The certificate's kind from its common name (Apple's naming: "Apple Development: …", "iPhone Developer: …",
 * "Apple Distribution: …", "iPhone Distribution: …"); a distribution certificate whose profile provisions all
 * devices is an enterprise (in-house) one.
 */
export function certificateType(
  commonName: string,
  profile: Pick<MobileProvision, "provisionsAllDevices">,
): CertificateType | null {
  if (/^(Apple Development|iPhone Developer):/.test(commonName)) return "development";
  if (/^(Apple Distribution|iPhone Distribution):/.test(commonName))
    return profile.provisionsAllDevices ? "enterprise" : "distribution";
  return null;
}

/**
 * Checks an uploaded pair and reads what is kept of it. Refusals, in this order: the p12 (password, key, format),
 * the profile's format and its own signature (Apple's roots or APPLE_EXTRA_ROOTS), the certificate's kind and chain to a trusted root (Apple's or APPLE_EXTRA_ROOTS), its
 * validity, the profile's expiry, and whether the profile lists this certificate. Revocation is not checked here:
 * a revoked certificate is accepted and shown as such after its status check.
 */
export async function inspectBundle(
  p12: Buffer,
  password: string,
  profileBytes: Buffer,
  opts: { extraRoots: Buffer[]; now?: Date },
): Promise<InspectedBundle> {
  const now = opts.now ?? new Date();
  const identity = await openP12(p12, password);
  const profile = await parseProfile(profileBytes, opts.extraRoots);
  const certType = certificateType(identity.commonName, profile);
  if (!certType) throw new DomainError("CERT_TYPE_UNSUPPORTED");
  const leaf = new X509Certificate(identity.certificateDer);
  const trust = verifyAppleChain(leaf, identity.extraCertificates, opts.extraRoots, now);
  if (!trust.trusted) throw new DomainError("CERT_UNTRUSTED");
  if (identity.notBefore.getTime() > now.getTime()) throw new DomainError("CERT_NOT_YET_VALID");
  if (identity.notAfter.getTime() <= now.getTime()) throw new DomainError("CERT_EXPIRED");
  if (profile.expirationDate.getTime() <= now.getTime()) throw new DomainError("CERT_PROFILE_EXPIRED");
  if (!profileContainsCertificate(profile, identity.certificateDer)) throw new DomainError("CERT_NOT_IN_PROFILE");
  return {
    certificateDer: identity.certificateDer,
    chainDer: trust.chain,
    commonName: identity.commonName.slice(0, 200),
    teamId: identity.teamId.slice(0, 20),
    teamName: (profile.teamName ?? organization(leaf) ?? "").slice(0, 200),
    certType,
    serialNumber: identity.serialNumber.slice(0, 64),
    sha1: identity.sha1Fingerprint,
    notBefore: identity.notBefore,
    notAfter: identity.notAfter,
    profileName: profile.name.slice(0, 200),
    profileUuid: profile.uuid.slice(0, 64),
    appId: profile.applicationIdentifier.slice(0, 255),
    profileType: profile.type,
    entitlements: plainJson(profile.entitlements) as Record<string, unknown>,
    devices: profile.provisionedDevices,
    allDevices: profile.provisionsAllDevices,
    profileCreatedAt: profile.creationDate,
    profileExpiresAt: profile.expirationDate,
    expiresAt: new Date(Math.min(identity.notAfter.getTime(), profile.expirationDate.getTime())),
  };
}

function organization(cert: X509Certificate): string | undefined {
  return /(?:^|\n)O=([^\n]+)/.exec(cert.subject)?.[1];
}

/** Plist values as JSON: data as base64, dates as ISO strings. */
function plainJson(v: unknown): unknown {
  if (Buffer.isBuffer(v)) return v.toString("base64");
  if (v instanceof Date) return v.toISOString();
  if (Array.isArray(v)) return v.map(plainJson);
  if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plainJson(x)]));
  return v;
}
