/** Local storage keys of the spec (section 3), plus the client-only ones it names without a key. */
export const LOCAL_KEYS = {
  authToken: "auth_token",
  userData: "user_data",
  theme: "theme",
  darkMode: "theme_dark_mode",
  selectedDeviceInfo: "selected_device_info",
  csSessionId: "cs_session_id",
  csGuestId: "cs_guest_id",
  readAnnouncements: "read_announcement_ids",
  rememberedUsername: "remembered_username",
} as const;

/** Session storage keys of the spec (section 3). */
export const SESSION_KEYS = {
  redirectFrom: "redirectFrom",
  udidTipDismissedPath: "udid_tip_dismissed_path",
  udidTipPreferTop: "udid_tip_prefer_top",
} as const;

export const CACHE_PREFIX = "gryx_cache_";

type Area = "local" | "session";

function area(which: Area): Storage | null {
  try {
    return which === "local" ? (globalThis.localStorage ?? null) : (globalThis.sessionStorage ?? null);
  } catch {
    return null; // storage disabled (private mode, sandboxed frame)
  }
}

export function readItem(which: Area, key: string): string | null {
  try {
    return area(which)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(which: Area, key: string, value: string): void {
  try {
    area(which)?.setItem(key, value);
  } catch {
    // quota exceeded or storage disabled: the value simply is not kept
  }
}

export function removeItem(which: Area, key: string): void {
  try {
    area(which)?.removeItem(key);
  } catch {
    // nothing to remove
  }
}

export function readJson<T>(which: Area, key: string): T | null {
  const raw = readItem(which, key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeJson(which: Area, key: string, value: unknown): void {
  writeItem(which, key, JSON.stringify(value));
}

export function localArea(): Storage | null {
  return area("local");
}
