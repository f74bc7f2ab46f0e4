import { privateCache, route, withMessage, type RestInput, type RouteDef } from "../../rest/router";
import type { Actor } from "./debug-auth.service";

const actor = ({ auth, meta }: RestInput): Actor => ({
  id: auth!.user.id,
  username: auth!.user.username,
  ip: meta.ip,
  sessionId: auth!.sessionId,
});

/** /api/admin/debug-auth/*: full admins only (no staff permission opens it); every call is audited. */
export const debugAuthRoutes: RouteDef[] = [
  route(
    "post",
    "/admin/debug-auth/inspect",
    "admin",
    (i) => (
      privateCache(i.res),
      i.services.debugAuth.inspect(actor(i), { token: i.body.token, user_id: i.body.user_id })
    ),
  ),
  route(
    "get",
    "/admin/debug-auth/users/:id/sessions",
    "admin",
    (i) => (privateCache(i.res), i.services.debugAuth.listSessions(actor(i), i.params.id)),
  ),
  route("post", "/admin/debug-auth/users/:id/revoke-sessions", "admin", async (i) => {
    const r = await i.services.debugAuth.revokeUserSessions(actor(i), i.params.id);
    return withMessage(`已撤销 ${r.revoked} 个会话`, r);
  }),
  route("post", "/admin/debug-auth/sessions/:id/revoke", "admin", async (i) =>
    withMessage("会话已撤销", await i.services.debugAuth.revokeSession(actor(i), i.params.id)),
  ),
  route(
    "post",
    "/admin/debug-auth/rate-limits",
    "admin",
    (i) => (
      privateCache(i.res),
      i.services.debugAuth.rateLimits(actor(i), { username: i.body.username, ip: i.body.ip })
    ),
  ),
  route("post", "/admin/debug-auth/rate-limits/clear", "admin", async (i) => {
    const r = await i.services.debugAuth.clearRateLimits(actor(i), { username: i.body.username, ip: i.body.ip });
    return withMessage("已解除限制", r);
  }),
  route(
    "get",
    "/admin/debug-auth/audit",
    "admin",
    (i) => (
      privateCache(i.res),
      i.services.debugAuth.auditLog({ page: i.query.page, pageSize: i.query.pageSize ?? i.query.limit })
    ),
  ),
];
