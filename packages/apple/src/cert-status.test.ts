import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFixture } from "../fixtures/fixtures";
import { TestPki, type TestLeaf } from "../fixtures/test-pki";
import { readExtraRoots } from "./apple-certs";
import { certificateReport, findIssuer, OCSP_NOT_CHECKABLE } from "./cert-status";
import { parseMobileProvision } from "./mobileprovision";

const UDID_A = "00008030-001A2B3C4D5E6F70";
const UDID_B = "00008101-000A11B22C33D44E";

let pki: TestPki;
let good: TestLeaf;
let revoked: TestLeaf;
let other: TestLeaf;
let roots: Buffer[];

beforeAll(async () => {
  pki = await TestPki.create();
  // The responder first (on a port of its own), then the leaves that name it; it reloads the index as they are added.
  const url = (await pki.startResponder()).url;
  good = await pki.issueLeaf("good", { ocspUrl: url });
  revoked = await pki.issueLeaf("revoked", { ocspUrl: url });
  other = await pki.issueLeaf("other-team", { ocspUrl: url, teamId: "OTHERTEAM1" });
  await pki.revoke(revoked, "superseded");
  roots = readExtraRoots(pki.extraRootsPath, (p) => readFileSync(p, "utf8"), []);
});
afterAll(async () => pki?.close());

const profileOf = async (name: string, opts: Parameters<TestPki["profile"]>[1]) =>
  parseMobileProvision(readFileSync(await pki.profile(name, opts)));

describe("certificate report", () => {
  it("APPLE_EXTRA_ROOTS files give the issuer; without them a test certificate has none", () => {
    expect(roots).toHaveLength(2);
    expect(findIssuer(good.der, roots)?.subject).toContain("Apple Worldwide Developer Relations");
    expect(findIssuer(good.der, [])).toBeNull();
    const problems: string[] = [];
    expect(readExtraRoots("/nonexistent/roots.pem", (p) => readFileSync(p, "utf8"), problems)).toEqual([]);
    expect(problems).toHaveLength(1);
  });

  it("a good certificate in its profile, covering the owner's devices, is valid", async () => {
    const profile = await profileOf("valid", { certs: [good.der], devices: [UDID_A, UDID_B] });
    const r = await certificateReport({
      certificateDer: good.der,
      issuerCandidates: roots,
      profile,
      deviceUdids: [UDID_A.toLowerCase()],
    });
    expect(r.status).toBe("valid");
    expect(r.reason).toBeNull();
    expect(r.checks.map((c) => [c.name, c.outcome])).toEqual([
      ["certificate-expiry", "pass"],
      ["profile-expiry", "pass"],
      ["team", "pass"],
      ["certificate-in-profile", "pass"],
      ["devices", "pass"],
      ["ocsp", "pass"],
    ]);
    expect(r.certificate.teamId).toBe("TEAMPKI123");
    expect(r.devices.included).toEqual([UDID_A.toLowerCase()]);
  });

  it("a certificate without an OCSP address cannot be checked online (无法在线检测): skipped, not an error; a caller may give its own reason", async () => {
    const silent = await pki.issueLeaf("no-ocsp", { ocspUrl: null });
    const profile = await profileOf("no-ocsp", { certs: [silent.der], devices: "all" });
    const plain = await certificateReport({ certificateDer: silent.der, issuerCandidates: roots, profile });
    expect(plain.status).toBe("valid");
    expect(plain.checks.find((c) => c.name === "ocsp")).toMatchObject({ outcome: "skip", message: OCSP_NOT_CHECKABLE });
    expect(OCSP_NOT_CHECKABLE).toContain("无法在线检测");
    const skip = "演示证书由本地演示 CA 签发，没有吊销服务，不做 OCSP 检查";
    const r = await certificateReport({ certificateDer: silent.der, issuerCandidates: roots, profile, ocspSkip: skip });
    expect(r.status).toBe("valid");
    expect(r.reason).toBeNull();
    expect(r.checks.find((c) => c.name === "ocsp")).toMatchObject({ outcome: "skip", message: skip });
    expect(r.ocsp).toMatchObject({ status: "unknown", error: null, responderUrl: null });
  });

  it("a device missing from the profile is a warning; ProvisionsAllDevices covers every device", async () => {
    const listed = await profileOf("listed", { certs: [good.der], devices: [UDID_A] });
    const r = await certificateReport({
      certificateDer: good.der,
      issuerCandidates: roots,
      profile: listed,
      deviceUdids: [UDID_B],
    });
    expect(r.status).toBe("valid");
    expect(r.checks.find((c) => c.name === "devices")).toMatchObject({ outcome: "warn" });
    expect(r.devices.missing).toEqual([UDID_B]);
    const all = await profileOf("all", { certs: [good.der], devices: "all" });
    const r2 = await certificateReport({
      certificateDer: good.der,
      issuerCandidates: roots,
      profile: all,
      deviceUdids: [UDID_B],
    });
    expect(r2.devices.included).toEqual([UDID_B]);
    expect(r2.checks.find((c) => c.name === "devices")?.message).toContain("ProvisionsAllDevices");
  });

  it("a revoked certificate is revoked whatever its profile says", async () => {
    const profile = await profileOf("revoked", { certs: [revoked.der], devices: "all" });
    const r = await certificateReport({ certificateDer: revoked.der, issuerCandidates: roots, profile });
    expect(r.status).toBe("revoked");
    expect(r.reason).toMatch(/被吊销（superseded）/);
    expect(r.ocsp.revokedAt).toBeInstanceOf(Date);
  });

  it("an expired profile makes the certificate expired", async () => {
    const profile = await profileOf("expired", {
      certs: [good.der],
      expires: new Date(Date.now() - 3600_000),
      created: new Date(Date.now() - 86_400_000 * 10),
    });
    const r = await certificateReport({ certificateDer: good.der, issuerCandidates: roots, profile });
    expect(r.status).toBe("expired");
    expect(r.reason).toMatch(/描述文件已于/);
  });

  it("an expired certificate is expired (even when its responder cannot be asked)", async () => {
    const expired = readFixture("pki/expired.der");
    const r = await certificateReport({ certificateDer: expired, issuerCandidates: [readFixture("pki/wwdr.pem")] });
    expect(r.status).toBe("expired");
    // It names no responder: not asked (无法在线检测), and still expired.
    expect(r.ocsp.status).toBe("unknown");
  });

  it("another team's profile, or a profile without the certificate, is an error with the reason", async () => {
    const profile = await profileOf("mine", { certs: [good.der], devices: "all" });
    const wrongTeam = await certificateReport({ certificateDer: other.der, issuerCandidates: roots, profile });
    expect(wrongTeam.status).toBe("error");
    expect(wrongTeam.reason).toContain("OTHERTEAM1");
    const sameTeamNotListed = await profileOf("without", { certs: [other.der], teamId: "TEAMPKI123", devices: "all" });
    const r = await certificateReport({
      certificateDer: good.der,
      issuerCandidates: roots,
      profile: sameTeamNotListed,
    });
    expect(r.status).toBe("error");
    expect(r.reason).toBe("描述文件的 DeveloperCertificates 不包含此证书");
  });

  it("a certificate with no known issuer is an error, never valid", async () => {
    const r = await certificateReport({ certificateDer: good.der });
    expect(r).toMatchObject({ status: "error", reason: "无法确认吊销状态：找不到签发此证书的 CA 证书" });
  });
});
