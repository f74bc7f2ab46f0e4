/**
 * Large executables keep their compressed stream: the signer copies the input's deflated bytes for everything the
 * signature leaves unchanged and deflates only around the header and the signature (deflate-splice). The output
 * must still be a clean zip (`unzip -t`), pass verifyIpa and the independent checker, and be signable again.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildPlist } from "@gryx/apple/plist";
import { parseThin } from "@gryx/apple/macho";
import { ZipReader } from "@gryx/apple/zip/reader";
import { ZipWriter } from "@gryx/apple/zip/writer";
import { signIpa } from "./signer";
import { verifyIpa } from "./verify";
import { PageStreamer } from "./macho-stream";
import { checkSignedIpa } from "../../../tests/support/ipa-checker";
import { commandAvailable, ensureFixtures, FIXTURES_DIR } from "../../../packages/apple/fixtures/fixtures";

const read = (rel: string) => fs.readFileSync(path.join(FIXTURES_DIR, rel));
const APP = "Payload/Big.app/";
const EXE = `${APP}Big`;
let tmp: string;

/** An arm64 executable of about `mib` MiB whose __TEXT is real machine code (this machine's libraries). */
function bigExecutable(mib: number): string {
  const blob = path.join(tmp, "code.bin");
  const dir = "/usr/lib/x86_64-linux-gnu";
  const libs = fs
    .readdirSync(dir)
    .filter((n) => /\.so(\.\d+)*$/.test(n))
    .map((n) => `${dir}/${n}`)
    .filter((f) => fs.lstatSync(f).isFile())
    .sort((a, b) => fs.statSync(b).size - fs.statSync(a).size);
  const parts: Buffer[] = [];
  let have = 0;
  for (const lib of libs) {
    if (have >= mib * 1024 * 1024) break;
    const b = fs.readFileSync(lib);
    parts.push(b);
    have += b.length;
  }
  fs.writeFileSync(blob, Buffer.concat(parts).subarray(0, mib * 1024 * 1024));
  const src = path.join(tmp, "big.c");
  fs.writeFileSync(
    src,
    `__asm__(".section __TEXT,__const\\n.globl _blob\\n_blob:\\n.incbin \\"${blob}\\"\\n");\n` +
      "extern const unsigned char blob[];\nint main(void) { return blob[7]; }\n",
  );
  const exe = path.join(tmp, "Big");
  execFileSync("clang", [
    "-O2",
    "-nostdlib",
    "-fuse-ld=lld",
    "-Wl,-e,_main",
    "-target",
    "arm64-apple-ios14.0",
    "-o",
    exe,
    src,
  ]);
  return exe;
}

async function rawOf(file: string, name: string): Promise<{ raw: Buffer; size: number; compressed: number }> {
  const r = await ZipReader.open(file);
  try {
    const e = r.entries.find((x) => x.name === name)!;
    const chunks: Buffer[] = [];
    for await (const c of await r.openRaw(e)) chunks.push(c as Buffer);
    return { raw: Buffer.concat(chunks), size: e.uncompressedSize, compressed: e.compressedSize };
  } finally {
    await r.close();
  }
}

async function sign(ipaPath: string, outPath: string) {
  return signIpa({
    ipaPath,
    p12: read("p12/leaf-aes.p12"),
    password: "test123",
    profile: read("profiles/adhoc.mobileprovision"),
    outPath,
    workDir: tmp,
  });
}

describe.skipIf(!commandAvailable("clang", "--version") || !commandAvailable("unzip"))(
  "signing a large executable",
  () => {
    let input: string;

    beforeAll(async () => {
      ensureFixtures();
      tmp = fs.mkdtempSync(path.join(os.tmpdir(), "splice-sign-"));
      const exe = fs.readFileSync(bigExecutable(6));
      input = path.join(tmp, "big.ipa");
      const w = await ZipWriter.create(input);
      const info = {
        CFBundleExecutable: "Big",
        CFBundleIdentifier: "com.example.big",
        CFBundleName: "Big",
        CFBundleShortVersionString: "1.0",
        CFBundleVersion: "1",
        CFBundlePackageType: "APPL",
      };
      await w.addBuffer(`${APP}Info.plist`, Buffer.from(buildPlist(info)), { level: 6 });
      // One zlib stream, as zip tools write it.
      await w.addStream(EXE, [exe], { level: 6, mode: 0o755, sizeHint: exe.length, parallel: 1 });
      await w.addBuffer(`${APP}readme.txt`, Buffer.from("hello ".repeat(1000)), { level: 6 });
      await w.close();
    }, 180_000);
    afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

    it("re-uses the input's compressed code, and the output unzips, verifies and checks clean; signed again, too", async () => {
      const once = path.join(tmp, "once.ipa");
      await sign(input, once);
      const twice = path.join(tmp, "twice.ipa");
      await sign(once, twice); // now the input carries a signature, replaced in place
      const root = path.join(FIXTURES_DIR, "pki/root.pem");
      for (const [from, out] of [
        [input, once],
        [once, twice],
      ] as const) {
        execFileSync("unzip", ["-tqq", out]); // throws on a bad stream or CRC
        const before = await rawOf(from, EXE);
        const after = await rawOf(out, EXE);
        // Still compressed, and the bulk of it is the input's deflate stream byte for byte.
        expect(after.compressed).toBeLessThan(after.size * 0.7);
        const probe = before.raw.subarray(before.raw.length >> 1, (before.raw.length >> 1) + 64 * 1024);
        expect(after.raw.indexOf(probe)).toBeGreaterThan(0);
        const v = await verifyIpa(out, { trustedRoots: [fs.readFileSync(root, "utf8")] });
        expect(v.problems).toEqual([]);
        const report = await checkSignedIpa(out, {
          rootPem: root,
          teamId: "TEAMID1234",
          signerCommonName: "iPhone Distribution: Test Co (TEAMID1234)",
        });
        expect(report.problems).toEqual([]);
        expect(report.code.map((c) => c.path)).toContain(EXE);
      }
    }, 300_000);

    it("the verifier checks large code as it inflates it, and still finds a changed page or signature", async () => {
      const signed = path.join(tmp, "checked.ipa");
      await sign(input, signed);
      const root = fs.readFileSync(path.join(FIXTURES_DIR, "pki/root.pem"), "utf8");
      /** `signed` with the executable's content changed by `edit`. */
      const tampered = async (label: string, edit: (exe: Buffer) => void) => {
        const out = path.join(tmp, `${label}.ipa`);
        const r = await ZipReader.open(signed);
        const w = await ZipWriter.create(out);
        try {
          for (const e of r.entries) {
            const data = await r.readEntry(e);
            if (e.name === EXE) edit(data);
            await w.addBuffer(e.name, data, { level: 6, mode: e.name === EXE ? 0o755 : 0o644 });
          }
          await w.close();
        } finally {
          await r.close();
        }
        return out;
      };
      const start = vi.spyOn(PageStreamer, "start");
      try {
        expect((await verifyIpa(signed, { trustedRoots: [root] })).problems).toEqual([]);
        // The executable was streamed (no temp file), not unpacked.
        expect(start.mock.results.some((x) => x.value !== undefined)).toBe(true);
        const page = await tampered("page", (exe) => void (exe[exe.length >> 1] ^= 1));
        expect((await verifyIpa(page, { trustedRoots: [root] })).problems.join("\n")).toMatch(
          /Big: .*page hash\(es\) mismatch/,
        );
        // A byte of the first CodeDirectory's page hashes (kept from the stream, not hashed as a page).
        const sig = await tampered("sig", (exe) => void (exe[parseThin(exe).codeSignature!.dataoff + 2000] ^= 1));
        expect((await verifyIpa(sig, { trustedRoots: [root] })).ok).toBe(false);
      } finally {
        start.mockRestore();
      }
    }, 300_000);

    it("deflates the code afresh, still verifying, when asked to store it (level 0)", async () => {
      const out = path.join(tmp, "stored.ipa");
      await signIpa({
        ipaPath: input,
        p12: read("p12/leaf-aes.p12"),
        password: "test123",
        profile: read("profiles/adhoc.mobileprovision"),
        outPath: out,
        workDir: tmp,
        compressionLevel: 0,
      });
      execFileSync("unzip", ["-tqq", out]);
      const after = await rawOf(out, EXE);
      expect(after.compressed).toBe(after.size);
    }, 300_000);
  },
);
