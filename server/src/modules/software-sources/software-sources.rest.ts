import express, { type Request, type RequestHandler, type Response } from "express";
import type { Authenticated } from "../auth/auth.service";
import { readRange, redirectDownload, sendFileDownload } from "../../rest/file-download";
import { bearerToken, pageJson, privateCache, route, sendError, type RouteDef } from "../../rest/router";
import { isDomainError } from "../../common/errors";
import type { Services } from "../../services";
import { linkOrigin } from "../../rest/link-origin";
import type { FetchView, SourceAppView, SourceView, Viewer } from "./software-sources.service";

export const viewerOf = (auth: Authenticated | null): Viewer | null =>
  auth ? { id: auth.user.id, admin: auth.user.role === "admin" } : null;

function sourceJson(s: SourceView) {
  return {
    id: s.id,
    name: s.name,
    url: s.url,
    icon_url: s.iconUrl,
    description: s.description,
    enabled: s.enabled,
    sort_order: s.sortOrder,
    refresh_minutes: s.refreshMinutes,
    format: s.format,
    identifier: s.identifier,
    source_url: s.sourceUrl,
    website: s.website,
    pay_url: s.payUrl,
    unlock_url: s.unlockUrl,
    news: s.news,
    app_count: s.appCount,
    status: s.status,
    last_fetch_at: s.lastFetchAt,
    last_success_at: s.lastSuccessAt,
    last_error_code: s.lastErrorCode,
    last_error: s.lastError,
    private: s.ownerId !== null,
    created_at: s.createdAt,
    updated_at: s.updatedAt,
  };
}

function adminSourceJson(s: SourceView) {
  return {
    ...sourceJson(s),
    custom_icon_url: s.customIconUrl,
    custom_description: s.customDescription,
    doc_name: s.docName,
    warnings: s.warnings,
    allow_private: s.allowPrivate,
  };
}

function appJson(a: SourceAppView) {
  return {
    id: a.id,
    source_id: a.sourceId,
    source_name: a.sourceName,
    name: a.name,
    bundle_id: a.bundleId,
    version: a.version,
    version_date: a.versionDate,
    version_description: a.versionDescription,
    size: a.sizeBytes,
    description: a.description,
    icon_url: a.iconUrl,
    download_url: a.downloadUrl,
    developer: a.developer,
    locked: a.locked,
    category: a.category,
    pay_url: a.payUrl,
    unlock_url: a.unlockUrl,
  };
}

const fetchJson = (f: FetchView) => ({
  id: f.id,
  started_at: f.startedAt,
  duration_ms: f.durationMs,
  outcome: f.outcome,
  http_status: f.httpStatus,
  bytes: f.bytes,
  app_count: f.appCount,
  warning_count: f.warningCount,
  error_code: f.errorCode,
  error_message: f.errorMessage,
});

/** The admin's input in the REST spelling (snake_case, with camelCase accepted). */
const inputOf = (b: Record<string, unknown>) => ({
  name: b.name,
  url: b.url,
  content: b.content,
  iconUrl: b.icon_url ?? b.iconUrl,
  description: b.description,
  enabled: b.enabled,
  sortOrder: b.sort_order ?? b.sortOrder,
  refreshMinutes: b.refresh_minutes ?? b.refreshMinutes,
  allowPrivate: b.allow_private ?? b.allowPrivate,
});

export const softwareSourcesRoutes: RouteDef[] = [
  // Public: the enabled site-wide sources (and the caller's private ones).
  route("get", "/software-sources", "guest", async ({ auth, services, res }) => {
    if (auth) privateCache(res);
    return (await services.softwareSources.listVisible(viewerOf(auth))).map(sourceJson);
  }),
  route("get", "/software-sources/search", "guest", async ({ auth, query, services, res }) => {
    if (auth) privateCache(res);
    return pageJson(
      "items",
      await services.softwareSources.search(query.q, viewerOf(auth), { page: query.page, pageSize: query.limit }),
      appJson,
    );
  }),
  // The signed-in user's ESign unlock code and the devices unlocked with it.
  route("get", "/software-sources/esign-unlock", "user", async ({ auth, services, res }) => {
    privateCache(res);
    const userId = auth!.user.id;
    const devices = await services.sourceFeeds.unlockedDevices(userId);
    return {
      code: services.sourceFeeds.unlockCode(userId),
      devices: devices.map((d) => ({ udid: d.udid, unlocked_at: d.unlockedAt })),
    };
  }),

  route("get", "/software-sources/apps/:appId", "guest", async ({ auth, params, services, res }) => {
    if (auth) privateCache(res);
    return appJson(await services.softwareSources.app(params.appId, viewerOf(auth)));
  }),
  route("get", "/software-sources/:id", "guest", async ({ auth, params, services, res }) => {
    if (auth) privateCache(res);
    return sourceJson(await services.softwareSources.getVisible(params.id, viewerOf(auth)));
  }),
  route("get", "/software-sources/:id/apps", "guest", async ({ auth, params, query, services, res }) => {
    if (auth) privateCache(res);
    const p = await services.softwareSources.apps(params.id, viewerOf(auth), {
      page: query.page,
      pageSize: query.limit,
      q: query.q,
    });
    return { ...pageJson("items", p, appJson), source: sourceJson(p.source) };
  }),
  // A user's private sources (by URL only).
  route("post", "/software-sources", "user", async ({ auth, body, services }) =>
    sourceJson(await services.softwareSources.create({ name: body.name, url: body.url }, auth!.user.id)),
  ),
  route("delete", "/software-sources/:id", "user", async ({ auth, params, services }) => {
    await services.softwareSources.removeOwn(params.id, auth!.user.id);
    return { deleted: true };
  }),
  route("post", "/software-sources/:id/refresh", "user", async ({ auth, params, services }) =>
    sourceJson(await services.softwareSources.refresh(params.id, viewerOf(auth)!)),
  ),

  // Back office.
  route("post", "/admin/software-sources/feed/reset-links", "admin", async ({ services }) => ({
    link_epoch: (await services.sourceFeeds.resetLinks()).linkEpoch,
  })),
  route("get", "/admin/software-sources/feed", "admin", async ({ services, res }) => {
    privateCache(res);
    return { category_ids: await services.softwareSources.feedCategories() };
  }),
  route("put", "/admin/software-sources/feed", "admin", async ({ body, services }) => ({
    category_ids: await services.softwareSources.setFeedCategories(body.category_ids ?? body.categoryIds),
  })),
  route("get", "/admin/software-sources/settings", "admin", async ({ services, res }) => {
    privateCache(res);
    return { allow_private: await services.softwareSources.privateAddressesAllowed() };
  }),
  route("put", "/admin/software-sources/settings", "admin", async ({ body, services }) => ({
    allow_private: await services.softwareSources.setPrivateAddressesAllowed(body.allow_private ?? body.allowPrivate),
  })),
  route("get", "/admin/software-sources", "admin", async ({ query, services, res }) => {
    privateCache(res);
    return pageJson(
      "items",
      await services.softwareSources.adminList({ page: query.page, pageSize: query.limit, q: query.q }),
      adminSourceJson,
    );
  }),
  route("post", "/admin/software-sources", "admin", async ({ body, services }) =>
    adminSourceJson(await services.softwareSources.create(inputOf(body), null)),
  ),
  route("get", "/admin/software-sources/:id", "admin", async ({ params, services, res }) => {
    privateCache(res);
    const { source, fetches } = await services.softwareSources.adminDetail(params.id);
    return { ...adminSourceJson(source), fetches: fetches.map(fetchJson) };
  }),
  route("put", "/admin/software-sources/:id", "admin", async ({ params, body, services }) =>
    adminSourceJson(await services.softwareSources.update(params.id, inputOf(body))),
  ),
  route("delete", "/admin/software-sources/:id", "admin", async ({ params, services }) => {
    await services.softwareSources.remove(params.id);
    return { deleted: true };
  }),
  route("post", "/admin/software-sources/:id/refresh", "admin", async ({ auth, params, services }) =>
    adminSourceJson(await services.softwareSources.refresh(params.id, viewerOf(auth)!)),
  ),
];

const wrap =
  (h: (req: Request, res: Response) => Promise<void>): RequestHandler =>
  (req, res, next) =>
    h(req, res).catch(next);

/**
 * Our catalogue as sources real clients load, mounted outside `/api` (links absolute under PUBLIC_URL or the request's
 * origin when its Host is allowed: rest/link-origin.ts): `/sources/altstore.json`, `/sources/esign.json` (`?udid=` as ESign asks: that device's unlocked apps
 * open; such an answer is per device and never cached), the generated source icon, the direct IPA links
 * (`/sources/ipa/:appId/:token.ipa`, HEAD and one `Range` served, counted on the app) and ESign's unlock.
 */
export function mountFeeds(router: express.Express, services: Services): void {
  const feeds = services.sourceFeeds;
  const publicJson = (res: Response, json: string, perDevice: boolean) => {
    res.setHeader("Cache-Control", perDevice ? "private, no-store" : "public, max-age=300");
    res.setHeader("Access-Control-Allow-Origin", "*");
    res.type("application/json").send(json);
  };
  router.get(
    "/sources/altstore.json",
    wrap(async (req, res) => publicJson(res, await feeds.altstore(linkOrigin(req)), false)),
  );
  router.get(
    "/sources/esign.json",
    wrap(async (req, res) => {
      const udid = req.query.udid ?? req.query.UDID;
      publicJson(res, await feeds.esign(linkOrigin(req), udid, req.ip ?? ""), udid !== undefined);
    }),
  );
  router.get("/sources/icon.png", (_req, res) => {
    res.setHeader("Content-Type", "image/png");
    res.setHeader("Cache-Control", "public, max-age=86400");
    res.end(feeds.sourceIcon());
  });
  // ESign calls `unlockURL?udid=…&code=…` (GET); a form or JSON POST with the same fields is read too.
  const unlock = wrap(async (req, res) => {
    const body = req.body && typeof req.body === "object" ? (req.body as Record<string, unknown>) : {};
    const field = (...names: string[]) => names.map((n) => req.query[n] ?? body[n]).find((v) => v !== undefined);
    const answer = await feeds.unlock(field("udid", "UDID"), field("code", "kami", "key", "cardkey"), req.ip ?? "");
    res.setHeader("Cache-Control", "private, no-store");
    res.setHeader("Access-Control-Allow-Origin", "*");
    res.json(answer);
  });
  router.get("/sources/esign/unlock", unlock);
  router.post(
    "/sources/esign/unlock",
    express.urlencoded({ extended: false, limit: "4kb" }),
    express.json({ limit: "4kb" }),
    unlock,
  );
  router.get(
    "/sources/ipa/:appId/:file",
    wrap(async (req, res) => {
      let file;
      try {
        file = await feeds.ipa(req.params.appId, req.params.file);
      } catch (e) {
        // A link that opens nothing: the envelope with SOURCE_LINK_INVALID (404).
        if (isDomainError(e)) return void sendError(res, e);
        throw e;
      }
      const { range, unsatisfiable } = readRange(req.get("range"), file.size);
      res.setHeader("Cache-Control", "private, no-store");
      if (unsatisfiable) {
        res.setHeader("Content-Range", `bytes */${file.size}`);
        return void res.status(416).end();
      }
      const head = req.method === "HEAD";
      // Redirect mode: a whole download handed to the store counts as one whole download of its size.
      if (await redirectDownload(res, services.storage, file, { range, head }))
        return void (await feeds.countDownload(file.appId, file.size, true));
      let sent = 0;
      try {
        sent = await sendFileDownload(res, services.storage, file, { range, head, asciiName: "app.ipa" });
      } finally {
        // A download counts once, when its last byte goes out (one resumed in pieces too); HEAD counts nothing.
        await feeds.countDownload(file.appId, sent, sent > 0 && (range?.start ?? 0) + sent === file.size);
      }
    }),
  );
}

/**
 * The admin's source upload (`content`: a whole source document as JSON text) is larger than other API bodies: on
 * this path only, and only for a signed-in admin, the body may be as large as a fetched source (plus escaping).
 */
export function adminSourceBody(services: Services, maxBytes: number): RequestHandler {
  const parse = express.json({ limit: Math.ceil(maxBytes * 1.5) + 64 * 1024 });
  return async (req, res, next) => {
    if (req.method !== "POST" && req.method !== "PUT") return next();
    try {
      const auth = await services.auth.authenticate(bearerToken(req.get("authorization")));
      if (auth?.user.role !== "admin") return next();
      parse(req, res, next);
    } catch (e) {
      next(e);
    }
  };
}
