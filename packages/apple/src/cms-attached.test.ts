import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { loadP12 } from "./p12";
import { FIXTURE_P12_PASSWORD, readFixture } from "../fixtures/fixtures";
import { signAttachedCms, verifyAttachedCms } from "./cms";

const identity = loadP12(readFixture("p12/leaf-aes.p12"), FIXTURE_P12_PASSWORD);
const dir = mkdtempSync(path.join(tmpdir(), "cms-attached-"));
const file = (name: string, data?: Buffer) => {
  const p = path.join(dir, name);
  if (data) writeFileSync(p, data);
  return p;
};
const plist = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0"><dict><key>UDID</key><string>00008030-001A35E03C12802E</string></dict></plist>\n',
);

/** A throwaway self-signed key and certificate, as a device identity would sign with. */
function throwawaySigner(): { key: string; cert: string } {
  const key = file("dev.key");
  const cert = file("dev.pem");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      key,
      "-out",
      cert,
      "-days",
      "1",
      "-subj",
      "/CN=Test Device",
    ],
    { stdio: "ignore" },
  );
  return { key, cert };
}

describe("signAttachedCms", () => {
  it("makes a SignedData openssl verifies and whose content is the data", () => {
    const cms = signAttachedCms(identity, plist);
    const out = execFileSync(
      "openssl",
      ["smime", "-verify", "-noverify", "-inform", "DER", "-in", file("signed.der", cms)],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    expect(out.equals(plist)).toBe(true);
    const r = verifyAttachedCms(cms);
    expect(r.problems).toEqual([]);
    expect(r.content.equals(plist)).toBe(true);
    expect(r.signerCommonName).toBe(identity.commonName);
  });
});

describe("verifyAttachedCms", () => {
  const { key, cert } = throwawaySigner();
  const signed = (extra: string[] = []) => {
    execFileSync("openssl", [
      "cms",
      "-sign",
      "-nodetach",
      "-outform",
      "DER",
      "-binary",
      "-signer",
      cert,
      "-inkey",
      key,
      "-in",
      file("in.plist", plist),
      "-out",
      file("out.der"),
      ...extra,
    ]);
    return readFileSync(file("out.der"));
  };

  it("accepts what openssl cms -sign -nodetach makes, with and without signed attributes", () => {
    for (const cms of [signed(), signed(["-noattr"]), signed(["-md", "sha1"])]) {
      const r = verifyAttachedCms(cms);
      expect(r.problems).toEqual([]);
      expect(r.content.equals(plist)).toBe(true);
      expect(r.signerCommonName).toBe("Test Device");
    }
  });

  it("refuses a changed content byte, a changed signature and garbage", () => {
    for (const base of [signed(), signed(["-noattr"])]) {
      const at = base.indexOf(Buffer.from("00008030"));
      const tampered = Buffer.from(base);
      tampered[at] = "1".charCodeAt(0);
      expect(verifyAttachedCms(tampered).problems.length).toBeGreaterThan(0);
      const badSig = Buffer.from(base);
      badSig[badSig.length - 10] ^= 0xff;
      expect(verifyAttachedCms(badSig).problems.length).toBeGreaterThan(0);
    }
    expect(verifyAttachedCms(Buffer.from("not a cms")).problems.length).toBeGreaterThan(0);
    expect(verifyAttachedCms(plist).problems.length).toBeGreaterThan(0);
  });

  it("refuses a detached signature (no content inside)", () => {
    execFileSync("openssl", [
      "cms",
      "-sign",
      "-outform",
      "DER",
      "-binary",
      "-signer",
      cert,
      "-inkey",
      key,
      "-in",
      file("in.plist", plist),
      "-out",
      file("det.der"),
    ]);
    expect(verifyAttachedCms(readFileSync(file("det.der"))).problems[0]).toMatch(/detached/);
  });
});
