import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import expressStaticGzip from "express-static-gzip";

/** Hashed build output never changes under its name: browsers keep it a year without asking again. */
const IMMUTABLE = "public, max-age=31536000, immutable";
/** The SPA's HTML names the current hashed assets, so it is revalidated on every load. */
const REVALIDATE = "no-cache";
/** Unhashed public files (favicon, robots.txt). */
const SHORT = "public, max-age=3600";

const HTML = /\.html(\.(br|gz))?$/;

/** Images a page's HTML should have the browser fetch at once (same-origin /uploads paths). */
export type PagePreloads = (path: string) => Promise<readonly (string | null)[]>;

/** Upload paths safe to name in a Link header (StorageService names files with hex and an extension). */
const PRELOADABLE = /^\/uploads\/[\w./-]+$/;
/** How long a page's preload list is reused before it is asked for again. */
const PRELOAD_TTL_MS = 5000;

/** `Link` header value that has the browser fetch the given images with high priority, alongside the scripts. */
export function preloadLink(images: readonly (string | null)[]): string | null {
  const links = images
    .filter((u): u is string => !!u && PRELOADABLE.test(u) && !u.includes(".."))
    .map((u) => `<${u}>; rel=preload; as=image; fetchpriority=high`);
  return links.length ? links.join(", ") : null;
}

/** What the client build wrote to `.vite/route-preloads.json` (client/route-preloads.ts). */
interface RoutePreloads {
  routes: { path: string; scripts: string[]; styles: string[] }[];
}

/** The back office's paths, whose HTML is admin.html (its own entry) when the build made one. */
const ADMIN_PAGE = /^\/admin(\/|$)/;

/** Built asset names safe to put in a Link header. */
const ASSET = /^assets\/[\w.-]+\.(js|css)$/;

/**
 * Per page path, the `Link` header part that has the browser fetch the page's own code (its lazy chunk, the chunks
 * it imports, its stylesheets) alongside the entry, instead of after the entry has run and matched the route. Read
 * from the build's route list; `() => null` when the client was built without one.
 */
function routeLinks(clientDir: string): (page: string) => string | null {
  const file = path.join(clientDir, ".vite", "route-preloads.json");
  if (!existsSync(file)) return () => null;
  const { routes } = JSON.parse(readFileSync(file, "utf8")) as RoutePreloads;
  const table = routes.map((r) => {
    const pattern = r.path
      .split("/")
      .map((part) => (part.startsWith(":") ? "[^/]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
      .join("/");
    const links = [
      ...r.styles.filter((f) => ASSET.test(f)).map((f) => `</${f}>; rel=preload; as=style; crossorigin`),
      ...r.scripts.filter((f) => ASSET.test(f)).map((f) => `</${f}>; rel=modulepreload`),
    ];
    return { match: new RegExp(`^${pattern}/?$`), link: links.length ? links.join(", ") : null };
  });
  return (page) => table.find((r) => r.match.test(page))?.link ?? null;
}

export interface ClientStatic {
  /** The hashed assets under /assets; a missing one is a 404, never the SPA's HTML served as JavaScript. */
  assets: RequestHandler;
  /** The other files at the client's root (favicon.svg, robots.txt, index.html, admin.html). */
  files: RequestHandler;
  /** A page's HTML: admin.html for /admin and every path below it (when built), index.html for every other page. */
  index(req: Request, res: Response, next: NextFunction): void;
}

/**
 * The built client, served from files the build compressed beforehand (`name.br` and `name.gz` beside each one):
 * the encoding the browser accepts best is sent as is, with `Content-Encoding` and `Vary: Accept-Encoding`, so no
 * response is compressed at request time. Hashed assets are immutable, HTML is `no-cache`. `preloads` names the
 * images a page's first paint shows (the home page's first banner): a `Link: rel=preload` header on its HTML has the
 * browser fetch them while it loads the scripts, instead of after the data that names them. The same header names the
 * page's own code (routeLinks). The back office has an HTML page of its own, admin.html, with its own entry: its pages
 * never load the users' pages' code.
 */
export function serveClient(clientDir: string, preloads?: PagePreloads): ClientStatic {
  const options = { enableBrotli: true, orderPreference: ["br", "gzip"], index: false };
  const assets = expressStaticGzip(path.join(clientDir, "assets"), {
    ...options,
    serveStatic: { fallthrough: false, index: false, setHeaders: (res) => res.setHeader("Cache-Control", IMMUTABLE) },
  });
  const files = expressStaticGzip(clientDir, {
    ...options,
    serveStatic: {
      index: false,
      setHeaders: (res, file) => res.setHeader("Cache-Control", HTML.test(file) ? REVALIDATE : SHORT),
    },
  });
  const cache = new Map<string, { at: number; link: Promise<string | null> }>();
  const codeFor = routeLinks(clientDir);
  const adminHtml = existsSync(path.join(clientDir, "admin.html"));
  const imagesFor = (page: string): Promise<string | null> => {
    if (!preloads) return Promise.resolve(null);
    const hit = cache.get(page);
    if (hit && Date.now() - hit.at < PRELOAD_TTL_MS) return hit.link;
    const link = preloads(page).then(preloadLink, () => null);
    if (cache.size > 100) cache.clear();
    cache.set(page, { at: Date.now(), link });
    return link;
  };
  const linkFor = async (page: string) => {
    const links = [codeFor(page), await imagesFor(page)].filter((l) => l !== null);
    return links.length ? links.join(", ") : null;
  };
  return {
    assets,
    files,
    index(req, res, next) {
      void linkFor(req.path).then((link) => {
        if (link) res.setHeader("Link", link);
        const url = req.url;
        req.url = adminHtml && ADMIN_PAGE.test(req.path) ? "/admin.html" : "/index.html";
        files(req, res, (err?: unknown) => {
          req.url = url;
          next(err);
        });
      });
    },
  };
}
