import {
  EXACT_TOTAL_UP_TO,
  insertExternalUser,
  insertUser,
  setFirstPasswordHash,
  touchUserLogin,
  updateUser,
  userById,
  userByUsername,
  userIdsMatching,
  userSearchPiece,
  userListPage,
  userPasswordHash,
  usersByIds,
  type Sql,
  type UserListFilter,
} from "@gryx/store";
import type { DataSource } from "typeorm";
import { DomainError } from "../../common/errors";
import {
  EMAIL_PATTERN,
  likePattern,
  afterArg,
  pageArgs,
  parseId,
  PASSWORD_MAX,
  PASSWORD_MIN,
  queryString,
  requireBoolean,
  USERNAME_PATTERN,
} from "../../common/validate";
import { hashPassword } from "../auth/password";
import { ROLES, userFromRow, type Role, type User } from "./user";
import type { UserEvents } from "./users.events";
import type { SessionRevoker } from "../auth/sessions";
import { isStaffPermission } from "../../graphql/staff-permissions";

export interface NewUser {
  username: string;
  password: string;
  role?: Role;
  permissions?: string[];
  email?: string | null;
}

/** Accounts: creation with validation, lookups, and the admin's list/search/disable/role operations. */
export class UsersService {
  constructor(
    private readonly db: DataSource,
    private readonly events: UserEvents,
    private readonly sessions: SessionRevoker,
  ) {}

  /** Validates a new account's fields; throws with the status the spec's register catalogue expects. */
  validateNew(input: NewUser): void {
    if (typeof input.username !== "string" || typeof input.password !== "string" || !input.username || !input.password)
      throw new DomainError("USER_CREDENTIALS_REQUIRED");
    if (!USERNAME_PATTERN.test(input.username)) throw new DomainError("USER_USERNAME_INVALID");
    if (input.password.length < PASSWORD_MIN)
      throw new DomainError("USER_PASSWORD_TOO_SHORT", `密码至少${PASSWORD_MIN}位`);
    if (input.password.length > PASSWORD_MAX)
      throw new DomainError("USER_PASSWORD_TOO_LONG", `密码最多${PASSWORD_MAX}位`);
    if (
      input.email != null &&
      input.email !== "" &&
      (typeof input.email !== "string" || input.email.length > 254 || !EMAIL_PATTERN.test(input.email))
    )
      throw new DomainError("USER_EMAIL_INVALID");
    if (input.role !== undefined && !ROLES.includes(input.role)) throw new DomainError("USER_ROLE_INVALID");
    if (input.permissions !== undefined && input.permissions !== null) validPermissions(input.permissions);
  }

  async create(input: NewUser): Promise<User> {
    this.validateNew(input);
    if (await this.findByUsername(input.username)) throw new DomainError("USER_USERNAME_TAKEN");
    const passwordHash = await hashPassword(input.password);
    try {
      const id = await insertUser(this.db, {
        username: input.username,
        passwordHash,
        role: input.role ?? "user",
        permissions: [...new Set(input.permissions ?? [])],
        email: input.email || null,
      });
      const user = await this.getById(id);
      await this.events.userRegistered(user);
      return user;
    } catch (e) {
      // Two registrations racing for one name: the unique index decides.
      if ((e as { code?: string }).code === "23505") throw new DomainError("USER_USERNAME_TAKEN");
      throw e;
    }
  }

  async findByUsername(username: string): Promise<User | null> {
    const row = await userByUsername(this.db, username);
    return row ? userFromRow(row) : null;
  }

  /** With the password hash, for the login check only. */
  async findWithHash(username: string): Promise<User | null> {
    const row = await userByUsername(this.db, username, true);
    return row ? userFromRow(row) : null;
  }

  /**
   * An account without a password (a first QQ or Apple login), named `wanted` when that is free, else a free variant
   * of it (`wanted` plus digits). Runs in the caller's transaction; `announceRegistered` once it commits.
   */
  async createExternal(manager: Sql, wanted: string, email: string | null): Promise<number> {
    const base = wanted.slice(0, 26);
    const candidates = [
      wanted,
      ...Array.from(
        { length: 6 },
        (_, i) => `${base}_${String(Math.floor(Math.random() * 10 ** (4 + i))).padStart(4, "0")}`,
      ),
    ];
    for (const name of candidates) {
      if (!USERNAME_PATTERN.test(name)) continue;
      const id = await insertExternalUser(manager, name, email);
      if (id !== undefined) return id;
    }
    throw new DomainError("USER_USERNAME_TAKEN");
  }

  /** Tells the admin dashboards about an account made outside `create` (after its transaction committed). */
  async announceRegistered(id: number): Promise<void> {
    await this.events.userRegistered(await this.getById(id));
  }

  async hasPassword(id: number): Promise<boolean> {
    const row = await userPasswordHash(this.db, id);
    if (!row) throw new DomainError("USER_NOT_FOUND");
    return row.password_hash !== null;
  }

  /** The first password of an account that has none (made by a QQ or Apple login); false when it already has one. */
  async setFirstPassword(id: number, password: unknown): Promise<boolean> {
    if (typeof password !== "string" || password.length < PASSWORD_MIN)
      throw new DomainError("USER_PASSWORD_TOO_SHORT", `密码至少${PASSWORD_MIN}位`);
    if (password.length > PASSWORD_MAX) throw new DomainError("USER_PASSWORD_TOO_LONG", `密码最多${PASSWORD_MAX}位`);
    return setFirstPasswordHash(this.db, id, await hashPassword(password));
  }

  async getHash(id: number): Promise<string | null> {
    const u = await userPasswordHash(this.db, id);
    if (!u) throw new DomainError("USER_NOT_FOUND");
    return u.password_hash;
  }

  async getById(id: number): Promise<User> {
    const u = await userById(this.db, id);
    if (!u) throw new DomainError("USER_NOT_FOUND");
    return userFromRow(u);
  }

  async setPassword(id: number, password: string): Promise<void> {
    if (typeof password !== "string" || password.length < PASSWORD_MIN)
      throw new DomainError("USER_PASSWORD_TOO_SHORT", `密码至少${PASSWORD_MIN}位`);
    if (password.length > PASSWORD_MAX) throw new DomainError("USER_PASSWORD_TOO_LONG", `密码最多${PASSWORD_MAX}位`);
    await updateUser(this.db, id, { passwordHash: await hashPassword(password) });
  }

  async touchLogin(id: number): Promise<void> {
    await touchUserLogin(this.db, id);
  }

  async list(args: { search?: unknown; page?: unknown; pageSize?: unknown; role?: unknown; after?: unknown }) {
    const { page, pageSize, offset } = pageArgs(args.page, args.pageSize);
    const after = afterArg(args.after);
    const filter: UserListFilter = {};
    const search = (queryString(args.search ?? undefined, 64) ?? "").trim();
    if (search) {
      filter.like = likePattern(search);
      const piece = await userSearchPiece(this.db, search);
      if (piece) filter.narrow = likePattern(piece);
    }
    const role = queryString(args.role ?? undefined, 16);
    if (role) {
      if (!ROLES.includes(role as Role)) throw new DomainError("USER_ROLE_FILTER_INVALID");
      filter.role = role;
    }
    // A search reads its matches once (one trigram index scan): the ids of up to EXACT_TOTAL_UP_TO + 1 of them,
    // newest first, are both the total and the page, whose rows then come by primary key. Counted apart, the same
    // index scans ran twice (13 ms against 8 with 100,000 users whose names share a prefix: bench:scale).
    if (search && after === undefined) {
      const ids = await userIdsMatching(this.db, filter, EXACT_TOTAL_UP_TO + 1);
      if (ids.length <= EXACT_TOTAL_UP_TO) {
        const pageIds = ids.slice(offset, offset + pageSize);
        const items = pageIds.length ? (await usersByIds(this.db, pageIds)).map(userFromRow) : [];
        return { items, total: ids.length, page, pageSize };
      }
    }
    // The total counts the filtered list, not what lies below the cursor (a bounded count: see pageTotal).
    const { rows, total } = await userListPage(this.db, filter, pageSize, after === undefined ? { offset } : { after });
    return { items: rows.map(userFromRow), total, page, pageSize };
  }

  async setDisabled(actorId: number, rawId: unknown, disabledRaw: unknown): Promise<User> {
    const id = parseId(rawId, "用户ID");
    const disabled = requireBoolean(disabledRaw, "disabled");
    if (actorId === id && disabled) throw new DomainError("USER_CANNOT_DISABLE_SELF");
    await this.getById(id);
    await updateUser(this.db, id, { disabled });
    // A disabled account's tokens and sockets end now, and stay dead if it is enabled again.
    if (disabled) await this.sessions.revokeUser(id);
    return this.getById(id);
  }

  /**
   * Grants staff permissions (the whole list replaces the old one). Taking one away ends the user's sessions, so no
   * open socket keeps receiving that group's events; a new login carries the new list.
   */
  async setPermissions(rawId: unknown, permissions: unknown): Promise<User> {
    const id = parseId(rawId, "用户ID");
    const next = validPermissions(permissions);
    const before = await this.getById(id);
    await updateUser(this.db, id, { permissions: next });
    if (before.permissions.some((p) => !next.includes(p))) await this.sessions.revokeUser(id);
    return this.getById(id);
  }

  async setRole(actorId: number, rawId: unknown, role: unknown): Promise<User> {
    const id = parseId(rawId, "用户ID");
    if (typeof role !== "string" || !ROLES.includes(role as Role)) throw new DomainError("USER_ROLE_INVALID");
    if (actorId === id && role !== "admin") throw new DomainError("USER_CANNOT_DEMOTE_SELF");
    const before = await this.getById(id);
    await updateUser(this.db, id, { role });
    // A demoted admin's sessions end at once: no open socket keeps receiving admin events.
    if (before.role === "admin" && role !== "admin") await this.sessions.revokeUser(id);
    return this.getById(id);
  }
}

/** A list of known staff permissions (see graphql/staff-permissions.ts), without repeats. */
function validPermissions(permissions: unknown): string[] {
  if (!Array.isArray(permissions)) throw new DomainError("USER_PERMISSIONS_INVALID");
  if (permissions.length > 100) throw new DomainError("USER_PERMISSIONS_TOO_MANY");
  for (const p of permissions)
    if (!isStaffPermission(p))
      throw new DomainError("USER_PERMISSION_NAME_INVALID", `未知的权限：${String(p).slice(0, 64)}`);
  return [...new Set(permissions as string[])];
}
