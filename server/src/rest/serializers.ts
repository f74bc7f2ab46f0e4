import type { User } from "../modules/users/user";

/** The REST shape of an account (snake_case like the rest of the spec's REST data). */
export function userJson(u: User) {
  return {
    id: u.id,
    username: u.username,
    role: u.role,
    permissions: u.permissions,
    email: u.email,
    disabled: u.disabled,
    created_at: u.createdAt,
    last_login_at: u.lastLoginAt,
  };
}
