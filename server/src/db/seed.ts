import { randomBytes } from "node:crypto";
import type { DataSource } from "typeorm";
import { log } from "../common/logger";
import { hashPassword } from "../modules/auth/password";
import { insertUser, updateUser, userByUsername } from "@gryx/store";

export interface SeedResult {
  adminUsername: string;
  /** Only known when given by the environment or generated right now. */
  adminPassword?: string;
}

/**
 * Makes sure an admin account exists. With ADMIN_USERNAME/ADMIN_PASSWORD the account is created or its password
 * brought in line with the environment; without them a first run generates a password and logs it once.
 */
export async function seedAdmin(db: DataSource, opts: { username?: string; password?: string }): Promise<SeedResult> {
  const username = opts.username ?? "admin";
  const existing = await userByUsername(db, username);
  if (existing) {
    const patch: Parameters<typeof updateUser>[2] = {};
    if (existing.role !== "admin") patch.role = "admin";
    if (existing.disabled) patch.disabled = false;
    if (opts.password) patch.passwordHash = await hashPassword(opts.password);
    await updateUser(db, existing.id, patch);
    return { adminUsername: existing.username, adminPassword: opts.password };
  }
  const password = opts.password ?? randomBytes(12).toString("base64url");
  await insertUser(db, {
    username,
    passwordHash: await hashPassword(password),
    role: "admin",
    permissions: [],
    email: null,
  });
  if (!opts.password) log.warn("created admin account with a generated password", { username, password });
  return { adminUsername: username, adminPassword: password };
}
