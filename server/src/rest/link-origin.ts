import type { Express, Request } from "express";
import type { Config } from "../config";

/** What links to this site are built from (set once on the Express app by startServer). */
interface LinkOrigins {
  publicUrl?: string;
  allowedHosts: Set<string>;
}

export function setLinkOrigins(app: Express, config: Pick<Config, "publicUrl" | "allowedHosts">): void {
  app.locals.linkOrigins = {
    publicUrl: config.publicUrl?.replace(/\/+$/, ""),
    allowedHosts: new Set(config.allowedHosts),
  } satisfies LinkOrigins;
}

/** A Host header's name without its port (IPv6 literals without brackets), lower case. */
function hostName(host: string): string {
  const m = /^\[([^\]]+)\](?::\d+)?$/.exec(host);
  return (m ? m[1]! : host.replace(/:\d+$/, "")).toLowerCase();
}

/**
 * The origin links to this site are built from: PUBLIC_URL when set; otherwise the request's own origin when its Host
 * names this machine (ALLOWED_HOSTS); otherwise http(s)://localhost:<the port the request came in on>. A request with
 * `Host: evil.example` therefore never makes the UDID relay, a payment notify/return URL or an install link point
 * at another site.
 */
export function linkOrigin(req: Request): string {
  const o = req.app.locals.linkOrigins as LinkOrigins | undefined;
  if (o?.publicUrl) return o.publicUrl;
  const host = req.get("host") ?? "";
  if (o && /^[A-Za-z0-9.\-:[\]]{1,260}$/.test(host) && o.allowedHosts.has(hostName(host)))
    return `${req.protocol}://${host}`;
  return `${req.protocol}://localhost:${req.socket.localPort ?? 80}`;
}
