import type { NextFunction, Request, RequestHandler, Response } from "express";
import { DomainError } from "../common/errors";
import { containsNul, urlContainsNul } from "../common/nul";
import { sendError } from "./router";

/**
 * Refuses NUL (U+0000) anywhere in a request's URL, query or parsed body (REST JSON, GraphQL variables) with a 400,
 * before any of it reaches a service or PostgreSQL. Mount after the body parser; `send` writes the refusal in the
 * shape of the endpoint (REST envelope or GraphQL errors).
 */
export function rejectNulInput(send: (res: Response, e: DomainError) => void) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (urlContainsNul(req.originalUrl) || containsNul(req.query) || containsNul(req.body))
      return send(res, new DomainError("INVALID_CHARACTER"));
    next();
  };
}

/** A refusal in GraphQL's response shape, for errors raised before Apollo sees the request. */
export function sendGraphqlError(res: Response, e: DomainError): void {
  res.status(e.status).json({ errors: [{ message: e.message, extensions: { code: e.code, status: e.status } }] });
}

/**
 * Content-Security-Policy for our pages (the SPA and the GraphiQL bundle are both served from this origin: scripts
 * and workers only from here, plus `scriptOrigins`: the origin of Apple's Sign in with Apple JS SDK while Apple login
 * is enabled; inline styles for antd and Monaco, images also from http(s) icon links). No page may be framed
 * (`frame-ancestors 'none'`, clickjacking).
 */
function contentSecurityPolicy(scriptOrigins: readonly string[] = []): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptOrigins].join(" "),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https: http:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

/** Powerful browser features none of our pages uses. */
const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=(), display-capture=()";

/**
 * Headers on every response; the CSP matters for HTML pages and costs nothing on the rest. `scriptOrigins` answers
 * the extra script origins of the moment (synchronously, from a cache its owner keeps fresh).
 */
export function securityHeaders(scriptOrigins: () => readonly string[] = () => []) {
  let last: readonly string[] = [];
  let policy = CONTENT_SECURITY_POLICY;
  return (_req: Request, res: Response, next: NextFunction): void => {
    const origins = scriptOrigins();
    if (origins !== last) [last, policy] = [origins, contentSecurityPolicy(origins)];
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Content-Security-Policy", policy);
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    next();
  };
}

/** Static files answer GET and HEAD only; other methods fall through to the 404 (serve-static would answer a bare 405). */
export const readOnly =
  (handler: RequestHandler): RequestHandler =>
  (req, res, next) =>
    req.method === "GET" || req.method === "HEAD" ? handler(req, res, next) : next();

const NOT_FOUND_PAGE = `<!doctype html>
<html lang="zh-CN"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>页面不存在</title></head>
<body style="font-family:system-ui,sans-serif;text-align:center;padding:4rem 1rem;color:#333">
<h1 style="font-size:1.5rem">404 · 页面不存在</h1><p>您访问的页面不存在或已被移除。</p><p><a href="/">返回首页</a></p>
</body></html>`;

/**
 * The last handler: any method on a path nothing else answered. Under /api (and for clients that do not ask for
 * HTML) the JSON envelope, else our own small page; never Express's "Cannot GET".
 */
export function notFound(req: Request, res: Response): void {
  const api = /^\/api(\/|\?|$)/.test(req.originalUrl);
  if (!api && req.accepts(["application/json", "text/html"]) === "text/html") {
    res.status(404).type("html").setHeader("Cache-Control", "no-cache");
    res.send(NOT_FOUND_PAGE);
    return;
  }
  sendError(res, new DomainError("NOT_FOUND", api ? "接口不存在" : undefined));
}
