import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { APPLE_ROOT_CA_PEM } from "@gryx/apple/apple-certs";
import { loadP12 } from "@gryx/apple/p12";
import { FIXTURE_P12_PASSWORD, readFixture } from "../../../packages/apple/fixtures/fixtures";
import { CS_HASHTYPE_SHA1, CSSLOT_CODEDIRECTORY, CSSLOT_SIGNATURESLOT, parseSuperBlob } from "./codedirectory";
import { buildCodeSignatureCms } from "@gryx/apple/cms";
import { injectDylib } from "./inject";
import { parseThin } from "@gryx/apple/macho";
import { signMachO } from "./macho-sign";
import { verifyMachO } from "./macho-verify";

const identity = loadP12(readFixture("p12/leaf-aes.p12"), FIXTURE_P12_PASSWORD);
const rootPem = readFixture("pki/root.pem").toString();

describe("verifyMachO on lld's ad-hoc signatures (independent signer)", () => {
  it("accepts the thin arm64 executable and reports its cdhash", () => {
    const bin = readFixture("bin/app-arm64");
    const v = verifyMachO(bin);
    expect(v.problems).toEqual([]);
    expect(v.ok).toBe(true);
    expect(v.identifier).toBe("app-arm64");
    expect(v.signerCommonName).toBeUndefined();
    const m = parseThin(bin);
    const cd = parseSuperBlob(bin.subarray(m.codeSignature!.dataoff)).get(CSSLOT_CODEDIRECTORY)!;
    expect(v.cdhashes).toEqual([createHash("sha256").update(cd).digest()]);
  });

  it("accepts both slices of the fat binary and the signed dylib", () => {
    expect(verifyMachO(readFixture("bin/app-fat")).problems).toEqual([]);
    expect(verifyMachO(readFixture("bin/app-fat")).cdhashes).toHaveLength(2);
    expect(verifyMachO(readFixture("bin/libinject.dylib")).ok).toBe(true);
  });

  it("detects a modified byte anywhere in the hashed range", () => {
    const bin = readFixture("bin/app-arm64");
    const m = parseThin(bin);
    for (const offset of [0x18 /* header flags */, 0x4000 + 3, m.codeSignature!.dataoff - 1]) {
      const copy = Buffer.from(bin);
      copy[offset]! ^= 0x40;
      const v = verifyMachO(copy);
      expect(v.ok).toBe(false);
      expect(v.problems.join()).toMatch(/page hash/);
    }
  });

  it("reports a signature outside __LINKEDIT", () => {
    const bin = Buffer.from(readFixture("bin/app-arm64"));
    const linkedit = parseThin(bin).segments.find((s) => s.name === "__LINKEDIT")!;
    bin.writeBigUInt64LE(BigInt(linkedit.filesize - 64), linkedit.cmdOffset + 48); // filesize
    expect(verifyMachO(bin).problems).toContain("code signature is not inside __LINKEDIT");
  });

  it("reports unsigned, non-Mach-O and corrupt input", () => {
    expect(verifyMachO(readFixture("bin/app-unsigned")).problems).toEqual(["not signed"]);
    expect(verifyMachO(Buffer.from("hello world")).problems).toEqual(["not a Mach-O file"]);
    expect(verifyMachO(readFixture("bin/corrupt")).ok).toBe(false);
  });

  it("flags Info.plist supplied for a binary that does not bind one", () => {
    expect(verifyMachO(readFixture("bin/app-arm64"), { infoPlist: Buffer.from("x") }).problems.join()).toMatch(
      /Info.plist is not bound/,
    );
  });
});

describe("verifyMachO on our signatures", () => {
  const infoPlist = Buffer.from("<plist><dict/></plist>");
  const opts = {
    identifier: "com.example.demo",
    teamId: "TEAMID1234",
    identity,
    infoPlist,
    isMainExecutable: true,
    signingTime: new Date(Date.UTC(2026, 1, 1)),
  };
  const signed = signMachO(readFixture("bin/app-unsigned"), opts);
  // Built for iOS 9: a SHA-1 CodeDirectory in slot 0 and the SHA-256 one beside it.
  const dual = signMachO(readFixture("bin/app-armv7"), opts);

  it("requires bound external files to be supplied", () => {
    expect(verifyMachO(signed, { infoPlist }).problems).toEqual([]);
    expect(verifyMachO(signed).problems.join()).toMatch(/Info.plist is bound by the signature but was not supplied/);
  });

  it("checks the chain only against the given roots", () => {
    expect(verifyMachO(signed, { infoPlist, trustedRoots: [rootPem] }).ok).toBe(true);
    const v = verifyMachO(signed, { infoPlist, trustedRoots: [APPLE_ROOT_CA_PEM] });
    expect(v.ok).toBe(false);
    expect(v.problems.join()).toMatch(/does not chain to a trusted root/);
  });

  it("detects a CMS whose cdhashes plist lists other CodeDirectories", () => {
    expect(verifyMachO(dual, { infoPlist }).cdhashes.map((h) => h.length)).toEqual([20, 32]);
    const copy = Buffer.from(dual);
    const m = parseThin(copy);
    const blobs = parseSuperBlob(copy.subarray(m.codeSignature!.dataoff));
    const cd1 = blobs.get(CSSLOT_CODEDIRECTORY)!;
    const wrapper = blobs.get(CSSLOT_SIGNATURESLOT)!;
    // A validly signed CMS over the right CodeDirectory but naming a different second cdhash.
    const forged = buildCodeSignatureCms(
      identity,
      [
        { hashType: CS_HASHTYPE_SHA1, blob: cd1 },
        { hashType: 2, blob: Buffer.from("not the real SHA-256 code directory") },
      ],
      new Date(Date.UTC(2026, 1, 1)),
    );
    expect(forged.length).toBe(wrapper.length - 8);
    forged.copy(wrapper, 8);
    const v = verifyMachO(copy, { infoPlist });
    expect(v.problems).toContain("CMS cdhashes plist does not match the CodeDirectories");
    expect(v.problems).toContain("CMS hash agility attribute does not match");
  });
});

describe("hostile input", () => {
  // Deterministic PRNG so failures reproduce.
  function rng(seed: number): () => number {
    return () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  it("never throws anything but AppleError from sign/inject and never throws from verify", () => {
    const rand = rng(1234);
    const sources = [readFixture("bin/app-arm64"), readFixture("bin/app-fat"), readFixture("bin/framework-arm64")];
    const opts = { identifier: "com.example.demo", teamId: "TEAMID1234", identity, isMainExecutable: true };
    let signedOk = 0;
    for (let i = 0; i < 150; i++) {
      const src = sources[i % sources.length]!;
      let bin = Buffer.from(src);
      if (i % 5 === 4) {
        bin = bin.subarray(0, Math.floor(rand() * bin.length));
      } else {
        // Corrupt 1-8 bytes among the headers and load commands (first 2 KiB, or 2 KiB into a fat slice).
        const base = i % 3 === 1 && rand() < 0.5 ? 0x4000 : 0;
        for (let k = 1 + Math.floor(rand() * 8); k > 0; k--)
          bin[base + Math.floor(rand() * 2048)] = Math.floor(rand() * 256);
      }
      expect(() => verifyMachO(bin)).not.toThrow();
      for (const op of [() => signMachO(bin, opts), () => injectDylib(bin, "@rpath/x.dylib")]) {
        try {
          op();
          signedOk++;
        } catch (e) {
          if (!(e instanceof Error) || e.name !== "AppleError") throw e;
        }
      }
    }
    expect(signedOk).toBeGreaterThan(0); // some mutations hit harmless bytes
  });
});
