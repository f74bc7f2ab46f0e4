import { readItem, removeItem, SESSION_KEYS, writeItem } from "../../shared/storage";

/** A login-required page remembers itself here before sending the guest to /login. */
export function saveRedirectFrom(path: string): void {
  writeItem("session", SESSION_KEYS.redirectFrom, path);
}

export function peekRedirectFrom(): string | null {
  return readItem("session", SESSION_KEYS.redirectFrom);
}

export function takeRedirectFrom(): string | null {
  const path = peekRedirectFrom();
  removeItem("session", SESSION_KEYS.redirectFrom);
  return path;
}

/**
 * Where the guest-only guard sends a login that just succeeded on a guest-only page
 * (the remembered target), instead of the role's default page.
 */
let loginTarget: string | null = null;

export const postLoginTarget = {
  set(path: string | null): void {
    loginTarget = path;
  },
  peek(): string | null {
    return loginTarget;
  },
  clear(): void {
    loginTarget = null;
  },
};
