import { useSyncExternalStore } from "react";
import { session, type Session } from "../../shared/session";

/** The stored token and user, re-rendering on login, logout and 401. */
export function useSession(): Session {
  return useSyncExternalStore(session.subscribe, session.get);
}
