import type { SessionUser } from "../../shared/session";

/** The fields kept under user_data, whatever else the server sent. */
export function toSessionUser(user: SessionUser): SessionUser {
  return {
    id: user.id,
    username: user.username,
    role: user.role,
    permissions: [...user.permissions],
    email: user.email ?? null,
  };
}
