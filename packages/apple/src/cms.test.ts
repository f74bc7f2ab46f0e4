import { execFileSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { APPLE_ROOT_CA_PEM } from "./apple-certs";
import { loadP12 } from "./p12";
import { FIXTURE_P12_PASSWORD, fixturePath, readFixture } from "../fixtures/fixtures";
import { buildCodeSignatureCms, bytesToOid, oidToBytes, parseDer, verifyCodeSignatureCms } from "./cms";

const identity = loadP12(readFixture("p12/leaf-aes.p12"), FIXTURE_P12_PASSWORD);
const rootPem = readFixture("pki/root.pem").toString();
// Stand-ins for the two CodeDirectories: any bytes work for the CMS layer.
const cd1 = randomBytes(300);
const cd256 = randomBytes(400);
const cds = [
  { hashType: 1, blob: cd1 },
  { hashType: 2, blob: cd256 },
];
const when = new Date(Date.UTC(2026, 4, 6, 7, 8, 9));
const cms = buildCodeSignatureCms(identity, cds, when);

function tmp(name: string, data: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), "cms-"));
  const p = path.join(dir, name);
  writeFileSync(p, data);
  return p;
}

describe("OID codec", () => {
  it("encodes the WWDR marker OID as its DER content bytes", () => {
    expect(oidToBytes("1.2.840.113635.100.6.2.1").toString("hex")).toBe("2a864886f763640602" + "01");
    expect(bytesToOid(oidToBytes("2.16.840.1.101.3.4.2.1"))).toBe("2.16.840.1.101.3.4.2.1");
  });
});

describe("buildCodeSignatureCms", () => {
  it("verifies with our verifier and carries Apple's attributes", () => {
    const r = verifyCodeSignatureCms(cms, cd1, [rootPem]);
    expect(r.problems).toEqual([]);
    expect(r.signerCommonName).toBe("iPhone Distribution: Test Co (TEAMID1234)");
    expect(r.signingTime).toEqual(when);
    expect(r.messageDigest).toEqual(createHash("sha256").update(cd1).digest());
    expect(r.plistCdHashes).toEqual([
      createHash("sha1").update(cd1).digest(),
      createHash("sha256").update(cd256).digest().subarray(0, 20),
    ]);
    expect(r.hashAgility).toEqual([
      { oid: "2.16.840.1.101.3.4.2.1", digest: createHash("sha256").update(cd256).digest() },
    ]);
    // leaf + fake WWDR + fake root, leaf first
    expect(r.certificates).toHaveLength(3);
    expect(r.certificates[0]!.equals(identity.certificateDer)).toBe(true);
  });

  it("is accepted by openssl cms -verify as a detached signature over the CodeDirectory", () => {
    const out = execFileSync(
      "openssl",
      [
        "cms",
        "-verify",
        "-binary",
        "-inform",
        "DER",
        "-in",
        tmp("sig.der", cms),
        "-content",
        tmp("cd.bin", cd1),
        "-CAfile",
        fixturePath("pki/root.pem"),
        "-purpose",
        "any",
        "-out",
        "/dev/null",
      ],
      { stdio: "pipe" },
    );
    expect(out.toString()).toBe("");
    const printed = execFileSync("openssl", [
      "cms",
      "-cmsout",
      "-print",
      "-inform",
      "DER",
      "-in",
      tmp("sig.der", cms),
    ]).toString();
    expect(printed).toContain("1.2.840.113635.100.9.1");
    expect(printed).toContain("1.2.840.113635.100.9.2");
    expect(printed).toContain("signingTime");
  });

  it("is rejected by openssl for other content", () => {
    expect(() =>
      execFileSync(
        "openssl",
        [
          "cms",
          "-verify",
          "-binary",
          "-inform",
          "DER",
          "-in",
          tmp("sig.der", cms),
          "-content",
          tmp("cd.bin", cd256),
          "-CAfile",
          fixturePath("pki/root.pem"),
          "-purpose",
          "any",
          "-out",
          "/dev/null",
        ],
        { stdio: "pipe" },
      ),
    ).toThrow();
  });
});

describe("verifyCodeSignatureCms", () => {
  it("detects wrong content, a broken signature and an untrusted chain", () => {
    expect(verifyCodeSignatureCms(cms, cd256).problems).toEqual(["CMS messageDigest does not match the CodeDirectory"]);
    const sigNode = parseDer(cms);
    // Last byte of the DER is the end of the RSA signature value.
    const broken = Buffer.from(cms);
    broken[sigNode.end - 1]! ^= 0xff;
    expect(verifyCodeSignatureCms(broken, cd1).problems).toEqual([
      "CMS signature does not verify with the signer's key",
    ]);
    const untrusted = verifyCodeSignatureCms(cms, cd1, [APPLE_ROOT_CA_PEM]);
    expect(untrusted.problems.join()).toMatch(/does not chain to a trusted root/);
    expect(verifyCodeSignatureCms(Buffer.from("garbage"), cd1).problems[0]).toMatch(/malformed/);
  });

  it("reads BER indefinite-length CMS as produced with openssl -stream", () => {
    const content = Buffer.from("some code directory bytes");
    const ber = execFileSync("openssl", [
      "cms",
      "-sign",
      "-binary",
      "-stream",
      "-outform",
      "DER",
      "-signer",
      fixturePath("pki/leaf.pem"),
      "-inkey",
      fixturePath("pki/leaf.key"),
      "-certfile",
      fixturePath("pki/wwdr.pem"),
      "-in",
      tmp("content.bin", content),
    ]);
    expect(ber[1]).toBe(0x80);
    const r = verifyCodeSignatureCms(ber, content, [rootPem]);
    expect(r.problems).toEqual([]);
    expect(r.signerCommonName).toBe("iPhone Distribution: Test Co (TEAMID1234)");
    expect(r.plistCdHashes).toBeUndefined();
  });
});
