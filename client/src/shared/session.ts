import { LOCAL_KEYS, readItem, readJson, removeItem, writeItem, writeJson } from "./storage";

/** The user as stored under user_data at login. */
export interface SessionUser {
  id: string;
  username: string;
  role: string;
  permissions: string[];
  email?: string | null;
}

export interface Session {
  token: string | null;
  user: SessionUser | null;
}

type Listener = () => void;
const listeners = new Set<Listener>();

function load(): Session {
  return { token: readItem("local", LOCAL_KEYS.authToken), user: readJson<SessionUser>("local", LOCAL_KEYS.userData) };
}

let current: Session = load();

function publish(): void {
  current = load();
  listeners.forEach((l) => l());
}

if (typeof window !== "undefined") {
  // another tab logged in or out
  window.addEventListener("storage", (e) => {
    if (e.key === null || e.key === LOCAL_KEYS.authToken || e.key === LOCAL_KEYS.userData) publish();
  });
}

export const session = {
  /** Stable snapshot for useSyncExternalStore. */
  get: (): Session => current,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Login: stores user and token. */
  start(token: string, user: SessionUser): void {
    writeItem("local", LOCAL_KEYS.authToken, token);
    writeJson("local", LOCAL_KEYS.userData, user);
    publish();
  },
  updateUser(user: SessionUser): void {
    writeJson("local", LOCAL_KEYS.userData, user);
    publish();
  },
  /** Logout: clears both. */
  end(): void {
    removeItem("local", LOCAL_KEYS.authToken);
    removeItem("local", LOCAL_KEYS.userData);
    publish();
  },
  /**
   * A 401 answer: the token is removed. The route guards react to the change, which sends
   * an admin page to /admin/login and a login-required page to /login.
   */
  expire(): void {
    if (current.token === null) return;
    removeItem("local", LOCAL_KEYS.authToken);
    publish();
  },
};

export function isAdmin(user: SessionUser | null | undefined): boolean {
  return user?.role === "admin";
}

/** Full admins, and staff: accounts granted at least one back office permission (the server accepts only those). */
export function mayEnterAdmin(user: SessionUser | null | undefined): boolean {
  return isAdmin(user) || (user?.permissions?.length ?? 0) > 0;
}
