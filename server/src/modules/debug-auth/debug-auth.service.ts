import { isIP } from "node:net";
import type { DataSource } from "typeorm";
import {
  debugAuthAuditPage,
  debugAuthAuditTotal,
  insertDebugAuthAudit,
  sessionById,
  sessionsOfUser,
  type SessionRow,
} from "@gryx/store";
import { DomainError } from "../../common/errors";
import type { RateCounter } from "../../common/rate-limit";
import { pageArgs, parseId, USERNAME_PATTERN } from "../../common/validate";
import { allows, type AccessLevel } from "../../graphql/access";
import { STAFF_PERMISSIONS } from "../../graphql/staff-permissions";
import { LOGIN_LIMITS, type AuthService } from "../auth/auth.service";
import type { SessionRevoker } from "../auth/sessions";
import type { User } from "../users/user";
import type { UsersService } from "../users/users.service";

/** Who acts in /admin/debug-auth, for the audit log. */
export interface Actor {
  id: number;
  username: string;
  ip: string;
  /** The session this request came with (revoking "all" of one's own sessions keeps it). */
  sessionId: string;
}

export type SessionView = Omit<SessionRow, "user_id"> & { state: "active" | "expired" | "revoked" };

type Verdict = "valid" | "expired" | "revoked" | "invalid";

const TOKEN_PROBLEMS: Record<string, string> = {
  malformed: "令牌格式错误，无法解码",
  algorithm: "签名算法不被接受（只接受 HS256）",
  signature: "签名无效：令牌不是本站签发的，或已被篡改",
  expired: "令牌已过期",
  claims: "签发方、受众或声明不符",
};

/** The login counters and their limits (AuthService.login): per address, per account from strangers, per pair. */
const LIMIT_OF = (key: string): number =>
  key.startsWith("login:ip:")
    ? LOGIN_LIMITS.perIp
    : key.startsWith("login:acct:")
      ? LOGIN_LIMITS.perAccountUntrusted
      : LOGIN_LIMITS.perAccountAndIp;

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => "\\" + c);

/**
 * /admin/debug-auth: why a token is (not) accepted, a user's sessions and what they may call, the login rate-limit
 * state of a name or address; revoking sessions and 解除限制. Every action, reads included, is written to the audit
 * log the page shows. The REST routes and their levels come in through `routes` (SharedDeps.restRoutes, the server's one list).
 */
export class DebugAuthService {
  constructor(
    private readonly db: DataSource,
    private readonly auth: AuthService,
    private readonly users: UsersService,
    private readonly sessions: SessionRevoker,
    private readonly limits: RateCounter,
    private readonly routes: readonly { method: string; path: string; access: AccessLevel }[],
  ) {}

  /** Paste a token (`token`) or pick a user (`user_id`): the token's claims and verdict, the session, the user's access. */
  async inspect(actor: Actor, input: { token?: unknown; user_id?: unknown }) {
    const token = typeof input.token === "string" ? input.token.trim().replace(/^Bearer\s+/i, "") : "";
    if (token.length > 4096) throw new DomainError("BAD_REQUEST", "令牌过长");
    if (!token && (input.user_id === undefined || input.user_id === null || input.user_id === ""))
      throw new DomainError("DEBUG_AUTH_TARGET_REQUIRED");

    if (!token) {
      const user = await this.users.getById(parseId(input.user_id, "用户ID"));
      await this.audit(actor, "inspect-user", `user:${user.id}`, { username: user.username });
      return { token: null, user: await this.access(user), sessions: await this.userSessions(user.id) };
    }

    const t = await this.auth.inspectToken(token);
    const reasons: string[] = [];
    let verdict: Verdict = "valid";
    if (t.problem) {
      verdict = t.problem === "expired" ? "expired" : "invalid";
      const exp = typeof t.claims?.exp === "number" ? new Date(t.claims.exp * 1000) : null;
      reasons.push(t.problem === "expired" && exp ? `令牌已于 ${exp.toISOString()} 过期` : TOKEN_PROBLEMS[t.problem]);
    }
    const userId = Number(t.claims?.sub);
    const sid = typeof t.claims?.sid === "string" && /^[0-9a-f-]{36}$/i.test(t.claims.sid) ? t.claims.sid : null;
    const session = sid ? await sessionById(this.db, sid) : undefined;
    let user: User | null = null;
    // A token that does not verify says nothing trustworthy about its subject: its session and user are shown only
    // when the signature holds (an expired token was still ours).
    if (verdict === "valid" || verdict === "expired") {
      user = Number.isInteger(userId) ? await this.users.getById(userId).catch(() => null) : null;
      if (!session) reasons.push("会话不存在（已被清理，或从未签发）");
      else if (session.user_id !== userId) reasons.push("会话属于另一个用户");
      else if (session.revoked_at)
        reasons.push(
          `会话已于 ${new Date(session.revoked_at).toISOString()} 被撤销（退出登录、修改密码、账号被禁用或降级，或管理员撤销）`,
        );
      else if (new Date(session.expires_at) <= new Date()) reasons.push("会话已过期");
      if (!user) reasons.push("用户不存在");
      else if (user.disabled) reasons.push("账号已被禁用");
      if (verdict === "valid" && reasons.length) verdict = session?.revoked_at ? "revoked" : "invalid";
    }
    if (verdict === "valid") reasons.push("令牌有效：签名、签发方、受众、有效期、会话和账号均通过检查");
    await this.audit(actor, "inspect-token", sid ? `session:${sid}` : "token", { verdict, sub: t.claims?.sub ?? null });
    return {
      token: {
        verdict,
        reasons,
        header: t.header,
        claims: t.claims,
        detail: t.detail,
        session: session && user && session.user_id === user.id ? sessionView(session) : null,
      },
      user: user ? await this.access(user) : null,
      sessions: user ? await this.userSessions(user.id) : [],
    };
  }

  async listSessions(actor: Actor, rawUserId: unknown): Promise<SessionView[]> {
    const user = await this.users.getById(parseId(rawUserId, "用户ID"));
    await this.audit(actor, "list-sessions", `user:${user.id}`, { username: user.username });
    return this.userSessions(user.id);
  }

  async revokeSession(actor: Actor, rawId: unknown): Promise<SessionView> {
    const id = typeof rawId === "string" && /^[0-9a-f-]{36}$/i.test(rawId) ? rawId : null;
    const row = id ? await sessionById(this.db, id) : undefined;
    if (!row) throw new DomainError("DEBUG_AUTH_SESSION_NOT_FOUND");
    await this.sessions.revoke(row.id);
    await this.audit(actor, "revoke-session", `session:${row.id}`, { user_id: row.user_id });
    return sessionView((await sessionById(this.db, row.id))!);
  }

  async revokeUserSessions(actor: Actor, rawUserId: unknown): Promise<{ revoked: number }> {
    const user = await this.users.getById(parseId(rawUserId, "用户ID"));
    const keepOwn = user.id === actor.id ? actor.sessionId : null;
    const live = (await this.userSessions(user.id)).filter((s) => s.state === "active" && s.id !== keepOwn).length;
    // An admin revoking their own sessions would end this very request's session: keep it.
    const keep = user.id === actor.id ? actor.sessionId : null;
    await this.sessions.revokeUser(user.id, keep);
    await this.audit(actor, "revoke-user-sessions", `user:${user.id}`, { username: user.username, revoked: live });
    return { revoked: live };
  }

  /** The login counters of a username and/or an address (all pairs that involve them), with their limits. */
  async rateLimits(actor: Actor, input: { username?: unknown; ip?: unknown }) {
    const { name, ip } = limitTarget(input);
    const rows = await this.limits.list(...limitKeys(name, ip));
    await this.audit(
      actor,
      "view-rate-limits",
      [name && `user:${name}`, ip && `ip:${ip}`].filter(Boolean).join(" "),
      null,
    );
    const now = Date.now();
    return rows.map((r) => {
      const limit = LIMIT_OF(r.key);
      const ends = new Date(r.windowStart).getTime() + LOGIN_LIMITS.windowSeconds * 1000;
      const live = ends > now;
      return {
        key: r.key,
        count: live ? r.count : 0,
        limit,
        window_ends_at: new Date(ends),
        blocked: live && r.count >= limit,
        retry_after: live && r.count >= limit ? Math.ceil((ends - now) / 1000) : 0,
      };
    });
  }

  /** 解除限制: drops every login counter of the username and/or address. */
  async clearRateLimits(actor: Actor, input: { username?: unknown; ip?: unknown }): Promise<{ cleared: number }> {
    const { name, ip } = limitTarget(input);
    const rows = await this.limits.list(...limitKeys(name, ip));
    for (const r of rows) await this.limits.reset(r.key);
    await this.audit(actor, "clear-rate-limits", [name && `user:${name}`, ip && `ip:${ip}`].filter(Boolean).join(" "), {
      keys: rows.map((r) => r.key),
    });
    return { cleared: rows.length };
  }

  async auditLog(args: { page?: unknown; pageSize?: unknown }) {
    const { page, pageSize, offset } = pageArgs(args.page, args.pageSize);
    const total = await debugAuthAuditTotal(this.db);
    const items = await debugAuthAuditPage(this.db, pageSize, offset);
    return { items, total, page, pageSize };
  }

  private async audit(actor: Actor, action: string, target: string, detail: unknown): Promise<void> {
    await insertDebugAuthAudit(this.db, {
      actorId: actor.id,
      actorUsername: actor.username,
      action,
      target: target.slice(0, 200),
      detail,
      ip: actor.ip.slice(0, 64),
    });
  }

  /** The user's role and permissions and the admin REST routes they may call (full admins: all). */
  private async access(user: User) {
    const adminRoutes = this.routes.filter((r) => r.access === "admin" || r.access.startsWith("perm:"));
    const allowed = adminRoutes.filter((r) => allows(r.access, user) === "ok");
    return {
      id: user.id,
      username: user.username,
      role: user.role,
      disabled: user.disabled,
      permissions: user.permissions,
      permission_labels: STAFF_PERMISSIONS.filter((p) => user.role === "admin" || user.permissions.includes(p.key)).map(
        (p) => p.label,
      ),
      routes: allowed.map((r) => ({ method: r.method.toUpperCase(), path: `/api${r.path}`, access: r.access })),
      routes_denied: adminRoutes.length - allowed.length,
    };
  }

  private async userSessions(userId: number): Promise<SessionView[]> {
    return (await sessionsOfUser(this.db, userId)).map(sessionView);
  }
}

function sessionView(s: SessionRow): SessionView {
  const state = s.revoked_at ? "revoked" : new Date(s.expires_at) <= new Date() ? "expired" : "active";
  return {
    id: s.id,
    created_at: s.created_at,
    last_seen_at: s.last_seen_at,
    expires_at: s.expires_at,
    revoked_at: s.revoked_at,
    ip: s.ip,
    user_agent: s.user_agent,
    state,
  };
}

function limitTarget(input: { username?: unknown; ip?: unknown }): { name: string | null; ip: string | null } {
  const name = typeof input.username === "string" && input.username.trim() ? input.username.trim().toLowerCase() : null;
  const ip = typeof input.ip === "string" && input.ip.trim() ? input.ip.trim() : null;
  if (!name && !ip) throw new DomainError("DEBUG_AUTH_LIMIT_TARGET_INVALID");
  if (name && (name.length > 64 || !USERNAME_PATTERN.test(name)))
    throw new DomainError("DEBUG_AUTH_LIMIT_TARGET_INVALID", "用户名格式不正确");
  if (ip && (ip.length > 64 || !isIP(ip))) throw new DomainError("DEBUG_AUTH_LIMIT_TARGET_INVALID", "IP地址格式不正确");
  return { name, ip };
}

/** The counter keys AuthService.login uses for a name and/or an address (see LOGIN_LIMITS). */
function limitKeys(name: string | null, ip: string | null): [string[], string[]] {
  const keys: string[] = [];
  const patterns: string[] = [];
  if (name) {
    keys.push(`login:acct:${name}`);
    patterns.push(`login:pair:${likeEscape(name)}:%`);
  }
  if (ip) {
    keys.push(`login:ip:${ip}`);
    patterns.push(`login:pair:%:${likeEscape(ip)}`);
  }
  return [keys, patterns];
}
