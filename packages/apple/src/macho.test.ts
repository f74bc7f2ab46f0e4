import { describe, expect, it } from "vitest";
import { readFixture } from "../fixtures/fixtures";
import { AppleError } from "./errors";
import {
  buildFat,
  CPU_TYPE_ARM,
  CPU_TYPE_ARM64,
  findSegment,
  headerRoom,
  isMachO,
  machOInfo,
  MH_DYLIB,
  MH_EXECUTE,
  machOVersion,
  needsSha1CodeDirectory,
  parseThin,
  splitSlices,
} from "./macho";

function expectCode(fn: () => unknown, code: string): void {
  let err: unknown;
  try {
    fn();
  } catch (e) {
    err = e;
  }
  expect(err).toBeInstanceOf(AppleError);
  expect((err as AppleError).code).toBe(code);
}

describe("isMachO", () => {
  it("recognises thin, fat and rejects look-alikes", () => {
    expect(isMachO(readFixture("bin/app-arm64"))).toBe(true);
    expect(isMachO(readFixture("bin/app-armv7"))).toBe(true);
    expect(isMachO(readFixture("bin/app-fat"))).toBe(true);
    expect(isMachO(readFixture("bin/libinject.dylib"))).toBe(true);
    expect(isMachO(readFixture("entitlements.plist"))).toBe(false);
    expect(isMachO(Buffer.from([0xca, 0xfe]))).toBe(false);
    // A Java class file shares the 0xcafebabe magic; its version field reads as 52 "archs".
    expect(isMachO(Buffer.from("cafebabe00000034", "hex"))).toBe(false);
  });
});

describe("parseThin / machOInfo", () => {
  it("reads the lld-built arm64 executable", () => {
    const m = parseThin(readFixture("bin/app-arm64"));
    expect(m.is64).toBe(true);
    expect(m.cputype).toBe(CPU_TYPE_ARM64);
    expect(m.filetype).toBe(MH_EXECUTE);
    expect(m.segments.map((s) => s.name)).toEqual(["__PAGEZERO", "__TEXT", "__LINKEDIT"]);
    expect(findSegment(m, "__TEXT")!.sections.some((s) => s.sectname === "__text")).toBe(true);
    expect(m.codeSignature!.datasize).toBeGreaterThan(0);
    expect(m.encryption!.cryptid).toBe(0);
    expect(headerRoom(m)).toBeGreaterThan(1000);
  });

  it("reads the platform and minimum OS, and whether that needs a SHA-1 CodeDirectory", () => {
    const arm64 = parseThin(readFixture("bin/app-arm64")).target;
    expect(arm64).toEqual({ platform: 2, minos: machOVersion(14) });
    expect(needsSha1CodeDirectory(arm64)).toBe(false);
    // The iOS 9 armv7 slice and the x86_64 simulator slice of the fat fixtures.
    const [armv7] = splitSlices(readFixture("bin/app-fat")).slices;
    expect(parseThin(armv7!).target).toEqual({ platform: 2, minos: machOVersion(9) });
    expect(needsSha1CodeDirectory(parseThin(armv7!).target)).toBe(true);
    const [sim] = splitSlices(readFixture("bin/helper-fat")).slices;
    expect(parseThin(sim!).target?.platform).toBe(7);
    expect(needsSha1CodeDirectory(parseThin(sim!).target)).toBe(false);
    // The boundaries: iOS and tvOS 11, macOS 10.11.4; watchOS, unknown platforms and no target at all keep SHA-1.
    expect(needsSha1CodeDirectory({ platform: 2, minos: machOVersion(10, 3, 4) })).toBe(true);
    expect(needsSha1CodeDirectory({ platform: 2, minos: machOVersion(11) })).toBe(false);
    expect(needsSha1CodeDirectory({ platform: 3, minos: machOVersion(10, 2) })).toBe(true);
    expect(needsSha1CodeDirectory({ platform: 1, minos: machOVersion(10, 11, 3) })).toBe(true);
    expect(needsSha1CodeDirectory({ platform: 1, minos: machOVersion(10, 11, 4) })).toBe(false);
    expect(needsSha1CodeDirectory({ platform: 4, minos: machOVersion(9) })).toBe(true);
    expect(needsSha1CodeDirectory({ platform: 99, minos: machOVersion(20) })).toBe(true);
    expect(needsSha1CodeDirectory(undefined)).toBe(true);
  });

  it("describes slices of fat, encrypted and dylib files", () => {
    const fat = machOInfo(readFixture("bin/app-fat"));
    expect(fat.fat).toBe(true);
    expect(fat.slices.map((s) => s.cputype)).toEqual([CPU_TYPE_ARM, CPU_TYPE_ARM64]);
    expect(fat.slices.every((s) => s.signed && !s.encrypted)).toBe(true);
    expect(machOInfo(readFixture("bin/app-encrypted")).slices[0]!.encrypted).toBe(true);
    expect(machOInfo(readFixture("bin/app-unsigned")).slices[0]!.signed).toBe(false);
    const fw = parseThin(readFixture("bin/framework-arm64"));
    expect(fw.filetype).toBe(MH_DYLIB);
    expect(fw.installName).toBe("@rpath/Demo.framework/Demo");
  });

  it("rejects corrupt and truncated files with APPLE_BAD_MACHO", () => {
    expectCode(() => parseThin(readFixture("bin/corrupt")), "APPLE_BAD_MACHO");
    expectCode(() => machOInfo(readFixture("bin/corrupt")), "APPLE_BAD_MACHO");
    const app = readFixture("bin/app-arm64");
    expectCode(() => parseThin(app.subarray(0, 100)), "APPLE_BAD_MACHO");
    const badCmd = Buffer.from(app);
    badCmd.writeUInt32LE(3, 32 + 4); // first load command size not a multiple of 4 / too small
    expectCode(() => parseThin(badCmd), "APPLE_BAD_MACHO");
    const badSeg = Buffer.from(app);
    const linkedit = findSegment(parseThin(app), "__LINKEDIT")!;
    badSeg.writeBigUInt64LE(BigInt(app.length * 2), linkedit.cmdOffset + 48); // filesize past EOF
    expectCode(() => parseThin(badSeg), "APPLE_BAD_MACHO");
    const badFat = Buffer.from(readFixture("bin/app-fat"));
    badFat.writeUInt32BE(0x7fffffff, 8 + 8); // first slice offset beyond the file
    expectCode(() => machOInfo(badFat), "APPLE_BAD_MACHO");
  });
});

describe("buildFat", () => {
  it("round-trips lipo's layout with 16 KiB aligned slices", () => {
    const original = readFixture("bin/app-fat");
    const { archs, slices } = splitSlices(original);
    const rebuilt = buildFat(archs, slices);
    const again = splitSlices(rebuilt);
    expect(again.archs.map((a) => a.offset % 0x4000)).toEqual([0, 0]);
    again.slices.forEach((s, i) => expect(s.equals(slices[i]!)).toBe(true));
    expect(rebuilt.equals(original)).toBe(true);
  });
});
