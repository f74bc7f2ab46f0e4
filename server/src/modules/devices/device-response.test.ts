import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { closeOffloadPool, OFFLOAD_MAX_BYTES, verifyDeviceResponseOffloaded } from "@gryx/apple/offload";
import { FAKE_DEVICE_CA_PEM, FakeDevice, newUdid } from "../../../../tests/support/udid-device";
import { registerErrors } from "../../common/errors";
import { DEVICES_ERRORS } from "./devices.errors";
import { deviceAttributes } from "./profile-service";

// The domain's error codes, as modules/index.ts registers them in the app.
registerErrors("devices", DEVICES_ERRORS);

/**
 * The UDID relay's body (a device's CMS-signed attribute plist) is checked on the parsing threads: the signature, the
 * signer's chain to the device CA, the plist; the main thread only maps the answer to the relay's errors.
 */
const roots = [readFileSync(FAKE_DEVICE_CA_PEM, "utf8")];
const code = (p: Promise<unknown>) =>
  p.then(
    () => "ok",
    (e: { code?: string }) => e.code ?? String(e),
  );

afterAll(() => closeOffloadPool());

describe("the UDID relay's device response on the parsing threads", () => {
  it("a device of the trusted CA: its attributes, as the relay stores them", async () => {
    const udid = newUdid();
    const body = new FakeDevice().sign({ UDID: udid, PRODUCT: "iPhone16,1", VERSION: "22A3354", SERIAL: "G6TZ" });
    const r = await verifyDeviceResponseOffloaded(body, roots);
    expect(r.status).toBe("ok");
    expect(deviceAttributes(r.status === "ok" ? r.plist : null)).toMatchObject({
      udid,
      product: "iPhone16,1",
      version: "22A3354",
      serial: "G6TZ",
      imei: null,
    });
  });

  it("a self-made identity is untrusted; a broken signature or garbage is a bad signature", async () => {
    const selfMade = new FakeDevice({ selfSigned: true }).sign({ UDID: newUdid() });
    expect(await verifyDeviceResponseOffloaded(selfMade, roots)).toMatchObject({ status: "untrusted" });
    const good = new FakeDevice().sign({ UDID: newUdid() });
    const tampered = Buffer.from(good);
    const at = tampered.indexOf(Buffer.from("UDID"));
    tampered[at + 20] ^= 1;
    expect(await verifyDeviceResponseOffloaded(tampered, roots)).toEqual({ status: "bad-signature" });
    expect(await verifyDeviceResponseOffloaded(Buffer.from("not cms at all"), roots)).toEqual({
      status: "bad-signature",
    });
  });

  it("signed content that is not a plist reads as none (UDID_RESPONSE_INVALID), a NUL in a value is refused", async () => {
    const device = new FakeDevice();
    const notPlist = await verifyDeviceResponseOffloaded(device.signRaw(Buffer.from("<html>hi</html>")), roots);
    expect(notPlist).toEqual({ status: "ok", plist: null });
    expect(() => deviceAttributes(null)).toThrow(expect.objectContaining({ code: "UDID_RESPONSE_INVALID" }));
    const nul = await verifyDeviceResponseOffloaded(
      device.signRaw(
        Buffer.from(
          `<?xml version="1.0"?><plist version="1.0"><dict><key>UDID</key><string>${newUdid()}</string><key>PRODUCT</key><string>a&#0;b</string></dict></plist>`,
        ),
      ),
      roots,
    );
    expect(nul.status).toBe("ok");
    expect(() => deviceAttributes(nul.status === "ok" ? nul.plist : null)).toThrow(
      expect.objectContaining({ code: "UDID_RESPONSE_INVALID" }),
    );
  });

  it("a body over the size budget is refused before it is queued", async () => {
    expect(await code(verifyDeviceResponseOffloaded(Buffer.alloc(OFFLOAD_MAX_BYTES.deviceResponse + 1), roots))).toBe(
      "APPLE_INPUT_TOO_LARGE",
    );
  });
});
