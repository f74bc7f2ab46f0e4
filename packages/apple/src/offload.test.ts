import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { FIXTURE_P12_PASSWORD, fixturePath, readFixture } from "../fixtures/fixtures";
import { AppleError } from "./errors";
import { inspectIpa } from "./ipa-info";
import { parseMobileProvision } from "./mobileprovision";
import {
  closeOffloadPool,
  inspectIpaOffloaded,
  loadP12Offloaded,
  OFFLOAD_MAX_BYTES,
  parseMobileProvisionOffloaded,
  parsePlistOffloaded,
} from "./offload";
import { loadP12 } from "./p12";

// The pool runs the package's built task file (packages/apple/dist/offload-task.js): `npm run build` first.
afterAll(() => closeOffloadPool());

async function code(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(AppleError);
    return (e as AppleError).code;
  }
  throw new Error("expected a refusal");
}

describe("parsing on the pool's threads", () => {
  it("opens a p12 to the same identity as loadP12, with a usable private key", async () => {
    const buf = readFixture("p12/leaf-aes.p12");
    const [off, here] = [await loadP12Offloaded(buf, FIXTURE_P12_PASSWORD), loadP12(buf, FIXTURE_P12_PASSWORD)];
    expect(off.sha1Fingerprint).toBe(here.sha1Fingerprint);
    expect(off.commonName).toBe(here.commonName);
    expect(off.chain.map((c) => c.toString("hex"))).toEqual(here.chain.map((c) => c.toString("hex")));
    expect(off.privateKey.n.equals(here.privateKey.n)).toBe(true);
    expect(Buffer.isBuffer(off.certificateDer)).toBe(true);
  });

  it("keeps the readers' codes (wrong password, not a p12, too many iterations)", async () => {
    expect(await code(loadP12Offloaded(readFixture("p12/leaf-aes.p12"), "nope"))).toBe("APPLE_BAD_PASSWORD");
    expect(await code(loadP12Offloaded(Buffer.from("not a p12"), "x"))).toBe("APPLE_BAD_P12");
    const out = path.join(mkdtempSync(path.join(tmpdir(), "offload-")), "hi.p12");
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
      "-iter",
      "2000000",
      "-maciter",
    ]);
    expect(await code(loadP12Offloaded(readFileSync(out), FIXTURE_P12_PASSWORD))).toBe("APPLE_P12_ITERATIONS");
  });

  it("parses a profile with Buffers and Dates intact", async () => {
    const buf = readFixture("profiles/development.mobileprovision");
    const off = await parseMobileProvisionOffloaded(buf);
    const here = parseMobileProvision(buf);
    expect(off.uuid).toBe(here.uuid);
    expect(off.expirationDate).toEqual(here.expirationDate);
    expect(Buffer.isBuffer(off.developerCertificates[0])).toBe(true);
    expect(off.developerCertificates[0].equals(here.developerCertificates[0])).toBe(true);
    expect(off.provisionedDevices).toEqual(here.provisionedDevices);
    expect(await code(parseMobileProvisionOffloaded(Buffer.from("nope")))).toBe("APPLE_BAD_PROFILE");
  });

  it("reads an IPA's central directory and plists there", async () => {
    const ipa = fixturePath("ipa/thin.ipa");
    const [off, here] = [await inspectIpaOffloaded(ipa), await inspectIpa(ipa)];
    expect({ ...off, icon: undefined }).toEqual({ ...here, icon: undefined });
    expect(await code(inspectIpaOffloaded(fixturePath("ipa/bomb-entries.ipa")))).toBe("APPLE_ZIP_BOMB");
    expect(
      await parsePlistOffloaded(
        Buffer.from(`<?xml version="1.0"?><plist version="1.0"><dict><key>a</key><data>AQI=</data></dict></plist>`),
      ),
    ).toEqual({ a: Buffer.from([1, 2]) });
  });

  it("refuses input over the size budget before queueing it", async () => {
    expect(await code(loadP12Offloaded(Buffer.alloc(OFFLOAD_MAX_BYTES.p12 + 1), "x"))).toBe("APPLE_INPUT_TOO_LARGE");
    expect(await code(parseMobileProvisionOffloaded(Buffer.alloc(OFFLOAD_MAX_BYTES.profile + 1)))).toBe(
      "APPLE_INPUT_TOO_LARGE",
    );
  });

  it("ends a task over the time budget (the thread is stopped) and keeps serving", async () => {
    const out = path.join(mkdtempSync(path.join(tmpdir(), "offload-")), "slow.p12");
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
      "-iter",
      "100000",
    ]);
    process.env.APPLE_PARSE_TIMEOUT_MS = "50";
    try {
      expect(await code(loadP12Offloaded(readFileSync(out), FIXTURE_P12_PASSWORD))).toBe("APPLE_PARSE_TIMEOUT");
    } finally {
      delete process.env.APPLE_PARSE_TIMEOUT_MS;
    }
    expect((await loadP12Offloaded(readFixture("p12/leaf-3des.p12"), FIXTURE_P12_PASSWORD)).teamId).toBe("TEAMID1234");
  });
});
