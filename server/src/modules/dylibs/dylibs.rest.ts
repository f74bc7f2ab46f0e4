import { pageJson, privateCache, publicCache, route, type RouteDef } from "../../rest/router";
import { sendWholeDownload } from "../../rest/file-download";
import { receiveFile } from "../../rest/upload";
import { catalogItemRoutes } from "../catalog/catalog-item.rest";
import { itemFieldsOf, itemJson } from "../catalog/catalog-items";
import { DYLIB_MAX_BYTES, type DylibFields } from "./dylibs.service";
import type { DylibType } from "./dylibs.types";

/** The REST shape of a dylib: the spec's snake_case field names, money in yuan. */
function dylibJson(d: DylibType) {
  return { ...itemJson(d), category: d.category, author: d.author, tags: d.tags };
}

/** A create/update body with the REST field names. */
function fieldsOf(b: Record<string, unknown>): DylibFields {
  return { ...itemFieldsOf(b), category: b.category, author: b.author, tags: b.tags };
}

export const dylibsRoutes: RouteDef[] = [
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
  route("get", "/dylib-management/download/:id", "user", async ({ params, query, auth, services, res }) => {
    await services.traffic.authorize(auth!.user, "dylib", params.id, query.grant);
    const file = await services.dylibs.download(auth!.user, params.id);
    privateCache(res);
    await sendWholeDownload(res, services.storage, file);
  }),
  // The public detail (an admin also sees switched-off dylibs), as /api/resource-shares/{id} for shares.
  route("get", "/dylib-management/public/:id", "guest", async ({ params, auth, services, res }) => {
    const admin = auth?.user.role === "admin";
    const dylib = await services.dylibs.detail(params.id, admin);
    if (admin) privateCache(res);
    else publicCache(res);
    return dylibJson(dylib);
  }),
  route("post", "/dylib-management/upload", "admin", async ({ req, services }) =>
    services.dylibs.stageFile(await receiveFile(req, services.storage, { field: "file", maxBytes: DYLIB_MAX_BYTES })),
  ),
  ...catalogItemRoutes({
    base: "/dylib-management",
    listKey: "dylibs",
    paths: { iconUpload: "upload-icon", reorder: "update-order", active: "toggle" },
    service: (s) => s.dylibs,
    json: dylibJson,
    fieldsOf,
  }),
  // After /list: the admin's detail.
  route("get", "/dylib-management/:id", "admin", async ({ params, services }) =>
    dylibJson(await services.dylibs.adminGet(params.id)),
  ),
];
