import fs from "node:fs";
import { pipeline } from "node:stream/promises";
import { pageJson, privateCache, publicCache, route } from "../../rest/router";
import { receiveFile, receiveImage } from "../../rest/upload";
import { itemFieldsOf, itemJson } from "../catalog/catalog-items";
import { DYLIB_MAX_BYTES, type DylibFields } from "./dylibs.service";
import type { DylibType } from "./dylibs.types";

/** The REST shape of a dylib: the spec's snake_case field names, money in yuan. */
export function dylibJson(d: DylibType) {
  return { ...itemJson(d), category: d.category, author: d.author, tags: d.tags };
}

/** A create/update body with the REST field names. */
function fieldsOf(b: Record<string, unknown>): DylibFields {
  return { ...itemFieldsOf(b), category: b.category, author: b.author, tags: b.tags };
}

/** RFC 6266 attachment header: an ASCII fallback name plus the UTF-8 name. */
function attachment(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

export const dylibsRoutes = [
  route("get", "/dylib-management/public", "guest", async ({ query, services, res }) => {
    const page = await services.dylibs.publicList({ search: query.search, page: query.page, pageSize: query.limit });
    publicCache(res);
    return pageJson("dylibs", page, dylibJson);
  }),
  route("get", "/dylib-management/icon/:id", "guest", async ({ params, services, res }) => {
    const url = await services.dylibs.iconUrl(params.id);
    publicCache(res);
    res.redirect(302, url);
  }),
  route("get", "/dylib-management/download/:id", "user", async ({ params, auth, services, res }) => {
    const file = await services.dylibs.download(auth!.user, params.id);
    res.setHeader("Content-Type", "application/octet-stream");
    res.setHeader("Content-Length", String(file.size));
    res.setHeader("Content-Disposition", attachment(file.filename));
    privateCache(res);
    await pipeline(fs.createReadStream(file.path), res);
  }),
  route("get", "/dylib-management/list", "admin", async ({ query, services }) => {
    const page = await services.dylibs.adminList({ search: query.search, page: query.page, pageSize: query.limit ?? query.pageSize });
    return pageJson("dylibs", page, dylibJson);
  }),
  route("post", "/dylib-management/upload", "admin", async ({ req, services }) =>
    services.dylibs.stageFile(await receiveFile(req, services.storage, { field: "file", maxBytes: DYLIB_MAX_BYTES })),
  ),
  route("post", "/dylib-management/upload-icon", "admin", async ({ req, services }) =>
    services.dylibs.saveIcon(await receiveImage(req, { field: "icon" })),
  ),
  route("post", "/dylib-management/batch-delete", "admin", async ({ body, services }) => ({ deleted: await services.dylibs.deleteMany(body.ids) })),
  route("post", "/dylib-management/update-order", "admin", async ({ body, services }) => (await services.dylibs.reorder(body.ids)).map(dylibJson)),
  route("post", "/dylib-management", "admin", async ({ body, services }) => dylibJson(await services.dylibs.create(fieldsOf(body)))),
  route("get", "/dylib-management/:id", "admin", async ({ params, services }) => dylibJson(await services.dylibs.adminGet(params.id))),
  route("put", "/dylib-management/:id", "admin", async ({ params, body, services }) => dylibJson(await services.dylibs.update(params.id, fieldsOf(body)))),
  route("patch", "/dylib-management/:id/toggle", "admin", async ({ params, body, services }) =>
    dylibJson(await services.dylibs.setActive(params.id, body.is_active)),
  ),
  route("delete", "/dylib-management/:id", "admin", async ({ params, services }) => ({ deleted: await services.dylibs.deleteMany([params.id]) })),
];
