import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { fixturePath, readFixture } from "../fixtures/fixtures";
import { AppleError } from "./errors";
import {
  bundleIdAllowed,
  parseMobileProvision,
  profileContainsCertificate,
  profileExpired,
  parseVerifiedMobileProvision,
} from "./mobileprovision";

const load = (name: string) => parseMobileProvision(readFixture(`profiles/${name}.mobileprovision`));
const devices = readFixture("devices.txt").toString().trim().split("\n");

describe("parseMobileProvision", () => {
  it("reads a development profile", () => {
    const p = load("development");
    expect(p.type).toBe("development");
    expect(p.name).toBe("Demo Development");
    expect(p.uuid).toBe("11111111-1111-4111-8111-111111111111");
    expect(p.teamId).toBe("TEAMID1234");
    expect(p.teamName).toBe("Test Co");
    expect(p.applicationIdentifier).toBe("TEAMID1234.com.example.demo");
    expect(p.appId).toBe("com.example.demo");
    expect(p.entitlements["get-task-allow"]).toBe(true);
    expect(p.provisionedDevices).toEqual(devices);
    expect(p.provisionsAllDevices).toBe(false);
    expect(p.platforms).toEqual(["iOS"]);
    expect(p.expirationDate.getTime()).toBeGreaterThan(Date.now());
    expect(p.creationDate.getTime()).toBeLessThanOrEqual(Date.now());
    expect(profileExpired(p)).toBe(false);
    // The embedded plist is byte-identical to the one gen.sh signed.
    expect(p.plistData.equals(readFixture("profiles/development.plist"))).toBe(true);
  });

  it("classifies ad-hoc, enterprise and App Store profiles", () => {
    const adhoc = load("adhoc");
    expect(adhoc.type).toBe("adhoc");
    expect(adhoc.appId).toBe("*");
    expect(adhoc.provisionedDevices).toHaveLength(2);
    const ent = load("enterprise");
    expect(ent.type).toBe("enterprise");
    expect(ent.provisionsAllDevices).toBe(true);
    expect(ent.provisionedDevices).toEqual([]);
    const store = load("appstore");
    expect(store.type).toBe("appstore");
    expect(store.appId).toBe("com.example.demo");
  });

  it("reports expiry", () => {
    const p = load("expired");
    expect(p.expirationDate.toISOString()).toBe("2021-01-01T00:00:00.000Z");
    expect(profileExpired(p)).toBe(true);
    expect(profileExpired(p, new Date("2020-06-01T00:00:00Z"))).toBe(false);
  });

  it("lists developer certificates", () => {
    const p = load("development");
    expect(p.developerCertificates).toHaveLength(2);
    expect(profileContainsCertificate(p, readFixture("pki/leaf.der"))).toBe(true);
    expect(profileContainsCertificate(p, readFixture("pki/expired.der"))).toBe(true);
    expect(profileContainsCertificate(p, readFixture("pki/other.der"))).toBe(false);
  });

  it("reads a BER (indefinite length, chunked content) profile as written by openssl -stream", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "prov-"));
    const out = path.join(dir, "ber.mobileprovision");
    execFileSync("openssl", [
      "cms",
      "-sign",
      "-nodetach",
      "-binary",
      "-stream",
      "-outform",
      "DER",
      "-signer",
      fixturePath("pki/profile-signer.pem"),
      "-inkey",
      fixturePath("pki/profile-signer.key"),
      "-in",
      fixturePath("profiles/adhoc.plist"),
      "-out",
      out,
    ]);
    const ber = readFileSync(out);
    expect(ber[1]).toBe(0x80); // indefinite length outer SEQUENCE
    const p = parseMobileProvision(ber);
    expect(p.uuid).toBe("22222222-2222-4222-8222-222222222222");
    expect(p.plistData.equals(readFixture("profiles/adhoc.plist"))).toBe(true);
  });

  it("rejects garbage", () => {
    for (const bad of [Buffer.from("hello"), readFixture("pki/leaf.der"), Buffer.alloc(0)]) {
      expect(() => parseMobileProvision(bad)).toThrow(AppleError);
    }
    const dir = mkdtempSync(path.join(tmpdir(), "prov-"));
    writeFileSync(path.join(dir, "x.txt"), "not a plist");
    const out = path.join(dir, "x.p7");
    execFileSync("openssl", [
      "cms",
      "-sign",
      "-nodetach",
      "-binary",
      "-outform",
      "DER",
      "-signer",
      fixturePath("pki/profile-signer.pem"),
      "-inkey",
      fixturePath("pki/profile-signer.key"),
      "-in",
      path.join(dir, "x.txt"),
      "-out",
      out,
    ]);
    try {
      parseMobileProvision(readFileSync(out));
      throw new Error("should have thrown");
    } catch (e) {
      expect((e as AppleError).code).toBe("APPLE_BAD_PROFILE");
    }
  });
});

describe("bundleIdAllowed", () => {
  it.each([
    ["*", "com.anything.at.all", true],
    ["*", "", false],
    ["com.example.*", "com.example.demo", true],
    ["com.example.*", "com.example.demo.widget", true],
    ["com.example.*", "com.example.", false],
    ["com.example.*", "com.example", false],
    ["com.example.*", "com.examples.demo", false],
    ["com.example.demo", "com.example.demo", true],
    ["com.example.demo", "com.example.demo2", false],
    ["com.example.demo", "com.example.Demo", false],
  ])("%s admits %s: %s", (pattern, id, ok) => {
    expect(bundleIdAllowed(pattern, id)).toBe(ok);
  });
});

describe("parseVerifiedMobileProvision (the profile's own signature)", () => {
  const fixtureRoot = readFileSync(fixturePath("pki/root.pem"), "utf8");
  const demoRoot = readFileSync(path.resolve(__dirname, "../../../demo/certificate/root.pem"), "utf8");
  const code = (f: () => unknown) => {
    try {
      f();
    } catch (e) {
      return (e as AppleError).code;
    }
    return "accepted";
  };

  it("accepts the fixtures' profiles under their root and the demo profile under the demo root, reading the same fields", () => {
    for (const name of ["development", "adhoc", "enterprise"]) {
      const bytes = readFixture(`profiles/${name}.mobileprovision`);
      expect(parseVerifiedMobileProvision(bytes, [fixtureRoot])).toEqual(parseMobileProvision(bytes));
    }
    const demo = readFileSync(path.resolve(__dirname, "../../../demo/certificate/demo.mobileprovision"));
    expect(parseVerifiedMobileProvision(demo, [demoRoot]).provisionsAllDevices).toBe(true);
  });

  it("refuses a profile whose signer chains to no trusted root, and any byte changed under the signature", () => {
    const bytes = readFixture("profiles/development.mobileprovision");
    expect(code(() => parseVerifiedMobileProvision(bytes))).toBe("APPLE_PROFILE_SIGNATURE");
    expect(
      code(() =>
        parseVerifiedMobileProvision(bytes, [
          readFileSync(path.resolve(__dirname, "../../../demo/certificate/root.pem"), "utf8"),
        ]),
      ),
    ).toBe("APPLE_PROFILE_SIGNATURE");
    const edited = Buffer.from(bytes);
    edited.write("get-task-allox", edited.indexOf(Buffer.from("get-task-allow")), "latin1");
    expect(code(() => parseVerifiedMobileProvision(edited, [fixtureRoot]))).toBe("APPLE_PROFILE_SIGNATURE");
    expect(code(() => parseVerifiedMobileProvision(Buffer.from("not a profile"), [fixtureRoot]))).toBe(
      "APPLE_BAD_PROFILE",
    );
  });
});
