import { describe, expect, it } from "vitest";
import { buildPlist, type PlistDict } from "@gryx/apple/plist";
import { readFixture } from "../../../packages/apple/fixtures/fixtures";
import {
  allowsDebugging,
  derEntitlementsBlob,
  entitlementsBlob,
  entitlementsToDer,
  parseEntitlements,
} from "./entitlements";
import { AppleError } from "@gryx/apple/errors";

// Byte vectors Apple's `codesign --generate-entitlement-der` produces for these dictionaries
// (as recorded by the apple-codesign project's tests).
const VECTORS: [PlistDict, number[]][] = [
  [{}, [112, 5, 2, 1, 1, 176, 0]],
  [{ key: false }, [112, 15, 2, 1, 1, 176, 10, 48, 8, 12, 3, 107, 101, 121, 1, 1, 0]],
  [{ key: true }, [112, 15, 2, 1, 1, 176, 10, 48, 8, 12, 3, 107, 101, 121, 1, 1, 255]],
  [{ key: 0 }, [112, 15, 2, 1, 1, 176, 10, 48, 8, 12, 3, 107, 101, 121, 2, 1, 0]],
  [{ key: -1 }, [112, 15, 2, 1, 1, 176, 10, 48, 8, 12, 3, 107, 101, 121, 2, 1, 255]],
  [{ key: 42 }, [112, 15, 2, 1, 1, 176, 10, 48, 8, 12, 3, 107, 101, 121, 2, 1, 42]],
  [{ key: "" }, [112, 14, 2, 1, 1, 176, 9, 48, 7, 12, 3, 107, 101, 121, 12, 0]],
  [{ key: "value" }, [112, 19, 2, 1, 1, 176, 14, 48, 12, 12, 3, 107, 101, 121, 12, 5, 118, 97, 108, 117, 101]],
  [{ key: [] }, [112, 14, 2, 1, 1, 176, 9, 48, 7, 12, 3, 107, 101, 121, 48, 0]],
  [{ key: [false] }, [112, 17, 2, 1, 1, 176, 12, 48, 10, 12, 3, 107, 101, 121, 48, 3, 1, 1, 0]],
  [
    { key: [true, "foo"] },
    [112, 22, 2, 1, 1, 176, 17, 48, 15, 12, 3, 107, 101, 121, 48, 8, 1, 1, 255, 12, 3, 102, 111, 111],
  ],
  [{ key: {} }, [112, 14, 2, 1, 1, 176, 9, 48, 7, 12, 3, 107, 101, 121, 176, 0]],
  [
    { key: { inner: false } },
    [112, 26, 2, 1, 1, 176, 21, 48, 19, 12, 3, 107, 101, 121, 176, 12, 48, 10, 12, 5, 105, 110, 110, 101, 114, 1, 1, 0],
  ],
  [
    // Given out of order: the encoder sorts keys.
    { key3: 42, key: false, key2: true },
    [
      112, 37, 2, 1, 1, 176, 32, 48, 8, 12, 3, 107, 101, 121, 1, 1, 0, 48, 9, 12, 4, 107, 101, 121, 50, 1, 1, 255, 48,
      9, 12, 4, 107, 101, 121, 51, 2, 1, 42,
    ],
  ],
];

describe("entitlementsToDer", () => {
  it.each(VECTORS.map(([d, bytes], i) => [i, d, bytes] as const))("vector %i", (_i, dict, bytes) => {
    expect([...entitlementsToDer(dict)]).toEqual(bytes);
  });

  it("encodes larger integers and long lengths", () => {
    const der = entitlementsToDer({ n: 300, s: "x".repeat(200) });
    expect(der.subarray(0, 3)).toEqual(Buffer.from([0x70, 0x81, der.length - 3]));
    expect(der.includes(Buffer.from([0x02, 0x02, 0x01, 0x2c]))).toBe(true); // 300
    expect(der.includes(Buffer.from([0x0c, 0x81, 200]))).toBe(true);
    expect(entitlementsToDer({ n: 128 }).includes(Buffer.from([0x02, 0x02, 0x00, 0x80]))).toBe(true);
    expect(entitlementsToDer({ n: -129 }).includes(Buffer.from([0x02, 0x02, 0xff, 0x7f]))).toBe(true);
  });

  it("refuses values without a DER form", () => {
    for (const bad of [{ r: 1.5 }, { d: new Date() }, { b: Buffer.from("x") }] as PlistDict[]) {
      expect(() => entitlementsToDer(bad)).toThrow(AppleError);
    }
  });
});

describe("entitlement blobs", () => {
  it("wraps the XML verbatim and builds the DER blob from the parsed plist", () => {
    const xml = readFixture("entitlements.plist");
    const blob = entitlementsBlob(xml);
    expect(blob.readUInt32BE(0)).toBe(0xfade7171);
    expect(blob.readUInt32BE(4)).toBe(xml.length + 8);
    expect(blob.subarray(8).equals(xml)).toBe(true);
    const ents = parseEntitlements(xml);
    expect(allowsDebugging(ents)).toBe(true);
    const der = derEntitlementsBlob(ents);
    expect(der.readUInt32BE(0)).toBe(0xfade7172);
    expect(der.subarray(8).equals(entitlementsToDer(ents))).toBe(true);
    expect(der.includes(Buffer.from("TEAMID1234.com.example.demo"))).toBe(true);
  });

  it("rejects entitlements that are not a dictionary plist", () => {
    expect(() => parseEntitlements(Buffer.from("nope"))).toThrow(AppleError);
    expect(() => parseEntitlements(Buffer.from(buildPlist(["a"])))).toThrow(AppleError);
    expect(allowsDebugging(parseEntitlements(Buffer.from(buildPlist({ "get-task-allow": false }))))).toBe(false);
  });
});
