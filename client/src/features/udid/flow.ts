import { session } from "../../shared/session";
import { LOCAL_KEYS, SESSION_KEYS, readItem, readJson, removeItem, writeItem, writeJson } from "../../shared/storage";

/**
 * The UDID flow's rules (spec section 4, "UDID tip"), kept free of React and of heavy imports: the tip's gate runs
 * on every user page, the tip itself loads only when it may show.
 */

/** Paths where the tip never shows (besides everything under /admin). */
const TIP_EXCLUDED_PATHS = [
  "/login",
  "/register",
  "/forgot-password",
  "/udid/guide",
  "/udid/success",
  "/udid/received",
] as const;

export const TIP_BANNER_TEXT = "需要获取设备信息";

function tipExcluded(pathname: string): boolean {
  return (
    pathname === "/admin" ||
    pathname.startsWith("/admin/") ||
    (TIP_EXCLUDED_PATHS as readonly string[]).includes(pathname)
  );
}

/** `forceUdidTip=1` or `forceUdidTip=true` in the query. */
export function tipForced(search: string): boolean {
  const v = new URLSearchParams(search).get("forceUdidTip");
  return v === "1" || v === "true";
}

/** The paths where the tip was dismissed in this browser session (udid_tip_dismissed_path). */
function dismissedPaths(): string[] {
  const raw = readItem("session", SESSION_KEYS.udidTipDismissedPath);
  if (!raw) return [];
  try {
    const v = JSON.parse(raw) as unknown;
    if (Array.isArray(v)) return v.filter((p): p is string => typeof p === "string");
  } catch {
    // a single path written as plain text
  }
  return [raw];
}

export function tipDismissedOn(pathname: string): boolean {
  return dismissedPaths().includes(pathname);
}

export function dismissTipOn(pathname: string): void {
  const paths = dismissedPaths();
  if (!paths.includes(pathname))
    writeJson("session", SESSION_KEYS.udidTipDismissedPath, [...paths, pathname].slice(-50));
}

/** After the modal was cancelled once, the tip shows as the top banner for the rest of the session. */
export const tipPrefersTop = (): boolean => readItem("session", SESSION_KEYS.udidTipPreferTop) === "1";
export const preferTopTip = (): void => writeItem("session", SESSION_KEYS.udidTipPreferTop, "1");

/** Whether the gate should load the tip on this page (the device check happens in the tip). */
export function tipMayShow(pathname: string, search: string, loggedIn: boolean): boolean {
  if (tipExcluded(pathname)) return false;
  if (tipForced(search)) return true;
  return loggedIn && !tipDismissedOn(pathname);
}

/** What selected_device_info holds: the device last captured in this browser, and the guest session it came from. */
export interface SelectedDeviceInfo {
  id?: string | number;
  udid: string;
  product?: string;
  modelName?: string | null;
  /** A guest's capture session, claimed for the account once someone logs in here. */
  session?: string;
  attached?: boolean;
}

export function selectedDevice(): SelectedDeviceInfo | null {
  const v = readJson<SelectedDeviceInfo>("local", LOCAL_KEYS.selectedDeviceInfo);
  return v && typeof v.udid === "string" && v.udid ? v : null;
}

export const saveSelectedDevice = (info: SelectedDeviceInfo): void =>
  writeJson("local", LOCAL_KEYS.selectedDeviceInfo, info);

/** Forgets the local device when it is the one just unbound. */
export function forgetSelectedDevice(udid: string): void {
  if (selectedDevice()?.udid === udid) removeItem("local", LOCAL_KEYS.selectedDeviceInfo);
}

/** Makes a capture session: POST /api/udid/session with the login, returns its profile link. */
export type SessionMaker = (token: string, body: { front: string; callback: string }) => Promise<string>;

const makeSession: SessionMaker = async (token, body) => {
  const res = await fetch("/api/udid/session", {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { success?: boolean; data?: { profile_url?: string } };
  if (!res.ok || !json.data?.profile_url) throw new Error("no capture session");
  return json.data.profile_url;
};

/**
 * The device-profile URL for the logged-in user: a capture session made with the login (the site's origin as front,
 * /udid/received?back={current page} as callback), whose link carries only that session's id: short-lived, good for
 * one device response, never the login token (which would end up in Safari's history and the server's logs).
 */
export function deviceProfileUrl(
  token: string,
  origin: string,
  currentPage: string,
  make: SessionMaker = makeSession,
): Promise<string> {
  return make(token, { front: origin, callback: `/udid/received?back=${encodeURIComponent(currentPage)}` });
}

/** The current page without the forceUdidTip flag (where the user comes back to). */
export function currentPage(pathname: string, search: string): string {
  const q = new URLSearchParams(search);
  q.delete("forceUdidTip");
  const rest = q.toString();
  return rest ? `${pathname}?${rest}` : pathname;
}

/**
 * Confirming the tip: off to the device-profile URL (Safari downloads the profile; after it is installed the device
 * comes back to /udid/received). Without a login, or if the redirect cannot start, the guide explains the steps.
 */
export function startCapture(
  page: string,
  goGuide: () => void,
  assign: (url: string) => void = (u) => window.location.assign(u),
  make: SessionMaker = makeSession,
): Promise<void> {
  const token = session.get().token;
  if (!token) {
    goGuide();
    return Promise.resolve();
  }
  return deviceProfileUrl(token, window.location.origin, page, make).then(assign, goGuide);
}

/** A `back` target the pages may navigate to: a site-relative path ("/…", not "//host"), else null. */
export function safeBack(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith("/") || raw.startsWith("//") || raw.startsWith("/\\") || raw.length > 500) return null;
  return raw;
}

/** A positive device check is trusted for this long in this tab, so page changes do not ask again each time. */
export const DEVICE_CHECK_TTL_MS = 5 * 60_000;
let deviceSeen: { token: string; until: number } | null = null;

export function rememberDevice(token: string, now = Date.now()): void {
  deviceSeen = { token, until: now + DEVICE_CHECK_TTL_MS };
}

export function deviceRecentlySeen(token: string | null, now = Date.now()): boolean {
  return Boolean(token && deviceSeen && deviceSeen.token === token && deviceSeen.until > now);
}

/** After an unbind the next page asks the server again. */
export function forgetDeviceCheck(): void {
  deviceSeen = null;
}
