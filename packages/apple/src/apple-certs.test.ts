import { createHash, X509Certificate } from "node:crypto";
import forge from "node-forge";
import { describe, expect, it } from "vitest";
import { readFixture } from "../fixtures/fixtures";
import { checkChain } from "./cms";
import {
  APPLE_IPHONE_DEVICE_CA_PEM,
  APPLE_ROOT_CA_G3_PEM,
  APPLE_ROOT_CA_PEM,
  APPLE_WWDR_G2_PEM,
  APPLE_WWDR_G3_PEM,
  APPLE_WWDR_G4_PEM,
  APPLE_WWDR_G5_PEM,
  APPLE_WWDR_G6_PEM,
  chainFor,
  pemCertificates,
  readExtraRoots,
  verifyAppleChain,
} from "./apple-certs";

const sha256 = (pem: string) => createHash("sha256").update(new X509Certificate(pem).raw).digest("hex").toUpperCase();

describe("shipped Apple certificates", () => {
  it("match Apple's published fingerprints", () => {
    expect(sha256(APPLE_ROOT_CA_PEM)).toBe("B0B1730ECBC7FF4505142C49F1295E6EDA6BCAED7E2C68C5BE91B5A11001F024");
    expect(sha256(APPLE_ROOT_CA_G3_PEM)).toBe("63343ABFB89A6A03EBB57E9B3F5FA7BE7C4F5C756F3017B3A8C488C3653E9179");
    expect(sha256(APPLE_WWDR_G3_PEM)).toBe("DCF21878C77F4198E4B4614F03D696D89C66C66008D4244E1B99161AAC91601F");
  });

  it("have the expected subjects and are signed by the right root", () => {
    const root = new X509Certificate(APPLE_ROOT_CA_PEM);
    const rootG3 = new X509Certificate(APPLE_ROOT_CA_G3_PEM);
    expect(root.subject).toContain("CN=Apple Root CA");
    expect(root.verify(root.publicKey)).toBe(true);
    expect(rootG3.verify(rootG3.publicKey)).toBe(true);
    for (const [pem, ou, issuer] of [
      [APPLE_WWDR_G3_PEM, "G3", root],
      [APPLE_WWDR_G4_PEM, "G4", root],
      [APPLE_WWDR_G5_PEM, "G5", root],
      [APPLE_WWDR_G6_PEM, "G6", rootG3],
    ] as const) {
      const c = new X509Certificate(pem);
      expect(c.subject).toContain("CN=Apple Worldwide Developer Relations Certification Authority");
      expect(c.subject).toContain(`OU=${ou}`);
      expect(c.verify(issuer.publicKey)).toBe(true);
    }
    expect(new X509Certificate(APPLE_WWDR_G2_PEM).verify(rootG3.publicKey)).toBe(true);
  });

  it("RSA ones parse with node-forge", () => {
    for (const pem of [APPLE_ROOT_CA_PEM, APPLE_WWDR_G3_PEM, APPLE_WWDR_G4_PEM, APPLE_WWDR_G5_PEM]) {
      const cert = forge.pki.certificateFromPem(pem);
      expect(cert.subject.getField("O").value).toBe("Apple Inc.");
    }
  });
});

describe("chainFor", () => {
  it("chains a real WWDR intermediate to Apple Root CA", () => {
    const chain = chainFor(APPLE_WWDR_G3_PEM);
    expect(chain).toHaveLength(1);
    expect(new X509Certificate(chain[0]!).subject).toContain("CN=Apple Root CA");
  });

  it("uses the p12's certificates and rejects a look-alike shipped issuer", () => {
    const leaf = readFixture("pki/leaf.der");
    const wwdr = readFixture("pki/wwdr.pem");
    const root = readFixture("pki/root.pem");
    // The fake WWDR has the same subject as Apple's G3 but Apple's key does not verify the leaf.
    expect(chainFor(leaf)).toEqual([]);
    const chain = chainFor(leaf, [root, wwdr]);
    expect(chain.map((d) => new X509Certificate(d).subject)).toEqual([
      new X509Certificate(wwdr).subject,
      new X509Certificate(root).subject,
    ]);
    expect(chainFor(leaf, [wwdr])).toHaveLength(1);
  });
});

describe("verifyAppleChain and APPLE_EXTRA_ROOTS", () => {
  const root = () => readFixture("pki/root.pem").toString("utf8");
  const leaf = () => readFixture("pki/leaf.der");
  const wwdr = () => pemCertificates(readFixture("pki/wwdr.pem").toString("utf8"));

  it("trusts a leaf whose chain ends at an extra root, and answers the chain nearest first", () => {
    const r = verifyAppleChain(leaf(), wwdr(), pemCertificates(root()));
    expect(r.trusted).toBe(true);
    if (r.trusted) {
      expect(r.chain).toHaveLength(2);
      expect(r.chain[0]!.equals(wwdr()[0]!)).toBe(true);
      expect(r.chain[1]!.equals(pemCertificates(root())[0]!)).toBe(true);
    }
  });

  it("does not trust the same leaf without the extra root, nor without its intermediate", () => {
    expect(verifyAppleChain(leaf(), wwdr(), []).trusted).toBe(false);
    expect(verifyAppleChain(leaf(), [], pemCertificates(root())).trusted).toBe(false);
  });

  it("refuses a chain whose intermediate is not valid at the given time", () => {
    const r = verifyAppleChain(leaf(), wwdr(), pemCertificates(root()), new Date("2050-01-01T00:00:00Z"));
    expect(r.trusted).toBe(false);
  });

  it("reads APPLE_EXTRA_ROOTS (comma-separated PEM files) and lists unreadable ones", () => {
    const problems: string[] = [];
    const files: Record<string, string> = { "/a.pem": root() + root(), "/b.pem": "not a certificate" };
    const read = (p: string) => {
      if (!(p in files)) throw new Error("ENOENT");
      return files[p]!;
    };
    expect(readExtraRoots(" /a.pem ,", read, problems)).toHaveLength(2);
    expect(problems).toEqual([]);
    readExtraRoots("/b.pem,/missing.pem", read, problems);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toContain("/b.pem");
    expect(readExtraRoots(undefined, read, [])).toEqual([]);
  });
});

describe("Apple iPhone Device CA (the issuer of device identities that sign UDID captures)", () => {
  /** A certificate made with node-forge: SHA-1 and RSA-1024, like Apple's device CA and the identities it issues. */
  function issue(subjectCn: string, issuer: { cn: string; key: forge.pki.rsa.PrivateKey } | null, ca: boolean) {
    const keys = forge.pki.rsa.generateKeyPair(1024);
    const cert = forge.pki.createCertificate();
    cert.publicKey = keys.publicKey;
    cert.serialNumber = "0" + forge.util.bytesToHex(forge.random.getBytesSync(8));
    cert.validity.notBefore = new Date(Date.UTC(2007, 3, 16));
    cert.validity.notAfter = new Date(Date.UTC(2014, 3, 16)); // expired, like Apple's
    const name = (cn: string) => [
      { name: "countryName", value: "US" },
      { name: "organizationName", value: "Apple Inc." },
      { name: "commonName", value: cn },
    ];
    cert.setSubject(name(subjectCn));
    cert.setIssuer(name(issuer?.cn ?? subjectCn));
    cert.setExtensions([{ name: "basicConstraints", cA: ca, critical: true }]);
    cert.sign(issuer?.key ?? keys.privateKey, forge.md.sha1.create());
    return {
      der: Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), "binary"),
      key: keys.privateKey,
    };
  }

  it("is the certificate Apple's profile-service guide publishes, and names itself", () => {
    expect(sha256(APPLE_IPHONE_DEVICE_CA_PEM)).toBe("76F27D00E1333BC88DE0E2916C38C9A7F2B75774C25A794C092A80E3C4C66CCE");
    const ca = new X509Certificate(APPLE_IPHONE_DEVICE_CA_PEM);
    expect(ca.subject).toContain("CN=Apple iPhone Device CA");
    expect(ca.issuer).toContain("CN=Apple iPhone Certification Authority");
    expect(ca.ca).toBe(true);
  });

  it("checkChain accepts an expired SHA-1/RSA-1024 issuer it trusts and refuses a look-alike with another key", () => {
    const realCa = issue("Apple iPhone Device CA", null, true);
    const device = issue("DEVICE-UDID", { cn: "Apple iPhone Device CA", key: realCa.key }, false);
    expect(checkChain(device.der, [device.der], [realCa.der])).toBeUndefined();
    // A CA of the same name made by someone else issues nothing the real one vouches for.
    const forged = issue("Apple iPhone Device CA", null, true);
    const forgedDevice = issue("DEVICE-UDID", { cn: "Apple iPhone Device CA", key: forged.key }, false);
    expect(checkChain(forgedDevice.der, [forgedDevice.der, forged.der], [APPLE_IPHONE_DEVICE_CA_PEM])).toMatch(
      /does not chain/,
    );
    expect(checkChain(forgedDevice.der, [forgedDevice.der], [realCa.der])).toMatch(/does not chain/);
    // A self-signed identity is refused too.
    const self = issue("DEVICE-UDID", null, false);
    expect(checkChain(self.der, [self.der], [APPLE_IPHONE_DEVICE_CA_PEM])).toMatch(/does not chain/);
  });
});
