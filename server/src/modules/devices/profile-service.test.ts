import { describe, expect, it } from "vitest";
import { isPlistDict, parsePlist } from "@gryx/apple/plist";
import { DomainError, registerErrors } from "../../common/errors";
import { DEVICES_ERRORS } from "./devices.errors";
import { normalizeUdid, parseDeviceResponse, profileServicePlist } from "./profile-service";

// The domain's error codes, as modules/index.ts registers them in the app.
registerErrors("devices", DEVICES_ERRORS);

const plist = (body: string) =>
  Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>${body}</dict></plist>`);
const code = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return e instanceof DomainError ? e.code : "other";
  }
  return "none";
};

describe("UDID shapes", () => {
  it("keeps 8-16 hex with a dash in upper case and 40 hex in lower case", () => {
    expect(normalizeUdid("00008030-001a35e03c12802e")).toBe("00008030-001A35E03C12802E");
    expect(normalizeUdid(" A1B2C3D4E5F60718293A4B5C6D7E8F9012345678 ")).toBe(
      "a1b2c3d4e5f60718293a4b5c6d7e8f9012345678",
    );
  });

  it("refuses anything else", () => {
    for (const bad of [
      "",
      "00008030001A35E03C12802E",
      "00008030-001A35E03C12802",
      "0000803-0001A35E03C12802E",
      "G0008030-001A35E03C12802E",
      "a1b2c3d4e5f60718293a4b5c6d7e8f901234567",
      42,
      null,
    ])
      expect(code(() => normalizeUdid(bad))).toBe("UDID_INVALID");
  });
});

describe("the device's response", () => {
  it("reads UDID, PRODUCT, VERSION, SERIAL, IMEI (spaces removed) and CHALLENGE", () => {
    const r = parseDeviceResponse(
      plist(
        "<key>UDID</key><string>00008030-001A35E03C12802E</string><key>PRODUCT</key><string>iPhone15,2</string><key>VERSION</key><string>21E236</string><key>SERIAL</key><string>F2LX</string><key>IMEI</key><string>35 391111 111111 1</string><key>CHALLENGE</key><string>abc</string>",
      ),
    );
    expect(r).toEqual({
      udid: "00008030-001A35E03C12802E",
      product: "iPhone15,2",
      version: "21E236",
      serial: "F2LX",
      imei: "353911111111111",
      challenge: "abc",
    });
  });

  it("has no IMEI on a Wi-Fi-only iPad, and refuses a response without a UDID or that is not a plist dictionary", () => {
    expect(parseDeviceResponse(plist("<key>UDID</key><string>00008030-001A35E03C12802E</string>")).imei).toBeNull();
    expect(code(() => parseDeviceResponse(plist("<key>PRODUCT</key><string>iPad14,3</string>")))).toBe(
      "UDID_RESPONSE_INVALID",
    );
    expect(code(() => parseDeviceResponse(Buffer.from("not a plist")))).toBe("UDID_RESPONSE_INVALID");
    expect(
      code(() => parseDeviceResponse(Buffer.from('<?xml version="1.0"?><plist version="1.0"><array/></plist>'))),
    ).toBe("UDID_RESPONSE_INVALID");
    expect(code(() => parseDeviceResponse(plist("<key>UDID</key><integer>5</integer>")))).toBe("UDID_INVALID");
  });
});

describe("the Profile Service payload", () => {
  it("points at the relay, asks for the attributes and carries the challenge", () => {
    const p = parsePlist(
      Buffer.from(
        profileServicePlist({
          url: "https://site.example/api/udid/relay/x",
          challenge: "x",
          siteName: "果仁应用",
          host: "site.example",
        }),
      ),
    );
    expect(isPlistDict(p)).toBe(true);
    const d = p as Record<string, any>;
    expect(d.PayloadType).toBe("Profile Service");
    expect(d.PayloadIdentifier).toBe("site.example.udid");
    expect(d.PayloadContent).toEqual({
      URL: "https://site.example/api/udid/relay/x",
      DeviceAttributes: ["UDID", "IMEI", "VERSION", "PRODUCT", "SERIAL"],
      Challenge: "x",
    });
    expect(d.PayloadUUID).toMatch(/^[0-9A-F-]{36}$/);
  });
});
