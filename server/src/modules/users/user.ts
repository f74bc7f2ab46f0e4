import type { UserRow } from "@gryx/store";

export const ROLES = ["admin", "user"] as const;
export type Role = (typeof ROLES)[number];

/** An account as the server's code passes it around (from its row in @gryx/store's users owner). */
export interface User {
  id: number;
  username: string;
  role: Role;
  permissions: string[];
  email: string | null;
  disabled: boolean;
  createdAt: Date;
  updatedAt: Date;
  lastLoginAt: Date | null;
  /** Only on the login check's lookup (NULL for an account made by a first QQ or Apple login until it sets one). */
  passwordHash?: string | null;
}

export function userFromRow(r: UserRow & { password_hash?: string | null }): User {
  const user: User = {
    id: r.id,
    username: r.username,
    role: r.role as Role,
    permissions: r.permissions,
    email: r.email,
    disabled: r.disabled,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    lastLoginAt: r.last_login_at,
  };
  if (r.password_hash !== undefined) user.passwordHash = r.password_hash;
  return user;
}
