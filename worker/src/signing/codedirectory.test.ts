import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { readFixture } from "../../../packages/apple/fixtures/fixtures";
import {
  buildCodeDirectory,
  buildSuperBlob,
  CS_HASHTYPE_SHA1,
  CS_HASHTYPE_SHA256,
  CSSLOT_CODEDIRECTORY,
  parseCodeDirectory,
  parseSuperBlob,
} from "./codedirectory";
import { AppleError } from "@gryx/apple/errors";
import { parseThin } from "@gryx/apple/macho";

describe("CodeDirectory", () => {
  it("reproduces every field and page hash of lld's ad-hoc CodeDirectory", () => {
    const bin = readFixture("bin/app-arm64");
    const m = parseThin(bin);
    const blobs = parseSuperBlob(bin.subarray(m.codeSignature!.dataoff));
    const lld = parseCodeDirectory(blobs.get(CSSLOT_CODEDIRECTORY)!);
    expect(lld.hashType).toBe(CS_HASHTYPE_SHA256);
    expect(lld.identifier).toBe("app-arm64");
    const ours = buildCodeDirectory({
      hashType: CS_HASHTYPE_SHA256,
      identifier: lld.identifier,
      flags: lld.flags,
      code: bin.subarray(0, lld.codeLimit),
      specialSlots: new Map(),
      execSegBase: lld.execSegBase!,
      execSegLimit: lld.execSegLimit!,
      execSegFlags: lld.execSegFlags!,
    });
    // lld pads the identifier to 16 bytes, so compare fields rather than raw layout.
    const p = parseCodeDirectory(ours);
    for (const k of [
      "version",
      "flags",
      "hashType",
      "pageSize",
      "codeLimit",
      "nCodeSlots",
      "nSpecialSlots",
      "identifier",
      "execSegBase",
      "execSegLimit",
      "execSegFlags",
    ] as const) {
      expect(p[k]).toEqual(lld[k]);
    }
    for (let i = 0; i < lld.nCodeSlots; i++) expect(p.codeSlot(i).equals(lld.codeSlot(i))).toBe(true);
  });

  it("hashes partial last pages and places special slots below the code slots", () => {
    const code = Buffer.alloc(4096 + 100, 7);
    const info = createHash("sha1").update("info").digest();
    const res = createHash("sha1").update("res").digest();
    const cd = buildCodeDirectory({
      hashType: CS_HASHTYPE_SHA1,
      identifier: "com.example.demo",
      teamId: "TEAMID1234",
      flags: 0,
      code,
      specialSlots: new Map([
        [1, info],
        [3, res],
      ]),
      execSegBase: 0,
      execSegLimit: 4096,
      execSegFlags: 1,
    });
    const p = parseCodeDirectory(cd);
    expect(p.version).toBe(0x20400);
    expect(p.teamId).toBe("TEAMID1234");
    expect(p.nSpecialSlots).toBe(3);
    expect(p.nCodeSlots).toBe(2);
    expect(p.codeLimit).toBe(4196);
    expect(p.pageSize).toBe(4096);
    expect(p.specialSlot(1)!.equals(info)).toBe(true);
    expect(p.specialSlot(2)!.equals(Buffer.alloc(20))).toBe(true);
    expect(p.specialSlot(3)!.equals(res)).toBe(true);
    expect(p.specialSlot(4)).toBeUndefined();
    expect(p.codeSlot(1).equals(createHash("sha1").update(code.subarray(4096)).digest())).toBe(true);
    expect(p.execSegFlags).toBe(1);
  });

  it("rejects malformed CodeDirectories and SuperBlobs", () => {
    const cd = buildCodeDirectory({
      hashType: CS_HASHTYPE_SHA256,
      identifier: "x",
      flags: 0,
      code: Buffer.alloc(10),
      specialSlots: new Map(),
      execSegBase: 0,
      execSegLimit: 0,
      execSegFlags: 0,
    });
    const bad = Buffer.from(cd);
    bad.writeUInt32BE(1000, 28); // nCodeSlots beyond the blob
    expect(() => parseCodeDirectory(bad)).toThrow(AppleError);
    const sb = buildSuperBlob([{ type: 0, blob: cd }]);
    expect(parseSuperBlob(sb).get(0)!.equals(cd)).toBe(true);
    const badSb = Buffer.from(sb);
    badSb.writeUInt32BE(0xffff, 16); // entry offset out of range
    expect(() => parseSuperBlob(badSb)).toThrow(AppleError);
  });
});
