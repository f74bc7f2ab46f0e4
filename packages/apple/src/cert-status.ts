/**
 * A certificate's status report: the OCSP answer combined with the checks on the certificate and its provisioning
 * profile (expiry of both, the team, the certificate in DeveloperCertificates, devices in ProvisionedDevices or
 * ProvisionsAllDevices), reduced to one status: revoked > expired > error > valid.
 */
import { X509Certificate } from "node:crypto";
import { APPLE_ROOT_PEMS, APPLE_WWDR_PEMS } from "./apple-certs";
import { checkOcsp, errorResult, x509OcspUrls, type OcspCache, type OcspResult } from "./ocsp";

/**
 * The OCSP check's word for a certificate that names no responder (a CA that runs none, like the demo PKI): nothing
 * can be asked online, which is not a fault of the certificate. Every page shows this same text.
 */
export const OCSP_NOT_CHECKABLE = "无法在线检测（证书中没有 OCSP 服务地址）";
import type { MobileProvision } from "./mobileprovision";

export type CertificateStatus = "valid" | "revoked" | "expired" | "error";

export type CheckName =
  "certificate-expiry" | "profile-expiry" | "team" | "certificate-in-profile" | "devices" | "ocsp";

export interface CheckItem {
  name: CheckName;
  /** Chinese label for the report. */
  label: string;
  /** pass: fine; fail: counts against the status; warn: shown, does not change the status; skip: not applicable. */
  outcome: "pass" | "fail" | "warn" | "skip";
  /** Chinese explanation. */
  message: string;
}

export interface CertificateReport {
  status: CertificateStatus;
  /** The first failing check's message (Chinese), or null when valid. */
  reason: string | null;
  checks: CheckItem[];
  ocsp: OcspResult;
  certificate: { subject: string; commonName: string; teamId: string; serial: string; notBefore: Date; notAfter: Date };
  profile: {
    name: string;
    teamId: string;
    expirationDate: Date;
    provisionsAllDevices: boolean;
    deviceCount: number;
  } | null;
  /** Owner's devices (UDIDs) found in the profile, and those missing from it. */
  devices: { included: string[]; missing: string[] };
  checkedAt: Date;
}

/** "2025-10-01 08:00:00 UTC": times in the Chinese messages. */
const at = (d: Date) => `${d.toISOString().slice(0, 19).replace("T", " ")} UTC`;

function field(subject: string, key: string): string {
  for (const line of subject.split("\n")) {
    const i = line.indexOf("=");
    if (i > 0 && line.slice(0, i) === key) return line.slice(i + 1);
  }
  return "";
}

/**
 * The certificate that issued `leaf`, among `candidates` (a p12's chain, APPLE_EXTRA_ROOTS) and Apple's shipped
 * WWDR and root certificates: its subject is the leaf's issuer and its key verifies the leaf's signature.
 */
export function findIssuer(
  leaf: Buffer | string | X509Certificate,
  candidates: (Buffer | string)[] = [],
): X509Certificate | null {
  const cert = leaf instanceof X509Certificate ? leaf : new X509Certificate(leaf);
  for (const c of [...candidates, ...APPLE_WWDR_PEMS, ...APPLE_ROOT_PEMS]) {
    const x = parsedCandidate(c);
    if (x && x.subject === cert.issuer && cert.verify(x.publicKey)) return x;
  }
  return null;
}

/** Issuer candidates are the same few CA certificates for every check: each is parsed once (bounded cache). */
const candidateCache = new Map<string, X509Certificate | null>();
function parsedCandidate(c: Buffer | string): X509Certificate | null {
  const key = typeof c === "string" ? c : c.toString("base64");
  let x = candidateCache.get(key);
  if (x === undefined) {
    try {
      x = new X509Certificate(c);
    } catch {
      x = null;
    }
    if (candidateCache.size > 200) candidateCache.clear();
    candidateCache.set(key, x);
  }
  return x;
}

export interface ReportInput {
  certificateDer: Buffer;
  /** Certificates that may have issued it (the p12's chain, APPLE_EXTRA_ROOTS). */
  issuerCandidates?: (Buffer | string)[];
  profile?: Pick<
    MobileProvision,
    "name" | "teamId" | "expirationDate" | "developerCertificates" | "provisionedDevices" | "provisionsAllDevices"
  > | null;
  /** The owner's bound devices (UDIDs); the report says which of them the profile covers. */
  deviceUdids?: string[];
  ocsp?: {
    timeoutMs?: number;
    cache?: OcspCache;
    signal?: AbortSignal;
    url?: string;
    redirects?: Readonly<Record<string, string>>;
  };
  /**
   * Why no OCSP responder is asked (the demo certificate: its demo CA runs none and revokes nothing): the OCSP check
   * is skipped with this message and does not count against the status; the answer reads "unknown".
   */
  ocspSkip?: string;
  now?: Date;
}

/** Builds the combined report. Never throws for a bad answer from the responder; throws only for an unparsable certificate. */
export async function certificateReport(input: ReportInput): Promise<CertificateReport> {
  const now = input.now ?? new Date();
  const cert = new X509Certificate(input.certificateDer);
  const subject = cert.subject;
  const teamId = field(subject, "OU");
  const notBefore = new Date(cert.validFrom);
  const notAfter = new Date(cert.validTo);
  const checks: CheckItem[] = [];

  const certExpired = notAfter.getTime() <= now.getTime();
  const notYet = notBefore.getTime() > now.getTime();
  checks.push({
    name: "certificate-expiry",
    label: "证书有效期",
    outcome: certExpired || notYet ? "fail" : "pass",
    message: certExpired
      ? `证书已于 ${at(notAfter)} 过期`
      : notYet
        ? `证书在 ${at(notBefore)} 之前尚未生效`
        : `证书有效至 ${at(notAfter)}`,
  });

  const p = input.profile ?? null;
  const udids = [...new Set((input.deviceUdids ?? []).map((u) => u.trim()).filter(Boolean))];
  const devices = { included: [] as string[], missing: [] as string[] };
  if (p) {
    const profileExpired = p.expirationDate.getTime() <= now.getTime();
    checks.push({
      name: "profile-expiry",
      label: "描述文件有效期",
      outcome: profileExpired ? "fail" : "pass",
      message: profileExpired ? `描述文件已于 ${at(p.expirationDate)} 过期` : `描述文件有效至 ${at(p.expirationDate)}`,
    });
    const sameTeam = !!teamId && p.teamId === teamId;
    checks.push({
      name: "team",
      label: "团队",
      outcome: sameTeam ? "pass" : "fail",
      message: sameTeam
        ? `证书与描述文件同属团队 ${teamId}`
        : `证书的团队 ${teamId || "（无）"} 与描述文件的团队 ${p.teamId || "（无）"} 不一致`,
    });
    const inProfile = p.developerCertificates.some((d) => d.equals(cert.raw));
    checks.push({
      name: "certificate-in-profile",
      label: "证书在描述文件中",
      outcome: inProfile ? "pass" : "fail",
      message: inProfile
        ? "描述文件的 DeveloperCertificates 包含此证书"
        : "描述文件的 DeveloperCertificates 不包含此证书",
    });
    const listed = new Set(p.provisionedDevices.map((u) => u.toLowerCase()));
    for (const u of udids)
      (p.provisionsAllDevices || listed.has(u.toLowerCase()) ? devices.included : devices.missing).push(u);
    checks.push({
      name: "devices",
      label: "设备",
      outcome: !udids.length ? (p.provisionsAllDevices ? "pass" : "skip") : devices.missing.length ? "warn" : "pass",
      message: p.provisionsAllDevices
        ? "描述文件适用于所有设备（ProvisionsAllDevices）"
        : !udids.length
          ? `描述文件包含 ${p.provisionedDevices.length} 台设备；没有已绑定的设备可比对`
          : devices.missing.length
            ? `描述文件包含 ${p.provisionedDevices.length} 台设备，不包含已绑定设备 ${devices.missing.join("、")}`
            : `描述文件包含全部 ${udids.length} 台已绑定设备`,
    });
  } else {
    checks.push({ name: "profile-expiry", label: "描述文件有效期", outcome: "skip", message: "没有描述文件" });
  }

  const issuer = findIssuer(cert, input.issuerCandidates ?? []);
  // No responder to ask: skipped (无法在线检测), the same for a user's re-check, an admin's check and a batch.
  const skip = input.ocspSkip ?? (!input.ocsp?.url && safeOcspUrls(cert).length === 0 ? OCSP_NOT_CHECKABLE : undefined);
  let ocsp: OcspResult;
  if (skip) {
    ocsp = { ...errorResult(skip, "OCSP not asked", null, now), status: "unknown", error: null };
  } else if (!issuer) {
    ocsp = errorResult(
      "找不到签发此证书的 CA 证书",
      `no trusted issuer for "${cert.issuer.replace(/\n/g, ", ")}"`,
      null,
      now,
    );
  } else {
    ocsp = await checkOcsp(cert, issuer, {
      timeoutMs: input.ocsp?.timeoutMs,
      cache: input.ocsp?.cache,
      signal: input.ocsp?.signal,
      url: input.ocsp?.url,
      redirects: input.ocsp?.redirects,
      now: input.now ? () => now : undefined,
    });
  }
  checks.push({
    name: "ocsp",
    label: "吊销状态（OCSP）",
    outcome: skip ? "skip" : ocsp.status === "good" ? "pass" : "fail",
    message: skip
      ? skip
      : ocsp.status === "good"
        ? "OCSP 服务器确认证书有效"
        : ocsp.status === "revoked"
          ? `证书已于 ${ocsp.revokedAt ? at(ocsp.revokedAt) : "未知时间"} 被吊销${ocsp.revocationReason ? `（${ocsp.revocationReason}）` : ""}`
          : ocsp.status === "unknown"
            ? "OCSP 服务器不认识此证书"
            : `无法确认吊销状态：${ocsp.error}`,
  });

  let status: CertificateStatus;
  let reason: string | null = null;
  const failed = (n: CheckName) => checks.find((c) => c.name === n && c.outcome === "fail");
  if (ocsp.status === "revoked") {
    status = "revoked";
    reason = failed("ocsp")!.message;
  } else if (failed("certificate-expiry") || failed("profile-expiry")) {
    status = "expired";
    reason = (failed("certificate-expiry") ?? failed("profile-expiry"))!.message;
  } else {
    const bad = checks.find((c) => c.outcome === "fail");
    status = bad ? "error" : "valid";
    reason = bad ? bad.message : null;
  }

  return {
    status,
    reason,
    checks,
    ocsp,
    certificate: {
      subject,
      commonName: field(subject, "CN"),
      teamId,
      serial: cert.serialNumber.toLowerCase(),
      notBefore,
      notAfter,
    },
    profile: p
      ? {
          name: p.name,
          teamId: p.teamId,
          expirationDate: p.expirationDate,
          provisionsAllDevices: p.provisionsAllDevices,
          deviceCount: p.provisionedDevices.length,
        }
      : null,
    devices,
    checkedAt: now,
  };
}

function safeOcspUrls(cert: X509Certificate): string[] {
  try {
    return x509OcspUrls(cert);
  } catch {
    return [];
  }
}
