import { X509Certificate } from "node:crypto";
import { profileContainsCertificate, verifyAppleChain } from "@gryx/apple";
import { loadP12Offloaded, parseVerifiedMobileProvisionOffloaded } from "@gryx/apple/offload";
import type { Keyring } from "@gryx/platform/secrets";
import { SEALING, type NewCertificate } from "@gryx/store";

/** A delivery that cannot become the buyer's certificate (the material is wrong): the order fails. */
export class DeliveryError extends Error {}

/**
 * What the certificates table keeps of a p12 + profile pair, checked the way an upload is (the server's
 * inspectBundle): the p12 opens, chains to a trusted root, is valid now, the profile's own signature holds (Apple's
 * roots or APPLE_EXTRA_ROOTS), the profile lists it and provisions the
 * order's device.
 */
export async function inspectDelivery(
  p12: Buffer,
  password: string,
  profileBytes: Buffer,
  udid: string,
  extraRoots: Buffer[],
  now = new Date(),
) {
  let identity;
  try {
    // Supplier material is outside input: parsed on the parsing threads with their budgets (iterations, time, size).
    identity = await loadP12Offloaded(p12, password);
  } catch (e) {
    throw new DeliveryError(`p12 无法打开：${(e as Error).message}`);
  }
  let profile;
  try {
    profile = await parseVerifiedMobileProvisionOffloaded(profileBytes, extraRoots);
  } catch (e) {
    throw new DeliveryError(`描述文件无效：${(e as Error).message}`);
  }
  const cn = identity.commonName;
  const certType: "development" | "distribution" | "enterprise" | null = /^(Apple Development|iPhone Developer):/.test(
    cn,
  )
    ? "development"
    : /^(Apple Distribution|iPhone Distribution):/.test(cn)
      ? profile.provisionsAllDevices
        ? "enterprise"
        : "distribution"
      : null;
  if (!certType) throw new DeliveryError(`不支持的证书类型：${cn}`);
  const leaf = new X509Certificate(identity.certificateDer);
  const trust = verifyAppleChain(leaf, identity.extraCertificates, extraRoots, now);
  if (!trust.trusted) throw new DeliveryError(`证书不是由苹果签发：${trust.problem}`);
  if (identity.notAfter.getTime() <= now.getTime() || identity.notBefore.getTime() > now.getTime())
    throw new DeliveryError("证书不在有效期内");
  if (profile.expirationDate.getTime() <= now.getTime()) throw new DeliveryError("描述文件已过期");
  if (!profileContainsCertificate(profile, identity.certificateDer)) throw new DeliveryError("描述文件不包含该证书");
  if (!profile.provisionsAllDevices && !profile.provisionedDevices.some((d) => d.toLowerCase() === udid.toLowerCase()))
    throw new DeliveryError("描述文件不包含该订单的设备");
  return {
    certificateDer: identity.certificateDer,
    chainDer: trust.chain,
    commonName: cn.slice(0, 200),
    teamId: identity.teamId.slice(0, 20),
    teamName: (profile.teamName ?? /(?:^|\n)O=([^\n]+)/.exec(leaf.subject)?.[1] ?? "").slice(0, 200),
    certType,
    serialNumber: identity.serialNumber.slice(0, 64),
    sha1: identity.sha1Fingerprint,
    notBefore: identity.notBefore,
    notAfter: identity.notAfter,
    profileName: profile.name.slice(0, 200),
    profileUuid: profile.uuid.slice(0, 64),
    appId: profile.applicationIdentifier.slice(0, 255),
    profileType: profile.type,
    entitlements: plainJson(profile.entitlements),
    devices: profile.provisionedDevices,
    allDevices: profile.provisionsAllDevices,
    profileCreatedAt: profile.creationDate,
    profileExpiresAt: profile.expirationDate,
    expiresAt: new Date(Math.min(identity.notAfter.getTime(), profile.expirationDate.getTime())),
  };
}

function plainJson(v: unknown): unknown {
  if (Buffer.isBuffer(v)) return v.toString("base64");
  if (v instanceof Date) return v.toISOString();
  if (Array.isArray(v)) return v.map(plainJson);
  if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plainJson(x)]));
  return v;
}

/** A delivered certificate as the certificates owner stores it (scope user, sealed like an upload, linked to its mall order). */
export function deliveredCertificate(
  secrets: Keyring,
  userId: number,
  mallOrderId: number,
  name: string,
  material: { p12: Buffer; password: string; profile: Buffer },
  b: Awaited<ReturnType<typeof inspectDelivery>>,
): NewCertificate {
  return {
    ...b,
    scope: "user",
    userId,
    name: name.slice(0, 50),
    p12Sealed: secrets.seal(SEALING.certificateP12, material.p12),
    passwordSealed: secrets.seal(SEALING.certificatePassword, material.password),
    secretsKeyId: secrets.currentId,
    profile: material.profile,
    mallOrderId,
  };
}
