import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadP12 } from "@gryx/apple/p12";
import { buildPlist, isPlistDict, parsePlist, type PlistDict } from "@gryx/apple/plist";
import { AppleError } from "@gryx/apple/errors";
import { signMachO } from "./macho-sign";
import { verifyMachO } from "./macho-verify";
import { signIpa, type SignInput } from "./signer";
import { verifyIpa } from "./verify";
import { KnownDigests } from "./digest-table";
import { ZipReader } from "@gryx/apple/zip/reader";
import { ZipWriter } from "@gryx/apple/zip/writer";
import { commandAvailable, ensureFixtures, FIXTURES_DIR } from "../../../packages/apple/fixtures/fixtures";

const OUT = FIXTURES_DIR;
const ipa = (name: string) => path.join(OUT, "ipa", `${name}.ipa`);
const read = (rel: string) => fs.readFileSync(path.join(OUT, rel));
let tmp: string;
let rootPem: string;

beforeAll(() => {
  ensureFixtures();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "signer-test-"));
  rootPem = read("pki/root.pem").toString();
}, 120_000);
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const hasUnzip = commandAvailable("unzip");

let outCount = 0;
function input(kind: string, over: Partial<SignInput> = {}): SignInput {
  return {
    ipaPath: ipa(kind),
    p12: read("p12/leaf-aes.p12"),
    password: "test123",
    profile: read("profiles/adhoc.mobileprovision"),
    outPath: path.join(tmp, `out-${outCount++}-${kind}.ipa`),
    workDir: tmp,
    ...over,
  };
}

async function entryBytes(file: string, name: string): Promise<Buffer> {
  const r = await ZipReader.open(file);
  try {
    const e = r.entries.find((x) => x.name === name);
    if (!e) throw new Error(`no ${name} in ${file}`);
    return await r.readEntry(e);
  } finally {
    await r.close();
  }
}

async function plistOf(file: string, name: string): Promise<PlistDict> {
  const v = parsePlist(await entryBytes(file, name));
  if (!isPlistDict(v)) throw new Error("not a dict");
  return v;
}

/** Rewrites an IPA with one entry's content transformed (everything else copied raw). */
async function tamper(src: string, name: string, change: (b: Buffer) => Buffer): Promise<string> {
  const dst = path.join(tmp, `tampered-${outCount++}.ipa`);
  const r = await ZipReader.open(src);
  const w = await ZipWriter.create(dst);
  for (const e of r.entries) {
    if (e.name === name) await w.addBuffer(e.name, change(await r.readEntry(e)), { level: 6, mode: e.mode & 0o777 });
    else await w.addRaw(e.name, e, await r.openRaw(e));
  }
  await w.close();
  await r.close();
  return dst;
}

const flip = (offset: number) => (b: Buffer) => {
  const c = Buffer.from(b);
  c[offset] ^= 0x01;
  return c;
};

async function expectCode(p: Promise<unknown>, code: string): Promise<void> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppleError);
  expect((err as AppleError).code).toBe(code);
}

/** No output, no partial output, no temp dir left behind. */
function expectNothingLeft(out: string): void {
  expect(fs.existsSync(out)).toBe(false);
  expect(fs.existsSync(`${out}.partial`)).toBe(false);
  expect(fs.readdirSync(tmp).filter((f) => f.startsWith("ipasign-"))).toEqual([]);
}

const APP = "Payload/Demo.app/";

describe("signIpa signs every fixture kind and the result verifies", () => {
  const cases: [string, string, string][] = [
    ["thin", "adhoc", "adhoc"],
    ["fat", "development", "development"],
    ["unsigned", "enterprise", "enterprise"],
    ["full", "adhoc", "adhoc"],
    ["full", "appstore", "appstore"],
  ];
  for (const [kind, profile, type] of cases) {
    it(`${kind} with the ${profile} profile`, async () => {
      const inp = input(kind, { profile: read(`profiles/${profile}.mobileprovision`) });
      const res = await signIpa(inp);
      expect(res).toMatchObject({
        bundleId: "com.example.demo",
        version: "1.2.3",
        build: "45",
        displayName: "Demo",
        iconPath: `${APP}AppIcon60x60@3x.png`,
        teamId: "TEAMID1234",
        certificateCommonName: "iPhone Distribution: Test Co (TEAMID1234)",
        profileType: type,
        devicesCount: type === "adhoc" || type === "development" ? 2 : 0,
      });
      expect(res.outputSize).toBe(fs.statSync(inp.outPath).size);
      const v = await verifyIpa(inp.outPath, { trustedRoots: [rootPem] });
      expect(v.problems).toEqual([]);
      expect(v.ok).toBe(true);
      expect(v.signerCommonName).toBe("iPhone Distribution: Test Co (TEAMID1234)");
      expect(await entryBytes(inp.outPath, `${APP}embedded.mobileprovision`)).toEqual(inp.profile);
      if (kind === "full") expect(v.code.map((c) => c.path).sort()).toHaveLength(6);
      expectNothingLeft(`${inp.outPath}-none`);
    }, 60_000);
  }

  it("accepts p12s in 3DES and RC2-40 encodings, and a p12 without its chain", async () => {
    // leaf-only.p12 carries no WWDR: the CMS can then only be anchored at the WWDR itself.
    const anchors: Record<string, string> = {
      "leaf-3des": rootPem,
      "leaf-rc2": rootPem,
      "leaf-only": read("pki/wwdr.pem").toString(),
    };
    for (const [p12, anchor] of Object.entries(anchors)) {
      const inp = input("thin", { p12: read(`p12/${p12}.p12`) });
      await signIpa(inp);
      expect((await verifyIpa(inp.outPath, { trustedRoots: [anchor] })).problems).toEqual([]);
    }
  }, 60_000);

  it.skipIf(!hasUnzip)(
    "writes an archive Info-ZIP unzip tests clean, with the symlink intact",
    async () => {
      const inp = input("full");
      await signIpa(inp);
      expect(execFileSync("unzip", ["-tq", inp.outPath]).toString()).toContain("No errors detected");
      const dir = fs.mkdtempSync(path.join(tmp, "unzipped-"));
      execFileSync("unzip", ["-q", inp.outPath, "-d", dir]);
      expect(fs.readlinkSync(path.join(dir, APP, "current-strings"))).toBe("en.lproj/Localizable.strings");
      expect(fs.statSync(path.join(dir, APP, "Demo")).mode & 0o111).not.toBe(0);
    },
    60_000,
  );

  it("copies resources raw: compressed bytes identical to the input's", async () => {
    const inp = input("full", { compressionLevel: 1 });
    await signIpa(inp);
    const a = await ZipReader.open(inp.ipaPath);
    const b = await ZipReader.open(inp.outPath);
    const raw = async (r: ZipReader, name: string) => {
      const chunks: Buffer[] = [];
      for await (const c of await r.openRaw(r.entries.find((e) => e.name === name)!)) chunks.push(c as Buffer);
      return Buffer.concat(chunks);
    };
    for (const name of [`${APP}data/text.json`, `${APP}Assets.car`, `${APP}en.lproj/Localizable.strings`]) {
      const ea = a.entries.find((e) => e.name === name)!;
      const eb = b.entries.find((e) => e.name === name)!;
      expect(eb.method).toBe(ea.method);
      expect(eb.dosDateTime).toBe(ea.dosDateTime);
      expect((await raw(b, name)).equals(await raw(a, name))).toBe(true);
    }
    await a.close();
    await b.close();
  }, 60_000);

  it("applies options: bundle id, name, version, build, devices, injection, removals", async () => {
    const inp = input("full", {
      bundleId: "com.example.renamed",
      displayName: "新名字",
      version: "9.9",
      build: "999",
      removeUISupportedDevices: true,
      removeWatch: true,
      injectDylibs: [path.join(OUT, "ipa/inject.dylib")],
    });
    const res = await signIpa(inp);
    expect(res).toMatchObject({ bundleId: "com.example.renamed", displayName: "新名字", version: "9.9", build: "999" });
    const info = await plistOf(inp.outPath, `${APP}Info.plist`);
    expect(info.CFBundleIdentifier).toBe("com.example.renamed");
    expect(info.UISupportedDevices).toBeUndefined();
    expect((await plistOf(inp.outPath, `${APP}PlugIns/Share.appex/Info.plist`)).CFBundleIdentifier).toBe(
      "com.example.renamed.share",
    );
    const v = await verifyIpa(inp.outPath, { trustedRoots: [rootPem] });
    expect(v.problems).toEqual([]);
    expect(v.code.map((c) => c.path)).toContain(`${APP}Frameworks/inject.dylib`);
    expect(v.code.some((c) => c.path.includes("Watch/"))).toBe(false);
    const exe = await entryBytes(inp.outPath, `${APP}Demo`);
    expect(exe.includes(Buffer.from("@executable_path/Frameworks/inject.dylib\0"))).toBe(true);
    const r = await ZipReader.open(inp.outPath);
    expect(r.entries.some((e) => e.name.startsWith(`${APP}Watch/`))).toBe(false);
    await r.close();

    const noPlugins = input("full", { removePlugins: true });
    await signIpa(noPlugins);
    const r2 = await ZipReader.open(noPlugins.outPath);
    expect(r2.entries.some((e) => e.name.startsWith(`${APP}PlugIns/`))).toBe(false);
    await r2.close();
    expect((await verifyIpa(noPlugins.outPath, { trustedRoots: [rootPem] })).ok).toBe(true);
  }, 60_000);

  it("writes entitlements from the profile, made concrete per bundle", async () => {
    const entitlementsOf = async (file: string, exe: string) => {
      const xml = verifyMachO(await entryBytes(file, exe), {}).entitlements;
      const v = xml ? parsePlist(xml) : undefined;
      if (!isPlistDict(v)) throw new Error(`no entitlements in ${exe}`);
      return v;
    };
    const dev = input("thin", { profile: read("profiles/development.mobileprovision") });
    await signIpa(dev);
    expect(await entitlementsOf(dev.outPath, `${APP}Demo`)).toEqual({
      "application-identifier": "TEAMID1234.com.example.demo",
      "keychain-access-groups": ["TEAMID1234.com.example.demo"],
      "get-task-allow": true,
      "com.apple.developer.team-identifier": "TEAMID1234",
    });
    const adhoc = input("full", { bundleId: "com.example.other" });
    await signIpa(adhoc);
    const main = await entitlementsOf(adhoc.outPath, `${APP}Demo`);
    expect(main["application-identifier"]).toBe("TEAMID1234.com.example.other");
    expect(main["get-task-allow"]).toBe(false);
    const appex = await entitlementsOf(adhoc.outPath, `${APP}PlugIns/Share.appex/Share`);
    expect(appex["application-identifier"]).toBe("TEAMID1234.com.example.other.share");
    // Frameworks carry no entitlements.
    expect(
      verifyMachO(await entryBytes(adhoc.outPath, `${APP}Frameworks/Demo.framework/Demo`), {}).entitlements,
    ).toBeUndefined();
  }, 60_000);
});

describe("verifyIpa catches tampering", () => {
  let signed: string;
  beforeAll(async () => {
    const inp = input("full");
    await signIpa(inp);
    signed = inp.outPath;
  }, 60_000);

  const cases: [string, string, number][] = [
    ["a code page of the main executable", `${APP}Demo`, 0x4000 + 17],
    ["a code page of a framework", `${APP}Frameworks/Demo.framework/Demo`, 0x4000 + 5],
    ["a resource", `${APP}data/text.json`, 10],
    ["an optional localized resource", `${APP}en.lproj/Localizable.strings`, 3],
    ["a nested appex resource", `${APP}PlugIns/Share.appex/en.lproj/InfoPlist.strings`, 3],
    ["the embedded profile", `${APP}embedded.mobileprovision`, 2000],
    ["the Info.plist", `${APP}Info.plist`, 200],
    ["the CodeResources", `${APP}_CodeSignature/CodeResources`, 400],
  ];
  for (const [what, name, offset] of cases) {
    it(`flipping one byte of ${what}`, async () => {
      const bad = await tamper(signed, name, flip(offset));
      const v = await verifyIpa(bad, { trustedRoots: [rootPem] });
      expect(v.ok).toBe(false);
      expect(v.problems.length).toBeGreaterThan(0);
    });
  }

  it("an added or removed file", async () => {
    const added = path.join(tmp, `added-${outCount++}.ipa`);
    const removed = path.join(tmp, `removed-${outCount++}.ipa`);
    const r = await ZipReader.open(signed);
    const wa = await ZipWriter.create(added);
    const wr = await ZipWriter.create(removed);
    for (const e of r.entries) {
      await wa.addRaw(e.name, e, await r.openRaw(e));
      if (e.name !== `${APP}images/banner.png`) await wr.addRaw(e.name, e, await r.openRaw(e));
    }
    await wa.addBuffer(`${APP}extra.txt`, Buffer.from("extra"), { level: 6 });
    await wa.close();
    await wr.close();
    await r.close();
    const va = await verifyIpa(added, { trustedRoots: [rootPem] });
    expect(va.problems.join("\n")).toMatch(/extra\.txt.*未被 CodeResources 封存/);
    const vr = await verifyIpa(removed, { trustedRoots: [rootPem] });
    expect(vr.problems.join("\n")).toMatch(/banner\.png.*文件缺失/);
  });

  it("accepts nested bundles sealed by cdhash (macOS-style rules) and rejects a wrong cdhash", async () => {
    const identity = loadP12(read("p12/leaf-aes.p12"), "test123");
    const fw = "Frameworks/Demo.framework";
    const v0 = await verifyIpa(signed, { trustedRoots: [rootPem] });
    const fwCdhash = Buffer.from(v0.code.find((c) => c.path === `${APP}${fw}/Demo`)!.cdhashes[0], "hex");
    const reseal = async (cdhash: Buffer) => {
      const cr = parsePlist(await entryBytes(signed, `${APP}_CodeSignature/CodeResources`)) as PlistDict;
      const files2 = cr.files2 as PlistDict;
      for (const k of Object.keys(files2)) if (k.startsWith(`${fw}/`)) delete files2[k];
      files2[fw] = { cdhash, requirement: "anchor apple generic" };
      const codeResources = Buffer.from(buildPlist(cr));
      const infoPlist = await entryBytes(signed, `${APP}Info.plist`);
      const exe = signMachO(await entryBytes(signed, `${APP}Demo`), {
        identifier: "com.example.demo",
        teamId: identity.teamId,
        identity,
        infoPlist,
        codeResources,
        isMainExecutable: true,
      });
      const withCr = await tamper(signed, `${APP}_CodeSignature/CodeResources`, () => codeResources);
      return tamper(withCr, `${APP}Demo`, () => exe);
    };
    const good = await verifyIpa(await reseal(fwCdhash), { trustedRoots: [rootPem] });
    expect(good.problems).toEqual([]);
    const wrong = Buffer.from(fwCdhash);
    wrong[0] ^= 1;
    const bad = await verifyIpa(await reseal(wrong), { trustedRoots: [rootPem] });
    expect(bad.problems.join("\n")).toMatch(/Demo\.framework: 嵌套代码的 cdhash/);
  });

  it("takes known digests only for entries at the same place with the same sizes and CRC", async () => {
    const r = await ZipReader.open(signed);
    const e = r.entries.find((x) => x.name === `${APP}data/text.json`)!;
    await r.close();
    const wrong = { sha1: Buffer.alloc(20), sha256: Buffer.alloc(32) };
    const known = (over: object) => KnownDigests.of([{ digests: wrong, place: { ...e, ...over } }]);
    const trusted = await verifyIpa(signed, { trustedRoots: [rootPem], known: known({}) });
    expect(trusted.problems.join("\n")).toMatch(/data\/text\.json: 内容已被修改/);
    const moved = await verifyIpa(signed, {
      trustedRoots: [rootPem],
      known: known({ localHeaderOffset: e.localHeaderOffset + 1 }),
    });
    expect(moved.problems).toEqual([]);
    const otherCrc = await verifyIpa(signed, { trustedRoots: [rootPem], known: known({ crc32: (e.crc32 + 1) >>> 0 }) });
    expect(otherCrc.problems).toEqual([]);
  });

  it("a signature chaining to an untrusted root", async () => {
    const v = await verifyIpa(signed, { trustedRoots: [read("pki/other.pem").toString()] });
    expect(v.ok).toBe(false);
  });
});

describe("bad input fails with its code and leaves nothing behind", () => {
  const archives: [string, string][] = [
    ["not-zip", "APPLE_BAD_ZIP"],
    ["no-app", "APPLE_NO_APP_BUNDLE"],
    ["traversal", "APPLE_UNSAFE_PATH"],
    ["absolute", "APPLE_UNSAFE_PATH"],
    ["backslash", "APPLE_UNSAFE_PATH"],
    ["symlink-escape", "APPLE_UNSAFE_SYMLINK"],
    ["bomb-ratio", "APPLE_ZIP_BOMB"],
    ["bomb-declared", "APPLE_ZIP_BOMB"],
    ["bomb-lying", "APPLE_ZIP_BOMB"],
    ["bomb-entries", "APPLE_ZIP_BOMB"],
    ["bad-crc", "APPLE_BAD_ZIP"],
    ["encrypted", "APPLE_ENCRYPTED_BINARY"],
    ["corrupt", "APPLE_BAD_MACHO"],
  ];
  for (const [kind, code] of archives) {
    it(`${kind}.ipa -> ${code}`, async () => {
      const inp = input(kind);
      await expectCode(signIpa(inp), code);
      expectNothingLeft(inp.outPath);
    }, 60_000);
  }

  const credentials: [string, Partial<SignInput>, string][] = [
    ["wrong p12 password", { password: "nope" }, "APPLE_BAD_PASSWORD"],
    ["p12 without a key", { p12: read("p12/nokey.p12") }, "APPLE_P12_NO_PRIVATE_KEY"],
    ["not a p12", { p12: Buffer.from("garbage") }, "APPLE_BAD_P12"],
    ["not a profile", { profile: Buffer.from("garbage") }, "APPLE_BAD_PROFILE"],
    ["certificate not in the profile", { p12: read("p12/other.p12") }, "APPLE_CERT_NOT_IN_PROFILE"],
    ["expired certificate", { p12: read("p12/expired.p12") }, "APPLE_CERT_EXPIRED"],
    ["expired profile", { profile: read("profiles/expired.mobileprovision") }, "APPLE_PROFILE_EXPIRED"],
    [
      "bundle id outside the profile's app id",
      { profile: read("profiles/development.mobileprovision"), bundleId: "com.other.app" },
      "APPLE_BUNDLE_ID_NOT_ALLOWED",
    ],
    ["injecting a non-dylib", { injectDylibs: [path.join(OUT, "bin/app-arm64")] }, "APPLE_BAD_DYLIB"],
    [
      "injecting a missing file",
      { injectDylibs: [path.join(os.tmpdir(), "ipasign-test-missing.dylib")] },
      "APPLE_IO_ERROR",
    ],
  ];
  for (const [what, over, code] of credentials) {
    it(`${what} -> ${code}`, async () => {
      const inp = input("full", over);
      await expectCode(signIpa(inp), code);
      expectNothingLeft(inp.outPath);
    });
  }

  it("a zip bomb under custom limits (entry count) -> APPLE_ZIP_BOMB", async () => {
    const inp = input("full", { limits: { maxEntries: 10 } });
    await expectCode(signIpa(inp), "APPLE_ZIP_BOMB");
    expectNothingLeft(inp.outPath);
  });
});

describe("a large file left for the verifier to hash", () => {
  // One deflated resource over the 1 MiB small-entry line: the verifier hashes it on its own thread as it inflates
  // (no worker for a single file), and still refuses a changed or corrupted one.
  const LARGE = `${APP}data/large.txt`;
  let signedLarge: string;

  beforeAll(async () => {
    const src = path.join(tmp, "large-resource.ipa");
    const r = await ZipReader.open(ipa("full"));
    const w = await ZipWriter.create(src);
    for (const e of r.entries) await w.addRaw(e.name, e, await r.openRaw(e));
    await r.close();
    const text = Buffer.from(Array.from({ length: 120_000 }, (_, i) => `line ${i} ${(i * 7919) % 10007}\n`).join(""));
    await w.addBuffer(LARGE, text, { level: 6 });
    await w.close();
    const inp = input("full", { ipaPath: src });
    await signIpa(inp);
    signedLarge = inp.outPath;
  }, 60_000);

  it("is checked against its seal: as signed it passes; one byte changed is named", async () => {
    const r = await ZipReader.open(signedLarge);
    const e = r.entries.find((x) => x.name === LARGE)!;
    await r.close();
    expect(e.uncompressedSize).toBeGreaterThan(1024 * 1024);
    expect(e.method).toBe(8);
    expect((await verifyIpa(signedLarge, { trustedRoots: [rootPem] })).problems).toEqual([]);
    const changed = await verifyIpa(await tamper(signedLarge, LARGE, flip(e.uncompressedSize - 10)), {
      trustedRoots: [rootPem],
    });
    expect(changed.problems.join("\n")).toMatch(/data\/large\.txt: 内容已被修改/);
  });

  it("whose stored CRC does not match its content is a broken archive", async () => {
    const r = await ZipReader.open(signedLarge);
    const e = r.entries.find((x) => x.name === LARGE)!;
    await r.close();
    // The same bytes with the CRC of the central directory record changed.
    const bytes = fs.readFileSync(signedLarge);
    const name = Buffer.from(LARGE);
    let at = -1;
    for (let i = bytes.length - 46; i >= 0; i--) {
      if (bytes.readUInt32LE(i) === 0x02014b50 && bytes.subarray(i + 46, i + 46 + name.length).equals(name)) {
        at = i;
        break;
      }
    }
    expect(at).toBeGreaterThan(0);
    bytes.writeUInt32LE((e.crc32 ^ 1) >>> 0, at + 16);
    const broken = path.join(tmp, "large-bad-crc.ipa");
    fs.writeFileSync(broken, bytes);
    await expectCode(verifyIpa(broken, { trustedRoots: [rootPem] }), "APPLE_BAD_ZIP");
  });
});

describe("aborting", () => {
  const BIG = 48 * 1024 * 1024;
  let bigIpa: string;

  /** The full fixture plus one large stored resource, so that an abort lands inside its copy. */
  beforeAll(async () => {
    bigIpa = path.join(tmp, "big-resource.ipa");
    const r = await ZipReader.open(ipa("full"));
    const w = await ZipWriter.create(bigIpa);
    for (const e of r.entries) await w.addRaw(e.name, e, await r.openRaw(e));
    await r.close();
    const chunk = crypto.randomBytes(4 * 1024 * 1024);
    await w.addStream(
      `${APP}media/big.bin`,
      Array.from({ length: BIG / chunk.length }, () => chunk),
      { level: 0, sizeHint: BIG },
    );
    await w.close();
  }, 60_000);

  it("mid-copy stops within a chunk, rejects with the reason and leaves nothing behind", async () => {
    const ac = new AbortController();
    const reason = new Error("cancelled by the user");
    const seen: number[] = [];
    let abortedAt: number | undefined;
    const inp = input("full", {
      ipaPath: bigIpa,
      signal: ac.signal,
      onProgress: (p) => {
        if (p.stage !== "signing") return;
        seen.push(p.done);
        // The first report from inside the large entry's copy.
        if (abortedAt === undefined && p.done > 0 && p.done < p.total) {
          abortedAt = p.done;
          ac.abort(reason);
        }
      },
    });
    const err = await signIpa(inp).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBe(reason);
    expect(abortedAt).toBeDefined();
    // No more than a couple of 1 MiB chunks after the abort, far from the entry's 48 MiB.
    expect(Math.max(...seen) - abortedAt!).toBeLessThanOrEqual(4 * 1024 * 1024);
    expectNothingLeft(inp.outPath);
    expect(fs.readdirSync(tmp).filter((f) => f.startsWith("ipaverify-"))).toEqual([]);
  }, 60_000);

  it("an already aborted signal rejects before any work", async () => {
    const ac = new AbortController();
    ac.abort(new Error("too late"));
    const inp = input("full", { ipaPath: bigIpa, signal: ac.signal });
    await expect(signIpa(inp)).rejects.toThrow("too late");
    expectNothingLeft(inp.outPath);
  });

  it("the same IPA signs and verifies when nobody aborts, reporting progress up to the total", async () => {
    const reports: { stage: string; done: number; total: number }[] = [];
    const inp = input("full", { ipaPath: bigIpa, onProgress: (p) => reports.push(p) });
    await signIpa(inp);
    const signing = reports.filter((p) => p.stage === "signing");
    expect(signing.length).toBeGreaterThan(10);
    expect(signing.at(-1)!.done).toBe(signing.at(-1)!.total);
    expect(reports.at(-1)).toEqual({ stage: "verifying", done: 1, total: 1 });
    const v = await verifyIpa(inp.outPath, { trustedRoots: [rootPem] });
    expect(v.problems).toEqual([]);
    expect(v.ok).toBe(true);
  }, 60_000);
});
