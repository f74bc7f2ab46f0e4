/**
 * Provisioning profiles (.mobileprovision): a CMS SignedData whose encapsulated content is a
 * plist (usually XML). We unwrap the CMS with node-forge's ASN.1 reader (it accepts the BER
 * indefinite lengths and chunked OCTET STRINGs that Apple's encoder produces) and read the
 * fields the signer and the certificate checks need.
 */
import forge from "node-forge";
import { APPLE_ROOT_PEMS, APPLE_WWDR_PEMS } from "./apple-certs";
import { checkChain, verifyAttachedCms } from "./cms";
import { AppleError } from "./errors";
import { isPlistDict, parsePlist, type PlistDict, type PlistValue } from "./plist";

export type ProfileType = "development" | "adhoc" | "enterprise" | "appstore";

export interface MobileProvision {
  name: string;
  uuid: string;
  teamId: string;
  teamName?: string;
  appIdName?: string;
  /** Full `application-identifier` entitlement, e.g. "TEAMID1234.com.example.*". */
  applicationIdentifier: string;
  /** The part after "TEAMID.", e.g. "com.example.*" or "*". */
  appId: string;
  entitlements: PlistDict;
  provisionedDevices: string[];
  provisionsAllDevices: boolean;
  creationDate: Date;
  expirationDate: Date;
  /** DER certificates allowed to sign with this profile. */
  developerCertificates: Buffer[];
  platforms: string[];
  type: ProfileType;
  /** Exact plist bytes embedded in the CMS. */
  plistData: Buffer;
  plist: PlistDict;
}

const OID_SIGNED_DATA = "1.2.840.113549.1.7.2";

function invalid(detail: string): never {
  throw new AppleError("APPLE_BAD_PROFILE", detail);
}

/** Concatenates a (possibly constructed, chunked) OCTET STRING. */
function octets(node: forge.asn1.Asn1): string {
  if (typeof node.value === "string") return node.value;
  return node.value.map(octets).join("");
}

/** Extracts the encapsulated content of a CMS SignedData. */
export function unwrapCms(buf: Buffer): Buffer {
  let root: forge.asn1.Asn1;
  try {
    root = forge.asn1.fromDer(forge.util.createBuffer(buf.toString("binary")), false);
  } catch (e) {
    return invalid(`not a CMS structure: ${(e as Error).message}`);
  }
  const seq = (n: forge.asn1.Asn1 | undefined): forge.asn1.Asn1[] =>
    n && Array.isArray(n.value) ? n.value : invalid("unexpected CMS layout");
  const [oid, explicit] = seq(root);
  if (!oid || oid.type !== forge.asn1.Type.OID || forge.asn1.derToOid(oid.value as string) !== OID_SIGNED_DATA) {
    return invalid("not a CMS SignedData");
  }
  const signedData = seq(explicit)[0];
  const encap = seq(signedData)[2];
  const content = seq(seq(encap)[1])[0];
  if (!content) return invalid("profile CMS has no content");
  return Buffer.from(octets(content), "binary");
}

function str(d: PlistDict, key: string, required = true): string {
  const v = d[key];
  if (typeof v === "string") return v;
  if (required) invalid(`missing ${key}`);
  return "";
}

function date(d: PlistDict, key: string): Date {
  const v = d[key];
  return v instanceof Date ? v : invalid(`missing ${key}`);
}

function strings(v: PlistValue | undefined): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
}

export function parseMobileProvision(buf: Buffer): MobileProvision {
  return profileFromPlist(unwrapCms(buf));
}

/**
 * A provisioning profile whose own signature holds: the CMS signature over its plist is intact (messageDigest and the
 * signer's key) and the signer chains to Apple's roots (through the intermediates the CMS carries, or the shipped
 * WWDR certificates) or to one of `extraRoots` (APPLE_EXTRA_ROOTS: test PKIs, the demo certificate). The profile is
 * read from exactly the bytes that were verified. A doctored profile (entitlements or devices added, any byte of the
 * plist changed) or one signed by anyone else fails with APPLE_PROFILE_SIGNATURE and the reason in its detail.
 */
export function parseVerifiedMobileProvision(buf: Buffer, extraRoots: (Buffer | string)[] = []): MobileProvision {
  const cms = verifyAttachedCms(buf);
  if (!cms.content.length && cms.problems.length) return invalid(cms.problems[0]!);
  if (cms.problems.length || !cms.signerCertificate)
    throw new AppleError("APPLE_PROFILE_SIGNATURE", cms.problems[0] ?? "no signer");
  const chainProblem = checkChain(
    cms.signerCertificate,
    [...cms.certificates, ...APPLE_WWDR_PEMS],
    [...APPLE_ROOT_PEMS, ...extraRoots],
  );
  if (chainProblem) throw new AppleError("APPLE_PROFILE_SIGNATURE", chainProblem);
  return profileFromPlist(cms.content);
}

function profileFromPlist(plistData: Buffer): MobileProvision {
  let plist: PlistValue;
  try {
    plist = parsePlist(plistData);
  } catch (e) {
    return invalid(`content is not a plist: ${(e as Error).message}`);
  }
  if (!isPlistDict(plist)) return invalid("profile plist is not a dictionary");

  const entitlements = plist["Entitlements"];
  if (!isPlistDict(entitlements)) return invalid("missing Entitlements");
  const teamId = strings(plist["TeamIdentifier"])[0] ?? invalid("missing TeamIdentifier");
  const applicationIdentifier =
    typeof entitlements["application-identifier"] === "string"
      ? entitlements["application-identifier"]
      : str(entitlements, "com.apple.application-identifier");
  const prefix = `${teamId}.`;
  const dot = applicationIdentifier.indexOf(".");
  const appId = applicationIdentifier.startsWith(prefix)
    ? applicationIdentifier.slice(prefix.length)
    : dot >= 0
      ? applicationIdentifier.slice(dot + 1) // App ID prefix differs from the team id on old accounts
      : invalid("malformed application-identifier");

  const provisionedDevices = strings(plist["ProvisionedDevices"]);
  const provisionsAllDevices = plist["ProvisionsAllDevices"] === true;
  const getTaskAllow = entitlements["get-task-allow"] === true;
  const type: ProfileType = provisionsAllDevices
    ? "enterprise"
    : getTaskAllow
      ? "development"
      : provisionedDevices.length > 0
        ? "adhoc"
        : "appstore";

  const certs = plist["DeveloperCertificates"];
  const developerCertificates = Array.isArray(certs) ? certs.filter((c): c is Buffer => Buffer.isBuffer(c)) : [];

  const teamName = str(plist, "TeamName", false);
  const appIdName = str(plist, "AppIDName", false);
  return {
    name: str(plist, "Name"),
    uuid: str(plist, "UUID"),
    teamId,
    ...(teamName ? { teamName } : {}),
    ...(appIdName ? { appIdName } : {}),
    applicationIdentifier,
    appId,
    entitlements,
    provisionedDevices,
    provisionsAllDevices,
    creationDate: date(plist, "CreationDate"),
    expirationDate: date(plist, "ExpirationDate"),
    developerCertificates,
    platforms: strings(plist["Platform"]),
    type,
    plistData,
    plist,
  };
}

/**
 * Whether an App ID pattern (without the team prefix) admits a bundle id:
 * "*" admits everything, "com.foo.*" admits "com.foo.<anything non-empty>", otherwise exact.
 */
export function bundleIdAllowed(appIdPattern: string, bundleId: string): boolean {
  if (appIdPattern === "*") return bundleId.length > 0;
  if (appIdPattern.endsWith(".*")) {
    const stem = appIdPattern.slice(0, -1); // keep the dot
    return bundleId.length > stem.length && bundleId.startsWith(stem);
  }
  return appIdPattern === bundleId;
}

export function profileContainsCertificate(
  profile: Pick<MobileProvision, "developerCertificates">,
  certDer: Buffer,
): boolean {
  return profile.developerCertificates.some((c) => c.equals(certDer));
}

export function profileExpired(profile: Pick<MobileProvision, "expirationDate">, now: Date = new Date()): boolean {
  return profile.expirationDate.getTime() <= now.getTime();
}
