import { describe, expect, it } from "vitest";
import { buildRequirements, decompileRequirements } from "./requirements";

describe("requirements", () => {
  it("compiles the designated requirement and decompiles it back", () => {
    const blob = buildRequirements("com.example.demo", "iPhone Distribution: Test Co (TEAMID1234)");
    expect(blob.readUInt32BE(0)).toBe(0xfade0c01);
    expect(blob.readUInt32BE(4)).toBe(blob.length);
    expect(blob.readUInt32BE(8)).toBe(1); // one requirement
    expect(blob.readUInt32BE(12)).toBe(3); // designated
    expect(blob.readUInt32BE(20)).toBe(0xfade0c00);
    expect(blob.length % 4).toBe(0);
    expect(decompileRequirements(blob).get(3)).toBe(
      'identifier "com.example.demo" and anchor apple generic and ' +
        'certificate leaf[subject.CN] = "iPhone Distribution: Test Co (TEAMID1234)" and ' +
        "certificate 1[field.1.2.840.113635.100.6.2.1] /* exists */",
    );
  });

  it("rejects truncated blobs", () => {
    const blob = buildRequirements("a", "b");
    expect(() => decompileRequirements(blob.subarray(0, blob.length - 8))).toThrow();
  });
});
