import { randomBytes } from "node:crypto";
import type { DataSource } from "typeorm";
import { log } from "../common/logger";
import { hashPassword } from "../modules/auth/password";
import { UserEntity } from "../modules/users/user.entity";

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
  const repo = db.getRepository(UserEntity);
  const existing = await repo
    .createQueryBuilder("u")
    .addSelect("u.passwordHash")
    .where("lower(u.username) = lower(:username)", { username })
    .getOne();
  if (existing) {
    const patch: Partial<UserEntity> = {};
    if (existing.role !== "admin") patch.role = "admin";
    if (existing.disabled) patch.disabled = false;
    if (opts.password) patch.passwordHash = await hashPassword(opts.password);
    if (Object.keys(patch).length) await repo.update({ id: existing.id }, patch);
    return { adminUsername: existing.username, adminPassword: opts.password };
  }
  const password = opts.password ?? randomBytes(12).toString("base64url");
  await repo.insert({ username, passwordHash: await hashPassword(password), role: "admin", permissions: [] });
  if (!opts.password) log.warn("created admin account with a generated password", { username, password });
  return { adminUsername: username, adminPassword: password };
}
