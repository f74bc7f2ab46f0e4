import path from "node:path";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import expressStaticGzip from "express-static-gzip";

/** Hashed build output never changes under its name: browsers keep it a year without asking again. */
export const IMMUTABLE = "public, max-age=31536000, immutable";
/** The SPA's HTML names the current hashed assets, so it is revalidated on every load. */
export const REVALIDATE = "no-cache";
/** Unhashed public files (favicon, robots.txt). */
const SHORT = "public, max-age=3600";

const HTML = /\.html(\.(br|gz))?$/;

export interface ClientStatic {
  /** The hashed assets under /assets; a missing one is a 404, never the SPA's HTML served as JavaScript. */
  assets: RequestHandler;
  /** The other files at the client's root (favicon.svg, robots.txt, index.html). */
  files: RequestHandler;
  /** The SPA's index.html, for every page path. */
  index(req: Request, res: Response, next: NextFunction): void;
}

/**
 * The built client, served from files the build compressed beforehand (`name.br` and `name.gz` beside each one):
 * the encoding the browser accepts best is sent as is, with `Content-Encoding` and `Vary: Accept-Encoding`, so no
 * response is compressed at request time. Hashed assets are immutable, HTML is `no-cache`.
 */
export function serveClient(clientDir: string): ClientStatic {
  const options = { enableBrotli: true, orderPreference: ["br", "gzip"], index: false };
  const assets = expressStaticGzip(path.join(clientDir, "assets"), {
    ...options,
    serveStatic: { fallthrough: false, index: false, setHeaders: (res) => res.setHeader("Cache-Control", IMMUTABLE) },
  });
  const files = expressStaticGzip(clientDir, {
    ...options,
    serveStatic: { index: false, setHeaders: (res, file) => res.setHeader("Cache-Control", HTML.test(file) ? REVALIDATE : SHORT) },
  });
  return {
    assets,
    files,
    index(req, res, next) {
      const url = req.url;
      req.url = "/index.html";
      files(req, res, (err?: unknown) => {
        req.url = url;
        next(err);
      });
    },
  };
}
