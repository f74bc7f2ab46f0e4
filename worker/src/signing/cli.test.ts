import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureFixtures, FIXTURES_DIR } from "../../../packages/apple/fixtures/fixtures";
import { run, USAGE } from "./cli";

const OUT = FIXTURES_DIR;
let tmp: string;

beforeAll(() => {
  ensureFixtures();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "cli-test-"));
}, 120_000);
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

async function cli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await run(argv, { out: (t) => (out += `${t}\n`), err: (t) => (err += `${t}\n`) });
  return { code, out, err };
}

const signArgs = (out: string) => [
  "sign",
  "--ipa",
  path.join(OUT, "ipa/full.ipa"),
  "--p12",
  path.join(OUT, "p12/leaf-aes.p12"),
  "--password",
  "test123",
  "--profile",
  path.join(OUT, "profiles/adhoc.mobileprovision"),
  "--out",
  out,
];

describe("ipasign CLI", () => {
  it("--help prints usage and exits 0; no command exits 2", async () => {
    expect(await cli("--help")).toEqual({ code: 0, out: `${USAGE}\n`, err: "" });
    expect((await cli()).code).toBe(2);
  });

  it("signs with options, prints the result JSON, then verifies", async () => {
    const out = path.join(tmp, "signed.ipa");
    const r = await cli(
      ...signArgs(out),
      "--bundle-id",
      "com.example.cli",
      "--name",
      "CLI",
      "--version",
      "2.0",
      "--build",
      "7",
      "--inject-dylib",
      path.join(OUT, "ipa/inject.dylib"),
      "--remove-watch",
      "--level=9",
    );
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
    const result = JSON.parse(r.out);
    expect(result).toMatchObject({
      bundleId: "com.example.cli",
      displayName: "CLI",
      version: "2.0",
      build: "7",
      profileType: "adhoc",
    });
    const v = await cli("verify", out, "--root", path.join(OUT, "pki/root.pem"));
    expect(v.code).toBe(0);
    expect(JSON.parse(v.out).ok).toBe(true);
    // Without --root the chain must reach Apple's roots: the fixtures' fake root does not.
    const apple = await cli("verify", out);
    expect(apple.code).toBe(1);
    expect(apple.err).toMatch(/^APPLE_VERIFY_FAILED: /);
  }, 60_000);

  it("reports failures as CODE: message with exit 1", async () => {
    const out = path.join(tmp, "bad.ipa");
    const r = await cli(...signArgs(out).map((a) => (a === "test123" ? "wrong" : a)));
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^APPLE_BAD_PASSWORD: 证书密码错误/);
    expect(fs.existsSync(out)).toBe(false);

    const notZip = await cli("verify", path.join(OUT, "ipa/not-zip.ipa"));
    expect(notZip.code).toBe(1);
    expect(notZip.err).toMatch(/^APPLE_BAD_ZIP: /);
  });

  it("verify fails with APPLE_VERIFY_FAILED on a tampered IPA", async () => {
    const out = path.join(tmp, "signed-for-tamper.ipa");
    expect((await cli(...signArgs(out))).code).toBe(0);
    // Flip a byte inside the stored (uncompressed) Assets.car data.
    const buf = fs.readFileSync(out);
    const at = buf.indexOf(Buffer.from("BOMStore"));
    expect(at).toBeGreaterThan(0);
    buf[at + 100] ^= 1;
    const bad = path.join(tmp, "tampered.ipa");
    fs.writeFileSync(bad, buf);
    const v = await cli("verify", bad);
    expect(v.code).toBe(1);
    expect(v.err).toMatch(/^(APPLE_VERIFY_FAILED|APPLE_BAD_ZIP): /);
  }, 60_000);

  it("verifies a single Mach-O binary too", async () => {
    const good = await cli("verify", path.join(OUT, "bin/app-arm64"));
    expect(good.code).toBe(0);
    expect(JSON.parse(good.out).identifier).toBe("app-arm64");
    const bin = fs.readFileSync(path.join(OUT, "bin/app-arm64"));
    bin[0x4000 + 40] ^= 1; // a byte in a hashed code page
    const badPath = path.join(tmp, "app-arm64-bad");
    fs.writeFileSync(badPath, bin);
    const bad = await cli("verify", badPath);
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/^APPLE_VERIFY_FAILED: /);
  });

  it("rejects unknown flags and bad levels as usage errors", async () => {
    expect((await cli("sign", "--frobnicate")).code).toBe(2);
    expect((await cli(...signArgs(path.join(tmp, "x.ipa")), "--level", "12")).code).toBe(2);
    expect((await cli("sign", "--ipa", "x")).err).toMatch(/缺少 --p12/);
  });
});
