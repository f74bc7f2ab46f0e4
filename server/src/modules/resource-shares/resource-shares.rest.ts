import { privateCache, publicCache, route, type RouteDef } from "../../rest/router";
import { sendWholeDownload } from "../../rest/file-download";
import { receiveFile } from "../../rest/upload";
import { IPA_MAX_BYTES } from "../apps/apps.service";
import { catalogItemRoutes } from "../catalog/catalog-item.rest";
import { itemFieldsOf, itemJson } from "../catalog/catalog-items";
import type { ResourceShareType } from "./resource-shares.types";

/** The REST shape of a resource share: the spec's snake_case field names, money in yuan. */
function resourceShareJson(r: ResourceShareType) {
  return itemJson(r);
}

export const resourceSharesRoutes: RouteDef[] = [
  // The spec's public list: data is the array itself.
  route("get", "/resource-shares", "guest", async ({ query, services, res }) => {
    const page = await services.resourceShares.publicList({
      search: query.search,
      page: query.page,
      pageSize: query.limit,
    });
    publicCache(res);
    return page.items.map(resourceShareJson);
  }),
  route("get", "/resource-shares/download/:id", "user", async ({ params, query, auth, services, res }) => {
    await services.traffic.authorize(auth!.user, "resource-share", params.id, query.grant);
    const file = await services.resourceShares.download(auth!.user, params.id);
    privateCache(res);
    await sendWholeDownload(res, services.storage, file);
  }),
  route("post", "/resource-shares/upload-ipa", "admin", async ({ req, services }) =>
    services.resourceShares.stageIpa(
      await receiveFile(req, services.storage, { field: "ipa", maxBytes: IPA_MAX_BYTES }),
    ),
  ),
  ...catalogItemRoutes({
    base: "/resource-shares",
    listKey: "resource_shares",
    paths: { iconUpload: "upload", reorder: "reorder", active: "status" },
    service: (s) => s.resourceShares,
    json: resourceShareJson,
    fieldsOf: itemFieldsOf,
  }),
  // After /list: anyone's detail (an admin also sees switched-off shares).
  route("get", "/resource-shares/:id", "guest", async ({ params, auth, services, res }) => {
    const admin = auth?.user.role === "admin";
    const share = await services.resourceShares.detail(params.id, admin);
    if (admin) privateCache(res);
    else publicCache(res);
    return resourceShareJson(share);
  }),
];
