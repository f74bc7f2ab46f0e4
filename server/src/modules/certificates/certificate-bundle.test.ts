import { describe, expect, it } from "vitest";
import { certificateType } from "./certificate-bundle";

describe("certificateType", () => {
  it("reads the kind from Apple's common names, enterprise when the profile provisions all devices", () => {
    const some = { provisionsAllDevices: false };
    const all = { provisionsAllDevices: true };
    expect(certificateType("Apple Development: Jane Doe (ABCDE12345)", some)).toBe("development");
    expect(certificateType("iPhone Developer: Jane Doe (ABCDE12345)", all)).toBe("development");
    expect(certificateType("Apple Distribution: Example Co (ABCDE12345)", some)).toBe("distribution");
    expect(certificateType("iPhone Distribution: Example Co (ABCDE12345)", some)).toBe("distribution");
    expect(certificateType("iPhone Distribution: Example Co", all)).toBe("enterprise");
    expect(certificateType("Developer ID Application: Example Co (ABCDE12345)", some)).toBeNull();
    expect(certificateType("Apple Push Services: com.example", some)).toBeNull();
    expect(certificateType("Fake Apple Development: x", some)).toBeNull();
  });
});
