import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { loadP12 } from "@gryx/apple/p12";
import { FIXTURE_P12_PASSWORD, readFixture } from "../../../packages/apple/fixtures/fixtures";
import { AppleError } from "@gryx/apple/errors";
import { injectDylib } from "./inject";
import { LC_LOAD_DYLIB, LC_LOAD_WEAK_DYLIB, parseThin, splitSlices } from "@gryx/apple/macho";
import { signMachO } from "./macho-sign";
import { verifyMachO } from "./macho-verify";

const LOAD_PATH = "@executable_path/Frameworks/libinject.dylib";

function objdump(bin: Buffer): string {
  const p = path.join(mkdtempSync(path.join(tmpdir(), "inject-")), "bin");
  writeFileSync(p, bin);
  return execFileSync("llvm-objdump", ["--macho", "--private-headers", p]).toString();
}

function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    return (e as AppleError).code;
  }
  return "no error";
}

describe("injectDylib", () => {
  it("adds one LC_LOAD_DYLIB to a thin executable without moving anything", () => {
    const input = readFixture("bin/app-unsigned");
    const out = injectDylib(input, LOAD_PATH);
    expect(out.length).toBe(input.length);
    const before = parseThin(input);
    const after = parseThin(out);
    expect(after.ncmds).toBe(before.ncmds + 1);
    const added = after.dylibs.find((d) => d.name === LOAD_PATH)!;
    expect(added.cmd).toBe(LC_LOAD_DYLIB);
    expect(objdump(out)).toContain(`name ${LOAD_PATH} (offset 24)`);
    // Everything after the header is unchanged.
    const end = after.headerSize + after.sizeofcmds;
    expect(out.subarray(end).equals(input.subarray(end))).toBe(true);
    // Injecting again is a no-op.
    expect(injectDylib(out, LOAD_PATH).equals(out)).toBe(true);
  });

  it("adds a weak load command to every slice of a fat binary", () => {
    const out = injectDylib(readFixture("bin/app-fat"), LOAD_PATH, true);
    const { slices } = splitSlices(out);
    for (const s of slices) {
      const m = parseThin(s);
      expect(m.dylibs.filter((d) => d.name === LOAD_PATH).map((d) => d.cmd)).toEqual([LC_LOAD_WEAK_DYLIB]);
      expect(m.sizeofcmds % (m.is64 ? 8 : 4)).toBe(0);
    }
  });

  it("produces a binary that signs and verifies", () => {
    const identity = loadP12(readFixture("p12/leaf-aes.p12"), FIXTURE_P12_PASSWORD);
    const injected = injectDylib(readFixture("bin/app-arm64"), LOAD_PATH);
    expect(verifyMachO(injected).ok).toBe(false); // lld's signature no longer matches the header
    const signed = signMachO(injected, {
      identifier: "com.example.demo",
      teamId: "TEAMID1234",
      identity,
      isMainExecutable: true,
    });
    const v = verifyMachO(signed, { trustedRoots: [readFixture("pki/root.pem").toString()] });
    expect(v.problems).toEqual([]);
    expect(parseThin(signed).dylibs.map((d) => d.name)).toContain(LOAD_PATH);
  });

  it("fails cleanly when the header has no room left", () => {
    let bin = readFixture("bin/app-unsigned");
    let lastCode = "no error";
    for (let i = 0; i < 40 && lastCode === "no error"; i++) {
      const p = `@rpath/${String(i).padStart(3, "0")}/${"x".repeat(1000)}.dylib`;
      lastCode = codeOf(() => {
        bin = injectDylib(bin, p);
      });
    }
    expect(lastCode).toBe("APPLE_NO_ROOM_FOR_LOAD_COMMAND");
    expect(() => parseThin(bin)).not.toThrow();
  });

  it("rejects bad paths and non-Mach-O input", () => {
    const bin = readFixture("bin/app-unsigned");
    expect(codeOf(() => injectDylib(bin, ""))).toBe("APPLE_BAD_DYLIB");
    expect(codeOf(() => injectDylib(bin, "a\0b"))).toBe("APPLE_BAD_DYLIB");
    expect(codeOf(() => injectDylib(bin, "x".repeat(2000)))).toBe("APPLE_BAD_DYLIB");
    expect(codeOf(() => injectDylib(Buffer.from("nope nope"), LOAD_PATH))).toBe("APPLE_BAD_MACHO");
    expect(codeOf(() => injectDylib(readFixture("bin/corrupt"), LOAD_PATH))).toBe("APPLE_BAD_MACHO");
  });
});
