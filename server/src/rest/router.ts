import type { NextFunction, Request, RequestHandler, Response } from "express";
import FindMyWay from "find-my-way";
import { DomainError, toDomainError } from "../common/errors";
import { log } from "../common/logger";
import { allows, type AccessLevel } from "../graphql/access";
import type { Page } from "../graphql/page";
import type { Authenticated, RequestMeta } from "../modules/auth/auth.service";
import { DEVICE_COOKIE, DEVICE_TTL_SECONDS, readCookie } from "../modules/auth/device-trust";
import { linkOrigin } from "./link-origin";
import type { Services } from "../services";

/**
 * REST facades of the spec's `/api/*` paths. Every route is declared through `route()` with its access level;
 * handlers only parse input, call a service and return data, which is wrapped in the {success, message, data}
 * envelope. A test checks that no route reaches Express without a declaration.
 */
export type Method = "get" | "post" | "put" | "patch" | "delete";

export interface RestInput {
  body: Record<string, unknown>;
  query: Record<string, unknown>;
  params: Record<string, string>;
  auth: Authenticated | null;
  meta: RequestMeta;
  services: Services;
  req: Request;
  res: Response;
}

export interface RouteDef {
  method: Method;
  path: string;
  access: AccessLevel;
  /** Returns the envelope's data; a `{ message, data }` object from `withMessage` sets the message too. */
  handler: (input: RestInput) => unknown | Promise<unknown>;
}

const MESSAGE = Symbol("message");
export const withMessage = (message: string, data: unknown = null) => ({ [MESSAGE]: message, data });

/** Public GET data: shared caches may keep it 30 s (Express adds an ETag, so a repeat within that is a 304). */
export const publicCache = (res: Response): void => void res.setHeader("Cache-Control", "public, max-age=30");

/** Data for one person (an admin's view, a paid download): no cache may keep it. */
export const privateCache = (res: Response): void => void res.setHeader("Cache-Control", "private, no-store");

/**
 * An RFC 6266 `Content-Disposition: attachment` value: an ASCII fallback name (by default the name with non-ASCII,
 * quotes and backslashes as `_`) and the UTF-8 name (RFC 5987).
 */
export function attachment(filename: string, asciiFallback?: string): string {
  const ascii = (asciiFallback ?? filename).replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename).replace(/'/g, "%27")}`;
}

/** A page in the spec's REST list envelope: `{ <key>: [...], total, page, limit }`. */
export function pageJson<T, J>(key: string, p: Page<T>, toJson: (item: T) => J) {
  return { [key]: p.items.map(toJson), total: p.total, page: p.page, limit: p.pageSize };
}

export function route(method: Method, path: string, access: AccessLevel, handler: RouteDef["handler"]): RouteDef {
  return { method, path, access, handler };
}

export function sendError(res: Response, e: DomainError): void {
  if (e.retryAfter) res.setHeader("Retry-After", String(e.retryAfter));
  res.status(e.status).json({ success: false, message: e.message, code: e.code, data: null });
}

/** Runs Express middlewares one after another, then `done` (or `next` with the first error). */
function runChain(chain: readonly RequestHandler[], req: Request, res: Response, next: NextFunction, done: () => void) {
  let i = 0;
  const step = (err?: unknown): void => {
    if (err) return next(err);
    const mw = chain[i++];
    if (!mw) return done();
    try {
      void mw(req, res, step);
    } catch (e) {
      next(e);
    }
  };
  step();
}

/**
 * The /api facade as one middleware: `prepare` (body parser, input guards) runs for every request under the mount;
 * the route is then found in a radix tree (find-my-way: one walk down the path's segments, not a regular expression
 * per declared route in declaration order), the caller authenticated, checked against the route's access level and
 * the handler run. A path no route declares goes on to `next` (the JSON 404). Paths match as Express's router did:
 * case-insensitive, a trailing slash ignored, parameters URI-decoded; HEAD is answered by the GET route.
 */
export function buildRestRouter(
  services: Services,
  defs: readonly RouteDef[],
  prepare: readonly RequestHandler[] = [],
  authenticateCaller: RequestHandler = authenticate(services),
): RequestHandler {
  const table = FindMyWay({ caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: 10_000 });
  const handlers = defs.map((def) => serveRoute(services, def));
  defs.forEach((def, i) => table.on(def.method.toUpperCase() as FindMyWay.HTTPMethod, def.path, () => {}, handlers[i]));
  return (req, res, next) =>
    runChain(prepare, req, res, next, () => {
      let found: FindMyWay.FindResult<FindMyWay.HTTPVersion.V1> | null;
      try {
        found = table.find(req.method === "HEAD" ? "GET" : (req.method as FindMyWay.HTTPMethod), req.path);
      } catch {
        found = null; // a path that does not decode: no route has it
      }
      if (!found) return next();
      const serve = found.store as ReturnType<typeof serveRoute>;
      req.params = found.params as Record<string, string>;
      runChain([authenticateCaller], req, res, next, () => void serve(req, res));
    });
}

/** One route's handler: access check, the declared handler, and its answer in the {success, message, data} envelope. */
function serveRoute(services: Services, def: RouteDef) {
  return async (req: Request, res: Response): Promise<void> => {
    try {
      const auth = (req as Request & { auth?: Authenticated | null }).auth ?? null;
      const verdict = allows(def.access, auth?.user);
      if (verdict === "login") throw new DomainError("UNAUTHENTICATED");
      if (verdict === "forbidden") throw new DomainError("FORBIDDEN");
      const body =
        req.body && typeof req.body === "object" && !Array.isArray(req.body)
          ? (req.body as Record<string, unknown>)
          : {};
      const result = await def.handler({
        body,
        query: req.query as Record<string, unknown>,
        params: req.params as Record<string, string>,
        auth,
        meta: requestMeta(req, res),
        services,
        req,
        res,
      });
      if (res.headersSent) return;
      if (result && typeof result === "object" && MESSAGE in result) {
        const r = result as { [MESSAGE]: string; data: unknown };
        res.json({ success: true, message: r[MESSAGE], data: r.data });
      } else res.json({ success: true, message: "ok", data: result ?? null });
    } catch (e) {
      const err = toDomainError(e);
      if (err.code === "INTERNAL")
        log.error("REST handler failed", { path: req.path, error: (e as Error)?.stack ?? String(e) });
      if (!res.headersSent) sendError(res, err);
    }
  };
}

/** Who is asking, for rate limits and sessions; with `res`, a new device cookie can be set on the response. */
export function requestMeta(req: Request, res?: Response): RequestMeta {
  return {
    ip: req.ip ?? req.socket.remoteAddress ?? "unknown",
    origin: linkOrigin(req),
    userAgent: req.get("user-agent") ?? undefined,
    deviceToken: readCookie(req.get("cookie"), DEVICE_COOKIE),
    guestId: req.get("x-guest-id") ?? undefined,
    setDeviceToken: res
      ? (token) =>
          res.cookie(DEVICE_COOKIE, token, {
            httpOnly: true,
            sameSite: "strict",
            secure: req.secure,
            path: "/",
            maxAge: DEVICE_TTL_SECONDS * 1000,
          })
      : undefined,
  };
}

export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m?.[1];
}

/** Resolves the Bearer token (if any) once per request; routes decide whether they need it. */
export function authenticate(services: Services) {
  return async (req: Request, _res: Response, next: NextFunction) => {
    try {
      (req as Request & { auth?: Authenticated | null }).auth = await services.auth.authenticate(
        bearerToken(req.get("authorization")),
      );
      next();
    } catch (e) {
      next(e);
    }
  };
}

/** Body-parser and other framework errors become envelope errors, never HTML or stack traces. */
export function restErrorHandler(err: unknown, _req: Request, res: Response, next: NextFunction): void {
  if (res.headersSent) return next(err);
  const type = (err as { type?: string })?.type;
  if (type === "entity.parse.failed") return sendError(res, new DomainError("BAD_REQUEST", "请求体不是有效的 JSON"));
  if (type === "entity.too.large") return sendError(res, new DomainError("PAYLOAD_TOO_LARGE", "请求体过大"));
  if (type === "charset.unsupported" || type === "encoding.unsupported")
    return sendError(res, new DomainError("BAD_REQUEST", "不支持的请求编码"));
  const status = (err as { status?: number })?.status;
  if (status === 404) return sendError(res, new DomainError("NOT_FOUND"));
  if (status === 413) return sendError(res, new DomainError("PAYLOAD_TOO_LARGE"));
  if (status && status >= 400 && status < 500) return sendError(res, new DomainError("BAD_REQUEST"));
  const mapped = toDomainError(err);
  if (mapped.code === "INTERNAL") log.error("unhandled REST error", { error: (err as Error)?.stack ?? String(err) });
  sendError(res, mapped);
}
