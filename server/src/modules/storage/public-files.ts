import path from "node:path";
import { pipeline } from "node:stream/promises";
import express, { type RequestHandler } from "express";
import { contentTypeOf, IMMUTABLE_CACHE } from "@gryx/platform/storage";
import { DomainError, isDomainError } from "../../common/errors";
import { DEFAULT_ICON_FILE } from "./default-icon";
import type { StorageService } from "./storage.service";

const CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/**
 * `/uploads/...`: public images. Their names are random hex made by StorageService and never change, so every answer
 * is cached for a year. On the local backend the files are served from disk; on S3, a 301 to the CDN origin
 * (S3_PUBLIC_URL) when there is one, else streamed from the store.
 */
export function publicFiles(
  storage: StorageService,
  sendError: (res: express.Response, e: DomainError) => void,
): RequestHandler {
  // The backend may change while the server runs (settings saved on /admin/storage): decided per request.
  const statics = new Map<string, RequestHandler>();
  const fromDisk = (dir: string): RequestHandler => {
    let handler = statics.get(dir);
    if (!handler)
      statics.set(
        dir,
        (handler = express.static(dir, {
          immutable: true,
          maxAge: "1y",
          fallthrough: false,
          dotfiles: "deny",
          index: false,
          setHeaders: (res) => res.setHeader("Content-Security-Policy", CSP),
        })),
      );
    return handler;
  };
  const fromStore: RequestHandler = async (req, res) => {
    const url = `/uploads${req.path}`;
    const key =
      url === `/uploads/${DEFAULT_ICON_FILE}` ? url.slice(1) : storage.isOwnPublicUrl(url) ? url.slice(1) : null;
    try {
      if (!key) throw new DomainError("STORAGE_FILE_NOT_FOUND");
      const cdn = storage.store.publicUrl(key);
      res.setHeader("Cache-Control", IMMUTABLE_CACHE);
      if (cdn) return void res.redirect(301, cdn);
      const { body, size } = await storage.openPublicKey(key);
      res.setHeader("Content-Type", contentTypeOf(key));
      res.setHeader("Content-Length", String(size));
      res.setHeader("Content-Security-Policy", CSP);
      if (req.method === "HEAD") {
        body.destroy();
        return void res.end();
      }
      await pipeline(body, res).catch(() => undefined);
    } catch (e) {
      res.removeHeader("Cache-Control");
      if (isDomainError(e)) return sendError(res, e);
      throw e;
    }
  };
  return (req, res, next) => {
    const local = storage.store.localPath(`uploads/${DEFAULT_ICON_FILE}`);
    return local ? fromDisk(path.dirname(local))(req, res, next) : fromStore(req, res, next);
  };
}
