import { execFileSync } from "node:child_process";
import { X509Certificate } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import forge from "node-forge";
import { describe, expect, it } from "vitest";
import { FIXTURE_P12_PASSWORD, fixturePath, readFixture } from "../fixtures/fixtures";
import { AppleError } from "./errors";
import { loadP12 } from "./p12";

function expectCode(fn: () => unknown, code: string): void {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(AppleError);
    expect((e as AppleError).code).toBe(code);
    return;
  }
  throw new Error(`expected ${code}`);
}

describe("loadP12", () => {
  const leaf = new X509Certificate(readFixture("pki/leaf.pem"));

  it.each(["leaf-aes", "leaf-3des", "leaf-rc2"])("loads %s", (name) => {
    const id = loadP12(readFixture(`p12/${name}.p12`), FIXTURE_P12_PASSWORD);
    expect(id.commonName).toBe("iPhone Distribution: Test Co (TEAMID1234)");
    expect(id.teamId).toBe("TEAMID1234");
    expect(id.certificateDer.equals(leaf.raw)).toBe(true);
    expect(id.sha1Fingerprint).toBe(leaf.fingerprint.replace(/:/g, ""));
    expect(id.serialNumber).toBe(leaf.serialNumber.toLowerCase());
    expect(id.notBefore.toISOString()).toBe("2024-01-01T00:00:00.000Z");
    expect(id.notAfter.toISOString()).toBe("2036-01-01T00:00:00.000Z");
    // Chain is resolved from the p12's own certificates: fake WWDR then fake root.
    const wwdr = new X509Certificate(readFixture("pki/wwdr.pem"));
    const root = new X509Certificate(readFixture("pki/root.pem"));
    expect(id.chain[0]!.equals(wwdr.raw)).toBe(true);
    if (name === "leaf-aes") {
      expect(id.extraCertificates).toHaveLength(2);
      expect(id.chain[1]!.equals(root.raw)).toBe(true);
    }
    // The key really belongs to the certificate.
    const md = forge.md.sha256.create();
    md.update("probe");
    const sig = id.privateKey.sign(md);
    expect((id.certificate.publicKey as forge.pki.rsa.PublicKey).verify(md.digest().bytes(), sig)).toBe(true);
  });

  it("loads a leaf-only p12 with an empty chain for a non-Apple issuer", () => {
    const id = loadP12(readFixture("p12/leaf-only.p12"), FIXTURE_P12_PASSWORD);
    expect(id.extraCertificates).toEqual([]);
    expect(id.chain).toEqual([]);
  });

  it("loads an AES p12 with a non-ASCII password (PBKDF2 over UTF-8)", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "p12-"));
    const out = path.join(dir, "utf8.p12");
    execFileSync("openssl", ["pkcs12", "-export", "-inkey", fixturePath("pki/leaf.key"), "-in", fixturePath("pki/leaf.pem"),
      "-passout", "pass:证书密码123", "-out", out]);
    expect(loadP12(readFileSync(out), "证书密码123").commonName).toBe("iPhone Distribution: Test Co (TEAMID1234)");
    expectCode(() => loadP12(readFileSync(out), "证书密码124"), "APPLE_BAD_PASSWORD");
  });

  it("reads a UTF8String or BMPString common name as text, not as its bytes", () => {
    const keys = forge.pki.rsa.generateKeyPair(1024);
    for (const [type, cn] of [
      [forge.asn1.Type.UTF8, "iPhone Distribution: 演示证书 (GRYXDEMO01)"],
      [forge.asn1.Type.BMPSTRING, "iPhone Distribution: 北京果仁科技 (GRYXDEMO02)"],
    ] as const) {
      const cert = forge.pki.createCertificate();
      cert.publicKey = keys.publicKey;
      cert.serialNumber = "01";
      cert.validity.notBefore = new Date(Date.now() - 86_400_000);
      cert.validity.notAfter = new Date(Date.now() + 86_400_000);
      const value = type === forge.asn1.Type.BMPSTRING ? Buffer.from(cn, "utf16le").swap16().toString("binary") : cn;
      const attrs = [{ shortName: "CN", value, valueTagClass: type }, { shortName: "OU", value: cn.slice(-11, -1) }];
      cert.setSubject(attrs as forge.pki.CertificateField[]);
      cert.setIssuer(attrs as forge.pki.CertificateField[]);
      cert.sign(keys.privateKey, forge.md.sha256.create());
      const der = forge.asn1.toDer(forge.pkcs12.toPkcs12Asn1(keys.privateKey, [cert], "pw", { algorithm: "aes256" })).getBytes();
      const id = loadP12(Buffer.from(der, "binary"), "pw");
      expect(id.commonName).toBe(cn);
      if (type === forge.asn1.Type.UTF8) expect(new X509Certificate(id.certificateDer).subject).toContain(`CN=${cn}`);
    }
  });

  it("reports a wrong password", () => {
    expectCode(() => loadP12(readFixture("p12/leaf-aes.p12"), "nope"), "APPLE_BAD_PASSWORD");
    expectCode(() => loadP12(readFixture("p12/leaf-rc2.p12"), ""), "APPLE_BAD_PASSWORD");
  });

  it("reports a p12 without a private key", () => {
    expectCode(() => loadP12(readFixture("p12/nokey.p12"), FIXTURE_P12_PASSWORD), "APPLE_P12_NO_PRIVATE_KEY");
  });

  it("reports garbage as invalid", () => {
    expectCode(() => loadP12(Buffer.from("definitely not a p12"), "x"), "APPLE_BAD_P12");
    expectCode(() => loadP12(readFixture("pki/leaf.der"), "x"), "APPLE_BAD_P12");
  });
});
