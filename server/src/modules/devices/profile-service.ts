import { randomUUID } from "node:crypto";
import { buildPlist, CONTROL_CHARS, isPlistDict, parsePlist, type PlistValue } from "@gryx/apple/plist";
import { DomainError } from "../../common/errors";

/** What the profile asks the device for (Apple's Profile Service `DeviceAttributes`). */
const DEVICE_ATTRIBUTES = ["UDID", "IMEI", "VERSION", "PRODUCT", "SERIAL"] as const;

/**
 * The `Profile Service` configuration profile: installing it makes iOS POST a CMS-signed plist of the requested
 * attributes to `url` (the one-time relay of a capture session); `challenge` comes back in that plist.
 */
export function profileServicePlist(opts: { url: string; challenge: string; siteName: string; host: string }): string {
  const identifier = `${opts.host.replace(/[^A-Za-z0-9.-]/g, "") || "gryx"}.udid`.toLowerCase();
  return buildPlist({
    PayloadContent: {
      URL: opts.url,
      DeviceAttributes: [...DEVICE_ATTRIBUTES],
      Challenge: opts.challenge,
    },
    PayloadOrganization: opts.siteName,
    PayloadDisplayName: `${opts.siteName} 获取设备UDID`,
    PayloadDescription: "安装后将获取本设备的 UDID、型号、系统版本和序列号，用于绑定设备。不会安装任何其他内容。",
    PayloadIdentifier: identifier,
    PayloadUUID: randomUUID().toUpperCase(),
    PayloadVersion: 1,
    PayloadType: "Profile Service",
  });
}

export interface DeviceAttributes {
  udid: string;
  product: string;
  version: string;
  serial: string;
  imei: string | null;
  challenge: string | null;
}

const NEW_UDID = /^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{16}$/;
const OLD_UDID = /^[0-9A-Fa-f]{40}$/;

/** A UDID in its stored form: 8-16 hex with a dash (newer devices, upper case) or 40 hex (older ones, lower case). */
export function normalizeUdid(raw: unknown): string {
  const s = typeof raw === "string" ? raw.trim() : "";
  if (NEW_UDID.test(s)) return s.toUpperCase();
  if (OLD_UDID.test(s)) return s.toLowerCase();
  throw new DomainError("UDID_INVALID");
}

/** One attribute as stored: a control character (NUL…) anywhere means the response is not a device's. */
function text(v: PlistValue | undefined, max: number): string {
  if (typeof v !== "string") return "";
  if (CONTROL_CHARS.test(v)) throw new DomainError("UDID_RESPONSE_INVALID", "设备返回的数据含有控制字符");
  return v.trim().slice(0, max);
}

/** The attributes from the plist the device signed; a UDID of the wrong shape is refused. */
export function parseDeviceResponse(plistBytes: Buffer): DeviceAttributes {
  let plist: PlistValue;
  try {
    plist = parsePlist(plistBytes);
  } catch {
    throw new DomainError("UDID_RESPONSE_INVALID");
  }
  return deviceAttributes(plist);
}

/** The attributes from the device's parsed plist (null: it was not one); a UDID of the wrong shape is refused. */
export function deviceAttributes(plist: PlistValue | null): DeviceAttributes {
  if (plist === null || !isPlistDict(plist)) throw new DomainError("UDID_RESPONSE_INVALID");
  if (plist["UDID"] === undefined) throw new DomainError("UDID_RESPONSE_INVALID", "设备返回的数据缺少 UDID");
  const udid = normalizeUdid(plist["UDID"]);
  const imei = text(plist["IMEI"], 32).replace(/\s+/g, "");
  return {
    udid,
    product: text(plist["PRODUCT"], 32),
    version: text(plist["VERSION"], 32),
    serial: text(plist["SERIAL"], 32),
    imei: imei || null,
    challenge: typeof plist["CHALLENGE"] === "string" ? plist["CHALLENGE"] : null,
  };
}
