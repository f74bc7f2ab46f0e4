import { beforeEach, describe, expect, it, vi } from "vitest";
import { MemoryStorage } from "../../shared/test-support/memoryStorage";

const local = new MemoryStorage();
const sess = new MemoryStorage();
vi.stubGlobal("localStorage", local);
vi.stubGlobal("sessionStorage", sess);

const flow = await import("./flow");

beforeEach(() => {
  local.clear();
  sess.clear();
});

describe("who sees the UDID tip", () => {
  it("a logged-in user on an ordinary page; never on /admin or the excluded pages; a guest only when forced", () => {
    expect(flow.tipMayShow("/", "", true)).toBe(true);
    expect(flow.tipMayShow("/", "", false)).toBe(false);
    expect(flow.tipMayShow("/", "?forceUdidTip=1", false)).toBe(true);
    for (const p of [
      "/admin",
      "/admin/devices",
      "/login",
      "/register",
      "/forgot-password",
      "/udid/guide",
      "/udid/success",
      "/udid/received",
    ]) {
      expect(flow.tipMayShow(p, "", true)).toBe(false);
      expect(flow.tipMayShow(p, "?forceUdidTip=true", true)).toBe(false);
    }
    expect(flow.tipMayShow("/administrator", "", true)).toBe(true);
  });

  it("forceUdidTip is 1 or true only", () => {
    expect(flow.tipForced("?forceUdidTip=1")).toBe(true);
    expect(flow.tipForced("?a=b&forceUdidTip=true")).toBe(true);
    for (const q of ["", "?forceUdidTip=0", "?forceUdidTip=yes", "?forceUdidTip=TRUE", "?forceudidtip=1"])
      expect(flow.tipForced(q)).toBe(false);
  });

  it("a dismissal hides it on that path only, for the session; forcing shows it again", () => {
    flow.dismissTipOn("/tutorial");
    flow.dismissTipOn("/tutorial");
    expect(JSON.parse(sess.getItem("udid_tip_dismissed_path")!)).toEqual(["/tutorial"]);
    expect(flow.tipMayShow("/tutorial", "", true)).toBe(false);
    expect(flow.tipMayShow("/profile", "", true)).toBe(true);
    expect(flow.tipMayShow("/tutorial", "?forceUdidTip=1", true)).toBe(true);
    // A plain path written by an older client still counts.
    sess.setItem("udid_tip_dismissed_path", "/profile");
    expect(flow.tipDismissedOn("/profile")).toBe(true);
  });

  it("the modal cancelled once makes it the top banner for the session", () => {
    expect(flow.tipPrefersTop()).toBe(false);
    flow.preferTopTip();
    expect(sess.getItem("udid_tip_prefer_top")).toBe("1");
    expect(flow.tipPrefersTop()).toBe(true);
  });
});

describe("the redirect", () => {
  it("makes a capture session with the login (front, callback /udid/received?back={current page}) and goes to its link", async () => {
    const make = vi.fn(async () => "https://site.example/api/udid/profile?session=" + "a".repeat(32));
    expect(await flow.deviceProfileUrl("tok.en", "https://site.example", "/app/7?tab=2", make)).not.toContain("tok.en");
    expect(make).toHaveBeenCalledWith("tok.en", {
      front: "https://site.example",
      callback: "/udid/received?back=%2Fapp%2F7%3Ftab%3D2",
    });
  });

  it("the current page drops the force flag", () => {
    expect(flow.currentPage("/profile", "?forceUdidTip=1&x=2")).toBe("/profile?x=2");
    expect(flow.currentPage("/", "?forceUdidTip=true")).toBe("/");
  });

  it("without a login, or when the redirect throws, goes to the guide", async () => {
    const guide = vi.fn();
    const assign = vi.fn();
    await flow.startCapture("/", guide, assign);
    expect(guide).toHaveBeenCalledOnce();
    expect(assign).not.toHaveBeenCalled();
  });

  it("back targets stay on the site", () => {
    expect(flow.safeBack("/profile?x=1")).toBe("/profile?x=1");
    for (const bad of ["//evil.example", "https://evil.example", "/\\\\evil.example", "", null, "profile"])
      expect(flow.safeBack(bad)).toBeNull();
  });
});

describe("selected_device_info", () => {
  it("is the device kept locally, forgotten when that device is unbound", () => {
    expect(flow.selectedDevice()).toBeNull();
    flow.saveSelectedDevice({ udid: "00008120-0000000000000001", id: 3 });
    expect(flow.selectedDevice()?.udid).toBe("00008120-0000000000000001");
    flow.forgetSelectedDevice("00008120-0000000000000002");
    expect(flow.selectedDevice()).not.toBeNull();
    flow.forgetSelectedDevice("00008120-0000000000000001");
    expect(flow.selectedDevice()).toBeNull();
    local.setItem("selected_device_info", "{broken");
    expect(flow.selectedDevice()).toBeNull();
  });
});

describe("the device check's memory", () => {
  it("trusts a seen device for five minutes for the same login, and forgets it on unbind", () => {
    flow.rememberDevice("t1", 1_000);
    expect(flow.deviceRecentlySeen("t1", 1_000 + flow.DEVICE_CHECK_TTL_MS - 1)).toBe(true);
    expect(flow.deviceRecentlySeen("t1", 1_000 + flow.DEVICE_CHECK_TTL_MS)).toBe(false);
    expect(flow.deviceRecentlySeen("t2", 1_001)).toBe(false);
    expect(flow.deviceRecentlySeen(null, 1_001)).toBe(false);
    flow.forgetDeviceCheck();
    expect(flow.deviceRecentlySeen("t1", 1_001)).toBe(false);
  });
});
