import { createHash, randomInt, randomUUID, timingSafeEqual } from "node:crypto";
import type { DataSource } from "typeorm";
import { DomainError } from "../../common/errors";
import type { RateCounter } from "../../common/rate-limit";
import { log } from "../../common/logger";
import type { EmailService } from "../email/email.service";
import { userFromRow, type User } from "../users/user";
import { poolOf } from "../../db/prepared";
import {
  guessResetCodes,
  insertResetCode,
  insertSession,
  isTrustedLogin,
  pruneAuth,
  returnResetAttempt,
  sessionUser,
  touchSession,
  trustLogin,
  useUpResetCodes,
} from "@gryx/store";
import type { UsersService } from "../users/users.service";
import { dummyVerify, verifyPassword } from "./password";
import type { TokenService } from "./tokens";
import type { DeviceTrust } from "./device-trust";
import type { SessionRevoker } from "./sessions";

export interface RequestMeta {
  ip: string;
  /** The site as the request reached it (scheme and host), for links handed to outside services. */
  origin?: string;
  userAgent?: string;
  /** The device cookie the request carried, if any (see device-trust.ts). */
  deviceToken?: string;
  /** Hands a new device cookie to the transport (HTTP sets it on the response). */
  setDeviceToken?: (token: string) => void;
  /** The customer-service guest id the browser holds (`X-Guest-Id`), so its chat joins the account at login. */
  guestId?: string;
}

/** Runs after a successful login (e.g. the guest's chat sessions join the account); a failure never fails the login. */
export type LoginHook = (userId: number, meta: RequestMeta) => Promise<unknown>;

export interface AuthResult {
  token: string;
  user: User;
}

export interface Authenticated {
  user: User;
  sessionId: string;
}

/**
 * Failed-login limits. An attacker hammering one account from elsewhere trips the account-wide counter, which
 * only applies to strangers: addresses the owner logged in or registered from, and browsers holding the owner's
 * device cookie, have their own pair counter instead.
 */
export const LOGIN_LIMITS = {
  windowSeconds: 15 * 60,
  perIp: 30,
  perAccountUntrusted: 10,
  perAccountAndIp: 10,
};
/**
 * Old-password guesses on change-password, counted like failed logins: a stolen token must not become a fast
 * oracle for the account's password. Per account (every session and address together) and per address.
 */
export const CHANGE_PASSWORD_LIMITS = { windowSeconds: 15 * 60, perAccount: 10, perIp: 30 };
const REGISTER_LIMIT = { windowSeconds: 3600, perIp: 20 };
/**
 * Reset codes: every unexpired code stays valid until used (a stranger's requests cannot void the owner's), so the
 * number of codes per account is capped; guesses are limited per address and per code.
 */
const RESET_LIMIT = {
  windowSeconds: 3600,
  perAccountAndIp: 5,
  perAccount: 10,
  perIp: 20,
  guessesPerIp: 20,
  codeTtlSeconds: 15 * 60,
  maxAttempts: 5,
};

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

export class AuthService {
  constructor(
    private readonly db: DataSource,
    private readonly users: UsersService,
    private readonly tokens: TokenService,
    private readonly limits: RateCounter,
    private readonly email: EmailService,
    private readonly devices: DeviceTrust,
    private readonly sessions: SessionRevoker,
  ) {}

  private readonly loginHooks: LoginHook[] = [];

  /** Registers something to do after each successful login (domains listed after auth hook in here). */
  onLogin(hook: LoginHook): void {
    this.loginHooks.push(hook);
  }

  async login(username: unknown, password: unknown, meta: RequestMeta): Promise<AuthResult> {
    if (typeof username !== "string" || typeof password !== "string" || !username.trim() || !password)
      throw new DomainError("AUTH_CREDENTIALS_REQUIRED");
    if (username.length > 64 || password.length > 256) throw new DomainError("AUTH_CREDENTIALS_TOO_LONG");
    const name = username.trim().toLowerCase();
    const ipKey = `login:ip:${meta.ip}`;
    const pairKey = `login:pair:${name}:${meta.ip}`;
    const accountKey = `login:acct:${name}`;
    const w = LOGIN_LIMITS.windowSeconds;

    const user = await this.users.findWithHash(username.trim());
    const trusted =
      !!user && (this.devices.vouches(meta.deviceToken, user.id) || (await this.isTrusted(user.id, meta.ip)));

    // Count the attempt before checking the password, so concurrent guesses cannot slip past the limit;
    // a successful login takes its hits back.
    const keys: [string, number][] = [
      [ipKey, LOGIN_LIMITS.perIp],
      [pairKey, LOGIN_LIMITS.perAccountAndIp],
      ...(trusted ? [] : ([[accountKey, LOGIN_LIMITS.perAccountUntrusted]] as [string, number][])),
    ];
    const hits = await Promise.all(keys.map(([key]) => this.limits.hit(key, w)));
    const over = hits.filter((h, i) => h.count > keys[i][1]);
    if (over.length)
      throw new DomainError("RATE_LIMITED", undefined, { retryAfter: Math.max(...over.map((h) => h.retryAfter)) });

    if (!user) {
      await dummyVerify(password);
      throw new DomainError("AUTH_ACCOUNT_NOT_FOUND");
    }
    // Before the password check, so the answer never confirms a disabled account's password.
    if (user.disabled) throw new DomainError("AUTH_ACCOUNT_DISABLED");
    if (!(await verifyPassword(user.passwordHash ?? null, password))) throw new DomainError("AUTH_BAD_CREDENTIALS");
    await Promise.all([
      this.limits.reset(pairKey),
      this.limits.undo(ipKey),
      trusted ? null : this.limits.undo(accountKey),
    ]);
    return this.startSession(user.id, meta);
  }

  /**
   * A login an outside provider vouched for (QQ 互联, Sign in with Apple; modules/oauth): the same session, device
   * cookie and login hooks as a password login. A disabled account is refused.
   */
  async loginVerified(userId: number, meta: RequestMeta): Promise<AuthResult> {
    const user = await this.users.getById(userId);
    if (user.disabled) throw new DomainError("AUTH_ACCOUNT_DISABLED");
    return this.startSession(userId, meta);
  }

  private async startSession(userId: number, meta: RequestMeta): Promise<AuthResult> {
    await this.trust(userId, meta.ip);
    meta.setDeviceToken?.(this.devices.issue(userId));
    await this.users.touchLogin(userId);
    const result = await this.issue(userId, meta);
    for (const hook of this.loginHooks)
      await hook(userId, meta).catch((e) => log.warn("login hook failed", { error: (e as Error).message }));
    return result;
  }

  /** Remembers an address the owner used, so failures from elsewhere never lock it out. */
  private async trust(userId: number, ip: string): Promise<void> {
    await trustLogin(this.db, userId, ip);
  }

  private async isTrusted(userId: number, ip: string): Promise<boolean> {
    return isTrustedLogin(this.db, userId, ip);
  }

  async register(input: { username: unknown; password: unknown; email?: unknown }, meta: RequestMeta): Promise<User> {
    const fields = {
      username: input.username as string,
      password: input.password as string,
      email: (input.email as string | null) ?? null,
    };
    this.users.validateNew(fields);
    const hit = await this.limits.hit(`register:ip:${meta.ip}`, REGISTER_LIMIT.windowSeconds);
    if (hit.count > REGISTER_LIMIT.perIp)
      throw new DomainError("RATE_LIMITED", undefined, { retryAfter: hit.retryAfter });
    const user = await this.users.create({ ...fields, role: "user" });
    await this.trust(user.id, meta.ip);
    return user;
  }

  /** Creates a session row and its token. */
  private async issue(userId: number, meta: RequestMeta): Promise<AuthResult> {
    const id = randomUUID();
    await insertSession(this.db, {
      id,
      userId,
      expiresAt: new Date(Date.now() + this.tokens.ttlSeconds * 1000),
      ip: meta.ip,
      userAgent: meta.userAgent ?? null,
    });
    const token = await this.tokens.sign({ userId, sessionId: id });
    return { token, user: await this.users.getById(userId) };
  }

  /** Resolves a Bearer token to its user, or null when the token, its session or its user is not valid any more. */
  async authenticate(token: string | undefined): Promise<Authenticated | null> {
    if (!token) return null;
    const claims = await this.tokens.verify(token);
    if (!claims) return null;
    // Every authenticated request runs this: one prepared statement for the live session and its enabled user.
    const row = await sessionUser(poolOf(this.db), claims.sessionId, claims.userId);
    if (!row) return null;
    this.touch(claims.sessionId);
    return { user: userFromRow(row), sessionId: claims.sessionId };
  }

  /** When this process last wrote a session's last_seen_at (a write at most once a minute per session). */
  private readonly touched = new Map<string, number>();

  /** Records that a session was used (its "last seen" in /admin/debug-auth), off the request's path. */
  private touch(sessionId: string): void {
    const now = Date.now();
    if ((this.touched.get(sessionId) ?? 0) > now - 60_000) return;
    if (this.touched.size > 10_000) this.touched.clear();
    this.touched.set(sessionId, now);
    touchSession(this.db, sessionId).catch((e) =>
      log.warn("session last_seen_at not written", { error: (e as Error).message }),
    );
  }

  /** Decodes and checks a token for /admin/debug-auth (see TokenService.inspect). */
  inspectToken(token: string) {
    return this.tokens.inspect(token);
  }

  /** Drops what only served limits and sessions that ended long ago; safe to run on every instance. */
  async housekeeping(): Promise<void> {
    await this.limits.prune(24 * 3600);
    await pruneAuth(this.db);
  }

  async logout(sessionId: string): Promise<void> {
    await this.sessions.revoke(sessionId);
  }

  /** A fresh token for a still-valid session; the old session ends. */
  async refresh(auth: Authenticated, meta: RequestMeta): Promise<AuthResult> {
    await this.logout(auth.sessionId);
    return this.issue(auth.user.id, meta);
  }

  async changePassword(
    auth: Authenticated,
    oldPassword: unknown,
    newPassword: unknown,
    meta: RequestMeta,
  ): Promise<void> {
    if (typeof oldPassword !== "string" || typeof newPassword !== "string" || !oldPassword || !newPassword)
      throw new DomainError("AUTH_PASSWORDS_REQUIRED");
    if (oldPassword.length > 256) throw new DomainError("AUTH_WRONG_OLD_PASSWORD");
    // Counted before the check, so concurrent guesses cannot slip past; a right old password takes its hits back.
    const keys: [string, number][] = [
      [`chpw:acct:${auth.user.id}`, CHANGE_PASSWORD_LIMITS.perAccount],
      [`chpw:ip:${meta.ip}`, CHANGE_PASSWORD_LIMITS.perIp],
    ];
    const hits = await Promise.all(keys.map(([key]) => this.limits.hit(key, CHANGE_PASSWORD_LIMITS.windowSeconds)));
    const over = hits.filter((h, i) => h.count > keys[i][1]);
    if (over.length)
      throw new DomainError("RATE_LIMITED", undefined, { retryAfter: Math.max(...over.map((h) => h.retryAfter)) });
    const hash = await this.users.getHash(auth.user.id);
    if (!(await verifyPassword(hash, oldPassword))) throw new DomainError("AUTH_WRONG_OLD_PASSWORD");
    await Promise.all(keys.map(([key]) => this.limits.undo(key)));
    await this.users.setPassword(auth.user.id, newPassword);
    await this.revokeOtherSessions(auth.user.id, auth.sessionId);
  }

  private revokeOtherSessions(userId: number, keep: string | null): Promise<void> {
    return this.sessions.revokeUser(userId, keep);
  }

  /**
   * Sends a 6-digit code by the email queue. With no SMTP configured the worker writes it to the log.
   * Limits: per address (before the account lookup, so names cannot be probed freely) and per account+address;
   * a new request does not void the recent codes, so nobody can keep the owner from resetting by asking again.
   */
  async forgotPassword(username: unknown, meta: RequestMeta): Promise<void> {
    if (typeof username !== "string" || !username.trim() || username.length > 64)
      throw new DomainError("AUTH_USERNAME_REQUIRED");
    await this.limit(`reset:ip:${meta.ip}`, RESET_LIMIT.perIp);
    const user = await this.users.findByUsername(username.trim());
    if (!user) throw new DomainError("AUTH_ACCOUNT_NOT_FOUND");
    await this.limit(`reset:acct:${user.id}:${meta.ip}`, RESET_LIMIT.perAccountAndIp);
    await this.limit(`reset:acct:${user.id}`, RESET_LIMIT.perAccount);
    // Only after the limits: the answer tells whether an email is bound, which is no more than an owner may learn.
    if (!user.email) throw new DomainError("AUTH_NO_EMAIL_FOR_RESET");

    const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
    await insertResetCode(
      this.db,
      user.id,
      sha256(`${user.id}:${code}`),
      new Date(Date.now() + RESET_LIMIT.codeTtlSeconds * 1000),
    );
    // The built-in template "password-reset" (editable in /admin/email-management).
    await this.email.queueTemplate(
      "password-reset",
      user.email,
      { username: user.username, code, minutes: RESET_LIMIT.codeTtlSeconds / 60 },
      { userId: user.id },
    );
    log.info("password reset code issued", { userId: user.id });
  }

  private async limit(key: string, max: number): Promise<void> {
    const hit = await this.limits.hit(key, RESET_LIMIT.windowSeconds);
    if (hit.count > max) throw new DomainError("RATE_LIMITED", undefined, { retryAfter: hit.retryAfter });
  }

  resendResetCode(username: unknown, meta: RequestMeta): Promise<void> {
    return this.forgotPassword(username, meta);
  }

  /**
   * Finds the unexpired code that matches. Every guess is counted per address first; each code also counts its own
   * guesses and stops working after too many. The count is taken before the comparison, in the one statement that
   * reads the codes (`UPDATE … WHERE attempts < N RETURNING`), so concurrent guesses cannot all be checked against a
   * code with one attempt left; a right guess gives its attempt back.
   */
  private async checkCode(username: unknown, code: unknown, meta: RequestMeta): Promise<User> {
    if (typeof username !== "string" || typeof code !== "string" || !/^\d{6}$/.test(code) || username.length > 64)
      throw new DomainError("AUTH_RESET_CODE_MALFORMED");
    await this.limit(`reset-guess:ip:${meta.ip}`, RESET_LIMIT.guessesPerIp);
    const user = await this.users.findByUsername(username.trim());
    if (!user) throw new DomainError("AUTH_ACCOUNT_NOT_FOUND");
    const rows = await guessResetCodes(this.db, user.id, RESET_LIMIT.maxAttempts);
    if (!rows.length) throw new DomainError("AUTH_RESET_CODE_EXPIRED");
    const given = Buffer.from(sha256(`${user.id}:${code}`), "hex");
    const match = rows.find((r) => timingSafeEqual(Buffer.from(r.code_hash, "hex"), given));
    if (!match) throw new DomainError("AUTH_RESET_CODE_WRONG");
    await returnResetAttempt(this.db, match.id);
    return user;
  }

  async verifyResetCode(username: unknown, code: unknown, meta: RequestMeta): Promise<void> {
    await this.checkCode(username, code, meta);
  }

  async resetPassword(username: unknown, code: unknown, newPassword: unknown, meta: RequestMeta): Promise<void> {
    if (typeof newPassword !== "string" || !newPassword) throw new DomainError("AUTH_NEW_PASSWORD_REQUIRED");
    const user = await this.checkCode(username, code, meta);
    await this.users.setPassword(user.id, newPassword);
    // Every outstanding code of the account ends with a successful reset, and so does every session.
    await useUpResetCodes(this.db, user.id);
    await this.revokeOtherSessions(user.id, null);
  }
}
