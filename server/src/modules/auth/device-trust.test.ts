import { describe, expect, it } from "vitest";
import { DEVICE_TTL_SECONDS, DeviceTrust, readCookie } from "./device-trust";

describe("device trust tokens", () => {
  const trust = new DeviceTrust("s".repeat(40));

  it("vouch for the account they were issued to, and only while fresh", () => {
    const now = Date.now();
    const token = trust.issue(42, now);
    expect(trust.vouches(token, 42, now)).toBe(true);
    expect(trust.vouches(token, 43, now)).toBe(false);
    expect(trust.vouches(token, 42, now + (DEVICE_TTL_SECONDS + 1) * 1000)).toBe(false);
  });

  it("refuse tampered, foreign and malformed tokens", () => {
    const token = trust.issue(7);
    const [id, at, nonce, mac] = token.split(".");
    expect(trust.vouches(`8.${at}.${nonce}.${mac}`, 8)).toBe(false);
    expect(trust.vouches(`${id}.${at}.${nonce}.${mac.slice(0, -2)}AA`, 7)).toBe(false);
    expect(new DeviceTrust("t".repeat(40)).vouches(token, 7)).toBe(false);
    for (const bad of [undefined, "", "a.b.c", "1.2.3.4.5", "x".repeat(300)]) expect(trust.vouches(bad, 7)).toBe(false);
  });

  it("are read from a Cookie header", () => {
    expect(readCookie("a=1; gryx_device=abc.def; b=2", "gryx_device")).toBe("abc.def");
    expect(readCookie("gryx_devicex=1", "gryx_device")).toBeUndefined();
    expect(readCookie(undefined, "gryx_device")).toBeUndefined();
  });
});
