import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { loadP12 } from "@gryx/apple/p12";
import { buildPlist } from "@gryx/apple/plist";
import { FIXTURE_P12_PASSWORD, fixturePath, readFixture } from "../../../packages/apple/fixtures/fixtures";
import {
  CS_HASHTYPE_SHA1,
  CS_HASHTYPE_SHA256,
  CSSLOT_ALTERNATE_CODEDIRECTORIES,
  CSSLOT_CODEDIRECTORY,
  CSSLOT_ENTITLEMENTS,
  CSSLOT_SIGNATURESLOT,
  parseCodeDirectory,
  parseSuperBlob,
} from "./codedirectory";
import { AppleError } from "@gryx/apple/errors";
import { findSegment, headerRoom, machOInfo, parseThin, splitSlices } from "@gryx/apple/macho";
import { type MachOSignOptions, signMachO, signMachOSource } from "./macho-sign";
import { FileSource } from "./macho-source";
import { verifyMachO, verifyMachOSource } from "./macho-verify";

const identity = loadP12(readFixture("p12/leaf-aes.p12"), FIXTURE_P12_PASSWORD);
const rootPem = readFixture("pki/root.pem").toString();
const entitlements = readFixture("entitlements.plist");
const infoPlist = Buffer.from(buildPlist({ CFBundleIdentifier: "com.example.demo", CFBundleExecutable: "Demo" }));
const codeResources = Buffer.from(buildPlist({ files: {}, files2: {}, rules: {}, rules2: {} }));
const signingTime = new Date(Date.UTC(2026, 0, 2, 3, 4, 5));

const mainOpts: MachOSignOptions = {
  identifier: "com.example.demo",
  teamId: "TEAMID1234",
  identity,
  entitlements,
  infoPlist,
  codeResources,
  isMainExecutable: true,
  signingTime,
};
const libOpts: MachOSignOptions = {
  identifier: "com.example.Demo",
  teamId: "TEAMID1234",
  identity,
  isMainExecutable: false,
  signingTime,
};
const verifyOpts = { infoPlist, codeResources, trustedRoots: [rootPem] };

function tmpFile(name: string, data: Buffer): string {
  const p = path.join(mkdtempSync(path.join(tmpdir(), "sign-")), name);
  writeFileSync(p, data);
  return p;
}

function signatureBlobs(slice: Buffer) {
  const m = parseThin(slice);
  return {
    m,
    blobs: parseSuperBlob(
      slice.subarray(m.codeSignature!.dataoff, m.codeSignature!.dataoff + m.codeSignature!.datasize),
    ),
  };
}

/** Independent check: openssl verifies the embedded CMS over the slot-0 CodeDirectory, chaining to the fake root. */
function opensslVerifies(slice: Buffer): boolean {
  const { blobs } = signatureBlobs(slice);
  const cd = blobs.get(CSSLOT_CODEDIRECTORY)!;
  const cms = blobs.get(CSSLOT_SIGNATURESLOT)!.subarray(8);
  try {
    execFileSync(
      "openssl",
      [
        "cms",
        "-verify",
        "-binary",
        "-inform",
        "DER",
        "-in",
        tmpFile("s.der", cms),
        "-content",
        tmpFile("cd.bin", cd),
        "-CAfile",
        fixturePath("pki/root.pem"),
        "-purpose",
        "any",
        "-out",
        "/dev/null",
      ],
      { stdio: "pipe" },
    );
    return true;
  } catch {
    return false;
  }
}

/** llvm-objdump must still understand the rewritten load commands. */
function objdumpHeaders(bin: Buffer): string {
  return execFileSync("llvm-objdump", ["--macho", "--private-headers", tmpFile("bin", bin)]).toString();
}

function checkLayout(slice: Buffer): void {
  const m = parseThin(slice);
  const cs = m.codeSignature!;
  const linkedit = findSegment(m, "__LINKEDIT")!;
  expect(cs.dataoff % 16).toBe(0);
  expect(cs.dataoff + cs.datasize).toBe(slice.length);
  expect(linkedit.fileoff + linkedit.filesize).toBe(slice.length);
  expect(linkedit.vmsize).toBeGreaterThanOrEqual(linkedit.filesize);
}

describe("signMachO", () => {
  it.each([
    ["app-arm64", "replaces lld's ad-hoc signature"],
    ["app-unsigned", "adds a signature to an unsigned executable"],
    ["appex-arm64", "signs an app extension executable"],
  ])("%s: %s", (name) => {
    const input = readFixture(`bin/${name}`);
    const out = signMachO(input, mainOpts);
    const v = verifyMachO(out, verifyOpts);
    expect(v.problems).toEqual([]);
    expect(v.ok).toBe(true);
    expect(v.identifier).toBe("com.example.demo");
    expect(v.teamId).toBe("TEAMID1234");
    expect(v.signerCommonName).toBe(identity.commonName);
    expect(v.entitlements!.equals(entitlements)).toBe(true);
    // Built for iOS 14: one SHA-256 CodeDirectory, as codesign signs code for iOS 11 and later.
    expect(v.cdhashes.map((h) => h.length)).toEqual([32]);
    expect(opensslVerifies(out)).toBe(true);
    checkLayout(out);
    const headers = objdumpHeaders(out);
    expect(headers).toContain("LC_CODE_SIGNATURE");
    expect(headers.match(/LC_CODE_SIGNATURE/g)).toHaveLength(1);

    const { blobs } = signatureBlobs(out);
    const cd = parseCodeDirectory(blobs.get(CSSLOT_CODEDIRECTORY)!);
    expect(cd.hashType).toBe(CS_HASHTYPE_SHA256);
    expect(blobs.has(CSSLOT_ALTERNATE_CODEDIRECTORIES)).toBe(false);
    expect(cd.version).toBe(0x20400);
    expect(cd.flags).toBe(0);
    expect(cd.nSpecialSlots).toBe(7);
    expect(cd.execSegFlags).toBe(0x11); // main binary + get-task-allow
    expect(cd.execSegLimit).toBe(findSegment(parseThin(out), "__TEXT")!.filesize);
    // Code bytes before the old signature are untouched apart from the load commands.
    const m = parseThin(input);
    const textStart = findSegment(m, "__TEXT")!.sections[0]!.offset;
    expect(out.subarray(textStart, 0x8000).equals(input.subarray(textStart, 0x8000))).toBe(true);
  });

  it("signs every slice of a fat binary and keeps 16 KiB slice alignment", () => {
    const out = signMachO(readFixture("bin/app-fat"), mainOpts);
    expect(verifyMachO(out, verifyOpts).problems).toEqual([]);
    const { archs, slices } = splitSlices(out);
    expect(archs.map((a) => a.offset % 0x4000)).toEqual([0, 0]);
    expect(machOInfo(out).slices.map((s) => s.signed)).toEqual([true, true]);
    for (const s of slices) {
      expect(opensslVerifies(s)).toBe(true);
      checkLayout(s);
    }
    // The armv7 slice is built for iOS 9, which checks SHA-1 only: both slices get SHA-1 and SHA-256 directories.
    expect(verifyMachO(out, verifyOpts).cdhashes.map((h) => h.length)).toEqual([20, 32, 20, 32]);
    for (const s of slices) {
      const { blobs } = signatureBlobs(s);
      expect(parseCodeDirectory(blobs.get(CSSLOT_CODEDIRECTORY)!).hashType).toBe(CS_HASHTYPE_SHA1);
      expect(parseCodeDirectory(blobs.get(CSSLOT_ALTERNATE_CODEDIRECTORIES)!).hashType).toBe(CS_HASHTYPE_SHA256);
    }
    const fatHeaders = execFileSync("llvm-objdump", ["--macho", "--universal-headers", tmpFile("fat", out)]).toString();
    expect(fatHeaders.match(/^architecture (\S+)/gm)).toEqual(["architecture armv7", "architecture arm64"]);
    expect(fatHeaders.match(/align 2\^14/g)).toHaveLength(2);
  });

  it.each(["framework-arm64", "libinject.dylib"])(
    "signs the dylib %s without entitlements or main-binary flag",
    (name) => {
      const out = signMachO(readFixture(`bin/${name}`), libOpts);
      const v = verifyMachO(out, { trustedRoots: [rootPem] });
      expect(v.problems).toEqual([]);
      expect(v.entitlements).toBeUndefined();
      const { blobs } = signatureBlobs(out);
      expect(blobs.has(CSSLOT_ENTITLEMENTS)).toBe(false);
      const cd = parseCodeDirectory(blobs.get(CSSLOT_CODEDIRECTORY)!);
      expect(cd.nSpecialSlots).toBe(2);
      expect(cd.execSegFlags).toBe(0);
      expect(opensslVerifies(out)).toBe(true);
      checkLayout(out);
    },
  );

  it("is deterministic for a fixed signing time and stable when re-signing its own output", () => {
    const input = readFixture("bin/app-unsigned");
    const a = signMachO(input, mainOpts);
    expect(signMachO(input, mainOpts).equals(a)).toBe(true);
    const again = signMachO(a, mainOpts);
    expect(again.length).toBe(a.length);
    expect(verifyMachO(again, verifyOpts).problems).toEqual([]);
  });

  it("signs with identities from 3DES and RC2 p12s", () => {
    for (const p12 of ["leaf-3des", "leaf-rc2"]) {
      const id = loadP12(readFixture(`p12/${p12}.p12`), FIXTURE_P12_PASSWORD);
      const out = signMachO(readFixture("bin/app-arm64"), { ...mainOpts, identity: id });
      // These p12s carry the intermediate only; the chain still reaches the trusted root.
      expect(verifyMachO(out, verifyOpts).problems).toEqual([]);
    }
  });

  it("binds Info.plist, CodeResources, entitlements and every code page", () => {
    const out = signMachO(readFixture("bin/app-unsigned"), mainOpts);
    const m = parseThin(out);
    const textOffset = findSegment(m, "__TEXT")!.sections[0]!.offset;

    const codeFlip = Buffer.from(out);
    codeFlip[textOffset + 5]! ^= 1;
    expect(verifyMachO(codeFlip, verifyOpts).problems.join()).toMatch(/page hash/);

    const headerFlip = Buffer.from(out);
    headerFlip[m.headerSize + m.sizeofcmds + 1]! ^= 1; // header padding is hashed too
    expect(verifyMachO(headerFlip, verifyOpts).ok).toBe(false);

    const otherInfo = Buffer.from(infoPlist);
    otherInfo[otherInfo.length - 10]! ^= 1;
    expect(verifyMachO(out, { ...verifyOpts, infoPlist: otherInfo }).problems.join()).toMatch(
      /Info.plist hash mismatch/,
    );
    const otherRes = Buffer.concat([codeResources, Buffer.from(" ")]);
    expect(verifyMachO(out, { ...verifyOpts, codeResources: otherRes }).problems.join()).toMatch(
      /CodeResources hash mismatch/,
    );

    const { blobs } = signatureBlobs(out);
    const entBlob = blobs.get(CSSLOT_ENTITLEMENTS)!;
    entBlob[entBlob.length - 20]! ^= 1; // edits `out` in place through the view
    const problems = verifyMachO(out, verifyOpts).problems;
    expect(problems.join()).toMatch(/entitlements hash mismatch/);
    expect(problems).toContain("DER entitlements do not match the XML entitlements");
  });

  it("refuses encrypted, corrupt and non-Mach-O input", () => {
    const code = (fn: () => unknown) => {
      try {
        fn();
      } catch (e) {
        return (e as AppleError).code;
      }
      return "no error";
    };
    expect(code(() => signMachO(readFixture("bin/app-encrypted"), mainOpts))).toBe("APPLE_ENCRYPTED_BINARY");
    expect(code(() => signMachO(readFixture("bin/corrupt"), mainOpts))).toBe("APPLE_BAD_MACHO");
    expect(code(() => signMachO(readFixture("entitlements.plist"), mainOpts))).toBe("APPLE_BAD_MACHO");
    expect(
      code(() => signMachO(readFixture("bin/app-unsigned"), { ...mainOpts, entitlements: Buffer.from("x") })),
    ).toBe("APPLE_BAD_ENTITLEMENTS");
  });

  it("re-lays out when the CMS outgrows the size estimate (issuer with a very long name)", () => {
    // The issuer name is repeated in the CMS SignerInfo but not part of the size estimate.
    const dir = mkdtempSync(path.join(tmpdir(), "bigname-"));
    const f = (n: string) => path.join(dir, n);
    const ous = Array.from({ length: 60 }, (_, i) => `/OU=${String(i).padStart(2, "0")}${"o".repeat(60)}`).join("");
    const run = (...args: string[]) => execFileSync("openssl", args, { stdio: "pipe" });
    run(
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      f("ca.key"),
      "-out",
      f("ca.pem"),
      "-days",
      "30",
      "-subj",
      `/CN=Big CA${ous}`,
    );
    run(
      "req",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      f("leaf.key"),
      "-out",
      f("leaf.csr"),
      "-subj",
      "/CN=iPhone Distribution: Big (BIGTEAM001)/OU=BIGTEAM001",
    );
    run(
      "x509",
      "-req",
      "-in",
      f("leaf.csr"),
      "-CA",
      f("ca.pem"),
      "-CAkey",
      f("ca.key"),
      "-CAcreateserial",
      "-days",
      "30",
      "-out",
      f("leaf.pem"),
    );
    run(
      "pkcs12",
      "-export",
      "-inkey",
      f("leaf.key"),
      "-in",
      f("leaf.pem"),
      "-certfile",
      f("ca.pem"),
      "-passout",
      "pass:x",
      "-out",
      f("id.p12"),
    );
    const big = loadP12(readFileSync(f("id.p12")), "x");
    const out = signMachO(readFixture("bin/app-unsigned"), { ...mainOpts, identity: big, teamId: "BIGTEAM001" });
    const caPem = readFileSync(f("ca.pem"), "utf8");
    expect(verifyMachO(out, { ...verifyOpts, trustedRoots: [caPem] }).problems).toEqual([]);
    checkLayout(out);
  });

  it("reports APPLE_NO_ROOM_FOR_SIGNATURE when the header padding is full", () => {
    const bin = Buffer.from(readFixture("bin/app-unsigned"));
    const m = parseThin(bin);
    // Pretend __text starts 8 bytes after the load commands.
    const text = findSegment(m, "__TEXT")!;
    const sectOffsetField = text.cmdOffset + 72 + 48;
    bin.writeUInt32LE(m.headerSize + m.sizeofcmds + 8, sectOffsetField);
    expect(headerRoom(parseThin(bin))).toBe(8);
    expect(() => signMachO(bin, mainOpts)).toThrow(expect.objectContaining({ code: "APPLE_NO_ROOM_FOR_SIGNATURE" }));
  });
});

describe("signing and verifying from a file, piece by piece", () => {
  it.each(["bin/app-fat", "bin/app-arm64", "bin/app-unsigned", "bin/framework-arm64"])(
    "%s: the streamed signature is byte for byte the in-memory one, and verifies from the file",
    (fixture) => {
      const input = readFixture(fixture);
      const opts = fixture.includes("framework") ? libOpts : mainOpts;
      const src = FileSource.open(tmpFile("in", input));
      try {
        const streamed = signMachOSource(src, opts);
        const chunks = [...streamed.chunks()];
        // Pieces stay small whatever the binary's size.
        expect(Math.max(...chunks.slice(0, -1).map((c) => c.length))).toBeLessThanOrEqual(1024 * 1024);
        const signed = Buffer.concat(chunks);
        expect(signed.length).toBe(streamed.size);
        expect(signed.equals(signMachO(input, opts))).toBe(true);
        const out = FileSource.open(tmpFile("out", signed));
        try {
          const r = verifyMachOSource(out, fixture.includes("framework") ? { trustedRoots: [rootPem] } : verifyOpts);
          expect(r.problems).toEqual([]);
          expect(r.ok).toBe(true);
        } finally {
          out.close();
        }
      } finally {
        src.close();
      }
    },
  );

  it("injects a load command into every slice's header while signing", () => {
    const src = FileSource.open(tmpFile("in", readFixture("bin/app-fat")));
    try {
      const signed = Buffer.concat([
        ...signMachOSource(src, mainOpts, ["@executable_path/Frameworks/libinject.dylib"]).chunks(),
      ]);
      for (const slice of splitSlices(signed).slices) {
        expect(parseThin(slice).dylibs.map((d) => d.name)).toContain("@executable_path/Frameworks/libinject.dylib");
      }
      expect(verifyMachO(signed, verifyOpts).ok).toBe(true);
    } finally {
      src.close();
    }
  });
});
