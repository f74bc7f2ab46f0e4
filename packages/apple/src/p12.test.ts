import { execFileSync } from "node:child_process";
import { X509Certificate } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import forge from "node-forge";
import { describe, expect, it } from "vitest";
import { FIXTURE_P12_PASSWORD, fixturePath, readFixture } from "../fixtures/fixtures";
import { AppleError } from "./errors";
import { loadP12, P12_MAX_ITERATIONS, p12Iterations } from "./p12";

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

describe("the PKCS#12 key derivation (node's hashes in place of forge's JavaScript ones)", () => {
  // Known answers: the first four are BouncyCastle's RFC 7292 vectors; the others were taken from forge's own
  // JavaScript derivation before it was replaced (several blocks, SHA-512's 128-byte block, empty and null passwords).
  const cases: [string | null, string, number, number, number, string | undefined, string][] = [
    ["smeg", "0A58CF64530D823F", 1, 1, 24, undefined, "8AAAE6297B6CB04642AB5B077851284EB7128F1A2A7FBCA3"],
    ["smeg", "0A58CF64530D823F", 2, 1, 8, undefined, "79993DFE048D3B76"],
    ["queeg", "1682C0FC5B3F7EC5", 1, 1000, 24, undefined, "483DD6E919D7DE2E8E648BA8F862F3FBFBDC2BCB2C02957F"],
    ["queeg", "1682C0FC5B3F7EC5", 2, 1000, 8, undefined, "9D461D1B00355C50"],
    ["queeg", "3D83C0E4546AC140", 3, 1000, 20, undefined, "17B9E78EA534FC2B6A35512D03799D9EA3C461C0"],
    [
      "密码",
      "0011223344556677",
      3,
      2048,
      32,
      "sha256",
      "94B6B1F6ECFBEE3FC7751472F6F10845969D32F184F9BCA39A349D9A81427F84",
    ],
    [
      "",
      "0011223344556677",
      3,
      2048,
      64,
      "sha512",
      "A82AEDC9F27BFF2776E113C8CBC29635A03C3D796BA685203EE27E75C623D82A" +
        "053A4172285D476AF83682A41A0AB6D3C8B7BD41A775EDE0D43440C2CE8B49B3",
    ],
    [
      null,
      "0011223344556677",
      1,
      5,
      70,
      "sha256",
      "B0A3C97A738C5087CEF64C166DA8F2C373C2D69D690DF282B71F96D0E58289C0CBAA06EE2B900A456D5DA257C90386A9BA433667FD425E74" +
        "CC097FE1039A989D1664BBDD61EA",
    ],
  ];
  it.each(cases)("%s / %s, id %i, %i rounds, %i bytes, %s", (password, salt, id, rounds, n, md, expected) => {
    const digest = md
      ? (forge.md as unknown as Record<string, { create(): forge.md.MessageDigest }>)[md]!.create()
      : null;
    const saltBuf = forge.util.createBuffer(Buffer.from(salt, "hex").toString("binary"));
    const viaPkcs12 = forge.pkcs12.generateKey(
      password as string,
      saltBuf,
      id,
      rounds,
      n,
      digest as forge.md.MessageDigest,
    );
    expect(viaPkcs12.toHex().toUpperCase()).toBe(expected);
    // The PBE bags' derivation is the same function under its other name, replaced alike.
    const pbe = (forge.pki as unknown as { pbe: { generatePkcs12Key: typeof forge.pkcs12.generateKey } }).pbe;
    expect(
      pbe.generatePkcs12Key(password as string, saltBuf, id, rounds, n, digest as forge.md.MessageDigest).toHex(),
    ).toBe(viaPkcs12.toHex());
  });

  it("hashes with node, never with forge's digest (only its name and sizes are read)", () => {
    const trap = {
      ...forge.md.sha256.create(),
      update(): never {
        throw new Error("hashed in JavaScript");
      },
    } as unknown as forge.md.MessageDigest;
    const salt = forge.util.createBuffer("12345678");
    expect(forge.pkcs12.generateKey("pw", salt, 3, 2048, 32, trap).length()).toBe(32);
  });
});

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
    execFileSync("openssl", [
      "pkcs12",
      "-export",
      "-inkey",
      fixturePath("pki/leaf.key"),
      "-in",
      fixturePath("pki/leaf.pem"),
      "-passout",
      "pass:证书密码123",
      "-out",
      out,
    ]);
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
      const attrs = [
        { shortName: "CN", value, valueTagClass: type },
        { shortName: "OU", value: cn.slice(-11, -1) },
      ];
      cert.setSubject(attrs as forge.pki.CertificateField[]);
      cert.setIssuer(attrs as forge.pki.CertificateField[]);
      cert.sign(keys.privateKey, forge.md.sha256.create());
      const der = forge.asn1
        .toDer(forge.pkcs12.toPkcs12Asn1(keys.privateKey, [cert], "pw", { algorithm: "aes256" }))
        .getBytes();
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

  describe("iteration cap", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "p12-iter-"));
    /** A p12 of the fixture leaf exported by OpenSSL with `extra` options (e.g. -iter). */
    const exportP12 = (name: string, extra: string[]) => {
      const out = path.join(dir, `${name}.p12`);
      execFileSync("openssl", [
        "pkcs12",
        "-export",
        "-inkey",
        fixturePath("pki/leaf.key"),
        "-in",
        fixturePath("pki/leaf.pem"),
        "-passout",
        `pass:${FIXTURE_P12_PASSWORD}`,
        "-out",
        out,
        ...extra,
      ]);
      return readFileSync(out);
    };
    /** Milliseconds `fn` took to throw `code`. */
    const refusedIn = (fn: () => unknown, code: string) => {
      const t = performance.now();
      expectCode(fn, code);
      return performance.now() - t;
    };

    it("refuses 2,000,000 iterations (key bags and MAC) before deriving anything, with either password", () => {
      const p12 = exportP12("iter-2m", ["-iter", "2000000", "-maciter"]);
      // forge takes tens of seconds for this file; the refusal reads the counts only.
      expect(refusedIn(() => loadP12(p12, FIXTURE_P12_PASSWORD), "APPLE_P12_ITERATIONS")).toBeLessThan(3000);
      expect(refusedIn(() => loadP12(p12, "wrong"), "APPLE_P12_ITERATIONS")).toBeLessThan(3000);
      expect(new AppleError("APPLE_P12_ITERATIONS").userMessage).toMatch(/迭代次数/);
    });

    it("refuses high counts on the bags alone (no MAC iterations) and on the MAC alone", () => {
      const bags = exportP12("iter-bags", ["-iter", "200000", "-nomaciter"]);
      expect(p12Iterations(forge.asn1.fromDer(forge.util.createBuffer(bags.toString("binary"))))).toContain(200000);
      expectCode(() => loadP12(bags, FIXTURE_P12_PASSWORD), "APPLE_P12_ITERATIONS");
      // The MAC's count alone: forge writes the same count for the MAC as for the bags, so lower the bags' by hand.
      const ok = exportP12("iter-ok", []);
      const pfx = forge.asn1.fromDer(forge.util.createBuffer(ok.toString("binary")));
      const mac = (pfx.value as forge.asn1.Asn1[])[2].value as forge.asn1.Asn1[];
      mac[2] = forge.asn1.create(
        forge.asn1.Class.UNIVERSAL,
        forge.asn1.Type.INTEGER,
        false,
        forge.asn1.integerToDer(150000).getBytes(),
      );
      const macHigh = Buffer.from(forge.asn1.toDer(pfx).getBytes(), "binary");
      expectCode(() => loadP12(macHigh, FIXTURE_P12_PASSWORD), "APPLE_P12_ITERATIONS");
    });

    it("checks a bag inside encrypted contents as it is decrypted", () => {
      const keys = forge.pki.rsa.generateKeyPair(1024);
      const cert = forge.pki.createCertificate();
      cert.publicKey = keys.publicKey;
      cert.serialNumber = "01";
      cert.validity.notBefore = new Date("2024-01-01");
      cert.validity.notAfter = new Date("2030-01-01");
      cert.setSubject([{ name: "commonName", value: "iPhone Distribution: Nested (TEAMNEST01)" }]);
      cert.setIssuer(cert.subject.attributes);
      cert.sign(keys.privateKey, forge.md.sha256.create());
      // A shrouded key bag (200,000 iterations) inside a SafeContents encrypted with 2,048: the inner count cannot be
      // read before the outer layer is decrypted.
      const keyBag = forge.pki.encryptPrivateKeyInfo(
        forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(keys.privateKey)),
        "pw",
        { algorithm: "aes256", count: 200000 },
      );
      const { asn1 } = forge;
      const safeBag = asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
        asn1.create(
          asn1.Class.UNIVERSAL,
          asn1.Type.OID,
          false,
          asn1.oidToDer(forge.pki.oids.pkcs8ShroudedKeyBag).getBytes(),
        ),
        asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [keyBag]),
      ]);
      const inner = asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [safeBag]);
      const legit = forge.pkcs12.toPkcs12Asn1(keys.privateKey, cert, "pw", { algorithm: "aes256", count: 2048 });
      expect(loadP12(Buffer.from(asn1.toDer(legit).getBytes(), "binary"), "pw").commonName).toContain("Nested");
      // Encrypt the inner SafeContents as forge would encrypt its certificate SafeContents, and put it beside the MAC-less PFX.
      const salt = forge.random.getBytesSync(8);
      const dk = forge.pkcs5.pbkdf2("pw", salt, 2048, 32, forge.md.sha256.create());
      const iv = forge.random.getBytesSync(16);
      const cipher = forge.cipher.createCipher("AES-CBC", dk);
      cipher.start({ iv });
      cipher.update(asn1.toDer(inner));
      cipher.finish();
      const pbes2 = asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
        asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(forge.pki.oids.pkcs5PBES2).getBytes()),
        asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
          asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
            asn1.create(
              asn1.Class.UNIVERSAL,
              asn1.Type.OID,
              false,
              asn1.oidToDer(forge.pki.oids.pkcs5PBKDF2).getBytes(),
            ),
            asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
              asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, salt),
              asn1.create(asn1.Class.UNIVERSAL, asn1.Type.INTEGER, false, asn1.integerToDer(2048).getBytes()),
              asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
                asn1.create(
                  asn1.Class.UNIVERSAL,
                  asn1.Type.OID,
                  false,
                  asn1.oidToDer(forge.pki.oids.hmacWithSHA256).getBytes(),
                ),
                asn1.create(asn1.Class.UNIVERSAL, asn1.Type.NULL, false, ""),
              ]),
            ]),
          ]),
          asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
            asn1.create(
              asn1.Class.UNIVERSAL,
              asn1.Type.OID,
              false,
              asn1.oidToDer(forge.pki.oids["aes256-CBC"]).getBytes(),
            ),
            asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, iv),
          ]),
        ]),
      ]);
      const encryptedData = asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
        asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(forge.pki.oids.encryptedData).getBytes()),
        asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [
          asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
            asn1.create(asn1.Class.UNIVERSAL, asn1.Type.INTEGER, false, asn1.integerToDer(0).getBytes()),
            asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
              asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(forge.pki.oids.data).getBytes()),
              pbes2,
              asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, false, cipher.output.getBytes()),
            ]),
          ]),
        ]),
      ]);
      const authSafe = asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [encryptedData]);
      const pfx = asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
        asn1.create(asn1.Class.UNIVERSAL, asn1.Type.INTEGER, false, asn1.integerToDer(3).getBytes()),
        asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
          asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(forge.pki.oids.data).getBytes()),
          asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [
            asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, asn1.toDer(authSafe).getBytes()),
          ]),
        ]),
      ]);
      const nested = Buffer.from(asn1.toDer(pfx).getBytes(), "binary");
      expect(p12Iterations(pfx)).toEqual([2048]); // the inner count is not visible before decryption
      expectCode(() => loadP12(nested, "pw"), "APPLE_P12_ITERATIONS");
    });

    it("still opens a p12 at the cap", () => {
      const p12 = exportP12("iter-cap", ["-iter", String(P12_MAX_ITERATIONS)]);
      expect(loadP12(p12, FIXTURE_P12_PASSWORD).teamId).toBe("TEAMID1234");
    });
  });
});
