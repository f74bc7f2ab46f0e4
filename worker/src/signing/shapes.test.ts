/**
 * Every shape of nested code a real app carries (shapes.ipa, see gen-archives.mjs): signed inside-out,
 * each nested bundle with its own seal and sealed by its parent by cdhash and requirement; checked by
 * verifyIpa and by the independent checker (tests/support/ipa-checker.ts, with `openssl cms -verify`).
 * Then the verifier is put to the test in every nested position: a stale signature (the input's),
 * a tampered page, a foreign team's signature with every seal above it made consistent, a tampered
 * resource inside a nested bundle: each must fail, naming the file.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadP12, type SigningIdentity } from "@gryx/apple/p12";
import { buildPlist, isPlistDict, parsePlist, type PlistDict } from "@gryx/apple/plist";
import { AppleError } from "@gryx/apple/errors";
import { ZipReader } from "@gryx/apple/zip/reader";
import { ZipWriter } from "@gryx/apple/zip/writer";
import { createHash } from "node:crypto";
import { findCode, hasProvisioningProfile, owningBundle, type Bundle } from "./bundle";
import { signMachOSource } from "./macho-sign";
import { designatedRequirementText } from "./requirements";
import { BufferSource } from "./macho-source";
import { verifyMachO } from "./macho-verify";
import { signIpa } from "./signer";
import { verifyIpa } from "./verify";
import { checkSignedIpa } from "../../../tests/support/ipa-checker";
import { ensureFixtures, FIXTURES_DIR } from "../../../packages/apple/fixtures/fixtures";

const read = (rel: string) => fs.readFileSync(path.join(FIXTURES_DIR, rel));
const A = "Payload/Demo.app/";
const TEAM = "TEAMID1234";
const CN = "iPhone Distribution: Test Co (TEAMID1234)";
let tmp: string;
let rootPem: string;
let signed: string;
let n = 0;

beforeAll(async () => {
  ensureFixtures();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "shapes-test-"));
  rootPem = path.join(FIXTURES_DIR, "pki/root.pem");
  signed = path.join(tmp, "shapes-signed.ipa");
  await signIpa({
    ipaPath: path.join(FIXTURES_DIR, "ipa/shapes.ipa"),
    p12: read("p12/leaf-aes.p12"),
    password: "test123",
    profile: read("profiles/adhoc.mobileprovision"),
    outPath: signed,
    workDir: tmp,
  });
}, 180_000);
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

async function entries(file: string): Promise<Map<string, Buffer>> {
  const r = await ZipReader.open(file);
  try {
    const out = new Map<string, Buffer>();
    for (const e of r.entries) if (!e.isDirectory && !e.isSymlink) out.set(e.name, await r.readEntry(e));
    return out;
  } finally {
    await r.close();
  }
}

/** A copy of an IPA with some entries' content replaced (everything else copied raw). */
async function rewrite(src: string, replaced: Map<string, Buffer>): Promise<string> {
  const dst = path.join(tmp, `rewritten-${n++}.ipa`);
  const r = await ZipReader.open(src);
  const w = await ZipWriter.create(dst);
  for (const e of r.entries) {
    const data = replaced.get(e.name);
    if (data) await w.addBuffer(e.name, data, { level: 6, mode: e.mode & 0o777 });
    else await w.addRaw(e.name, e, await r.openRaw(e));
  }
  await w.close();
  await r.close();
  return dst;
}

const sha1 = (b: Buffer) => createHash("sha1").update(b).digest();

/**
 * Re-signs `file` inside the signed IPA with `identity` (its own signature fully valid), then makes
 * every seal above it consistent, bundle by bundle up to the app, re-signing each parent with the
 * right identity: only the foreign signature itself is left to be found.
 */
async function foreignInPosition(file: string, foreign: SigningIdentity, own: SigningIdentity): Promise<string> {
  const content = await entries(signed);
  const list = [...content.keys()].map((name) => ({
    name,
    isDirectory: false,
    isSymlink: false,
    uncompressedSize: content.get(name)!.length,
  }));
  const { bundles } = await findCode(
    { peek: async (e, k) => content.get(e.name)!.subarray(0, k), readEntry: async (e) => content.get(e.name)! },
    list,
    A,
  );
  const changed = new Map<string, Buffer>();
  const resign = (name: string, identity: SigningIdentity, bundle?: Bundle) => {
    const current = changed.get(name) ?? content.get(name)!;
    const v = verifyMachO(current);
    const s = signMachOSource(new BufferSource(current), {
      identifier: v.identifier,
      teamId: identity.teamId,
      identity,
      entitlements: v.entitlements,
      infoPlist: bundle ? content.get(bundle.infoPlistPath) : undefined,
      codeResources: bundle
        ? (changed.get(`${bundle.dir}_CodeSignature/CodeResources`) ??
          content.get(`${bundle.dir}_CodeSignature/CodeResources`))
        : undefined,
      isMainExecutable: !!bundle && hasProvisioningProfile(bundle),
    });
    changed.set(name, Buffer.concat([...s.chunks()]));
    return s.cdhash;
  };
  const own0 = bundles.find((b) => b.executablePath === file);
  let cdhash = resign(file, foreign, own0);
  // The first parent records the foreign code's own requirement too: only the team is left wrong.
  let requirement: string | undefined = designatedRequirementText(
    verifyMachO(changed.get(file)!).identifier,
    foreign.commonName,
  );
  // The seal key of the changed code in its parent: a bundle's directory, or the loose file.
  let key = own0 ? own0.dir.slice(0, -1) : file;
  for (let b = owningBundle(bundles, own0 ? own0.dir.slice(0, -1) : file); b;) {
    const crName = `${b.dir}_CodeSignature/CodeResources`;
    const cr = parsePlist(content.get(crName)!) as PlistDict;
    const files2 = cr.files2 as PlistDict;
    const rel = key.slice(b.dir.length);
    files2[rel] = { ...(files2[rel] as PlistDict), cdhash, ...(requirement ? { requirement } : {}) };
    requirement = undefined;
    const files = cr.files as PlistDict;
    for (const [name, data] of changed)
      if (name.startsWith(b.dir) && name.slice(b.dir.length) in files) files[name.slice(b.dir.length)] = sha1(data);
    changed.set(crName, Buffer.from(buildPlist(cr)));
    cdhash = resign(b.executablePath, own, b);
    key = b.dir.slice(0, -1);
    b = b.dir === A ? undefined : owningBundle(bundles, key);
  }
  return rewrite(signed, changed);
}

const POSITIONS = [
  `${A}PlugIns/DemoTests.xctest/DemoTests`,
  `${A}PlugIns/DemoTests.xctest/Frameworks/TestKit.framework/TestKit`,
  `${A}Extensions/Widget.appex/Widget`,
  `${A}Watch/DemoWatch.app/PlugIns/Complication.appex/Complication`,
  `${A}AppClips/DemoClip.app/DemoClip`,
  `${A}Plugin.bundle/Plugin`,
  `${A}helpers/tool`,
  `${A}Frameworks/Kit.framework/Kit`,
];

describe("every bundle shape", () => {
  it("signs each nested position inside-out; verifyIpa and the independent checker (openssl cms) agree", async () => {
    const v = await verifyIpa(signed, { trustedRoots: [fs.readFileSync(rootPem, "utf8")] });
    expect(v.problems).toEqual([]);
    const report = await checkSignedIpa(signed, { rootPem, teamId: TEAM, signerCommonName: CN });
    expect(report.problems).toEqual([]);
    expect(report.bundles.sort()).toEqual(
      [
        "",
        "Frameworks/Demo.framework/",
        "Frameworks/Kit.framework/",
        "PlugIns/Share.appex/",
        "PlugIns/DemoTests.xctest/",
        "PlugIns/DemoTests.xctest/Frameworks/TestKit.framework/",
        "Extensions/Widget.appex/",
        "Watch/DemoWatch.app/",
        "Watch/DemoWatch.app/PlugIns/Complication.appex/",
        "AppClips/DemoClip.app/",
        "Plugin.bundle/",
      ]
        .map((d) => A + d)
        .sort(),
    );
    // Every Mach-O, every slice: the x86_64 simulator slices are signed too.
    const code = new Map(report.code.map((c) => [c.path, c]));
    for (const p of POSITIONS) expect(code.has(p), p).toBe(true);
    expect(code.get(`${A}helpers/tool`)!.slices).toBe(2);
    expect(code.get(`${A}Frameworks/Kit.framework/Kit`)!.slices).toBe(2);
    expect(report.code).toHaveLength(13);

    const files = await entries(signed);
    // The parent seals a nested bundle by cdhash + requirement and leaves its files to its own seal.
    const appSeal = parsePlist(files.get(`${A}_CodeSignature/CodeResources`)!) as PlistDict;
    const files2 = appSeal.files2 as PlistDict;
    const xctest = files2["PlugIns/DemoTests.xctest"];
    expect(isPlistDict(xctest) && Buffer.isBuffer(xctest.cdhash)).toBe(true);
    expect((xctest as PlistDict).requirement).toBe(
      `identifier "com.example.demo.tests" and anchor apple generic and certificate leaf[subject.CN] = "${CN}" and certificate 1[field.1.2.840.113635.100.6.2.1] /* exists */`,
    );
    expect(Object.keys(files2).filter((k) => k.startsWith("PlugIns/DemoTests.xctest/"))).toEqual([]);
    expect(Object.keys(files2)).toContain("Resources.bundle/strings.json"); // a resource bundle is resources
    const xctestSeal = parsePlist(files.get(`${A}PlugIns/DemoTests.xctest/_CodeSignature/CodeResources`)!) as PlistDict;
    expect(Object.keys(xctestSeal.files2 as PlistDict).sort()).toEqual([
      "Frameworks/TestKit.framework",
      "fixtures/sample.json",
    ]);
    // App Clip and extensions carry the profile; the .xctest and loadable bundle do not get one.
    expect(files.has(`${A}AppClips/DemoClip.app/embedded.mobileprovision`)).toBe(true);
    expect(files.has(`${A}Extensions/Widget.appex/embedded.mobileprovision`)).toBe(true);
    expect(files.has(`${A}PlugIns/DemoTests.xctest/embedded.mobileprovision`)).toBe(false);
  });

  it("nested code that cannot be signed fails with its path and leaves nothing behind", async () => {
    const cases: [string, string, string][] = [
      ["shapes-object", "APPLE_BAD_MACHO", `${A}PlugIns/DemoTests.xctest/Frameworks/stray.o`],
      ["shapes-encrypted", "APPLE_ENCRYPTED_BINARY", `${A}Extensions/Widget.appex/Widget`],
    ];
    for (const [kind, code, file] of cases) {
      const outPath = path.join(tmp, `${kind}-out.ipa`);
      const err = await signIpa({
        ipaPath: path.join(FIXTURES_DIR, `ipa/${kind}.ipa`),
        p12: read("p12/leaf-aes.p12"),
        password: "test123",
        profile: read("profiles/adhoc.mobileprovision"),
        outPath,
        workDir: tmp,
      }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppleError);
      expect((err as AppleError).code).toBe(code);
      expect((err as AppleError).path).toBe(file);
      expect((err as AppleError).userMessage).toContain(file);
      expect(fs.existsSync(outPath) || fs.existsSync(`${outPath}.partial`)).toBe(false);
    }
    expect(fs.readdirSync(tmp).filter((f) => f.startsWith("ipasign-"))).toEqual([]);
  });
});

describe("the verifier cannot be fooled in any nested position", () => {
  const roots = () => [fs.readFileSync(rootPem, "utf8")];
  async function expectCaught(ipa: string, file: string, message: RegExp, checkerMessage: RegExp): Promise<void> {
    const v = await verifyIpa(ipa, { trustedRoots: roots() });
    expect(v.ok, file).toBe(false);
    expect(
      v.issues
        .filter((i) => i.path === file)
        .map((i) => i.message)
        .join("\n"),
      file,
    ).toMatch(message);
    const report = await checkSignedIpa(ipa, { rootPem, teamId: TEAM, signerCommonName: CN });
    expect(report.problems.filter((p) => p.startsWith(file)).join("\n"), file).toMatch(checkerMessage);
  }

  it("a stale signature (the input's own) in each position", async () => {
    const input = await entries(path.join(FIXTURES_DIR, "ipa/shapes.ipa"));
    for (const file of POSITIONS) {
      const ipa = await rewrite(signed, new Map([[file, input.get(file)!]]));
      await expectCaught(ipa, file, /签名无效|签名团队|cdhash/, /not signed|team|hash|openssl|CMS/);
    }
  }, 120_000);

  it("a tampered code page in each position", async () => {
    const files = await entries(signed);
    for (const file of POSITIONS) {
      const b = Buffer.from(files.get(file)!);
      const fat = b.readUInt32BE(0) === 0xcafebabe;
      b[(fat ? b.readUInt32BE(8 + 8) : 0) + 0x1000 + 17] ^= 0x5a;
      const ipa = await rewrite(signed, new Map([[file, b]]));
      await expectCaught(ipa, file, /page hash/, /page \d+ hash mismatch/);
    }
  }, 120_000);

  it("a foreign team's valid signature in each position, every seal above it consistent", async () => {
    const foreign = loadP12(read("p12/foreign.p12"), "test123");
    const own = loadP12(read("p12/leaf-aes.p12"), "test123");
    for (const file of POSITIONS) {
      const ipa = await foreignInPosition(file, foreign, own);
      await expectCaught(
        ipa,
        file,
        /签名团队 FOREIGN999 与主程序的 TEAMID1234 不一致/,
        /team FOREIGN999 != TEAMID1234/,
      );
      // Nothing else is wrong (the seals above it were made to match) but, for an app or extension, its own profile.
      const v = await verifyIpa(ipa, { trustedRoots: roots() });
      const profile = `${path.posix.dirname(file)}/embedded.mobileprovision`;
      expect(
        v.issues.filter((i) => i.path !== file && i.path !== profile),
        file,
      ).toEqual([]);
    }
  }, 180_000);

  it("a tampered resource inside a nested bundle", async () => {
    for (const file of [`${A}PlugIns/DemoTests.xctest/fixtures/sample.json`, `${A}Plugin.bundle/filters.json`]) {
      const ipa = await rewrite(signed, new Map([[file, Buffer.from('{"tampered":1}\n')]]));
      await expectCaught(ipa, file, /内容已被修改/, /hash2 mismatch/);
    }
  }, 60_000);
});
