import { pageJson, privateCache, publicCache, route } from "../../rest/router";
import { receiveFile, receiveImage } from "../../rest/upload";
import { itemFieldsOf, itemJson } from "../catalog/catalog-items";
import { IPA_MAX_BYTES } from "../apps/apps.service";
import type { ResourceShareFields } from "./resource-shares.service";
import type { ResourceShareType } from "./resource-shares.types";

/** The REST shape of a resource share: the spec's snake_case field names, money in yuan. */
export function resourceShareJson(r: ResourceShareType) {
  return itemJson(r);
}

/** A create/update body with the REST field names. */
const fieldsOf = (b: Record<string, unknown>): ResourceShareFields => itemFieldsOf(b);

export const resourceSharesRoutes = [
  // The spec's public list: data is the array itself.
  route("get", "/resource-shares", "guest", async ({ query, services, res }) => {
    const page = await services.resourceShares.publicList({ search: query.search, page: query.page, pageSize: query.limit });
    publicCache(res);
    return page.items.map(resourceShareJson);
  }),
  route("get", "/resource-shares/list", "admin", async ({ query, services }) => {
    const page = await services.resourceShares.adminList({ search: query.search, page: query.page, pageSize: query.limit ?? query.pageSize });
    return pageJson("resource_shares", page, resourceShareJson);
  }),
  route("post", "/resource-shares/upload", "admin", async ({ req, services }) =>
    services.resourceShares.saveIcon(await receiveImage(req, { field: "icon" })),
  ),
  route("post", "/resource-shares/upload-ipa", "admin", async ({ req, services }) =>
    services.resourceShares.stageIpa(await receiveFile(req, services.storage, { field: "ipa", maxBytes: IPA_MAX_BYTES })),
  ),
  route("post", "/resource-shares/reorder", "admin", async ({ body, services }) =>
    (await services.resourceShares.reorder(body.ids)).map(resourceShareJson),
  ),
  route("post", "/resource-shares/batch-delete", "admin", async ({ body, services }) => ({
    deleted: await services.resourceShares.deleteMany(body.ids),
  })),
  route("post", "/resource-shares", "admin", async ({ body, services }) => resourceShareJson(await services.resourceShares.create(fieldsOf(body)))),
  route("get", "/resource-shares/:id", "guest", async ({ params, auth, services, res }) => {
    const admin = auth?.user.role === "admin";
    const share = await services.resourceShares.detail(params.id, admin);
    if (admin) privateCache(res);
    else publicCache(res);
    return resourceShareJson(share);
  }),
  route("put", "/resource-shares/:id", "admin", async ({ params, body, services }) =>
    resourceShareJson(await services.resourceShares.update(params.id, fieldsOf(body))),
  ),
  route("patch", "/resource-shares/:id/status", "admin", async ({ params, body, services }) =>
    resourceShareJson(await services.resourceShares.setActive(params.id, body.is_active)),
  ),
  route("delete", "/resource-shares/:id", "admin", async ({ params, services }) => ({
    deleted: await services.resourceShares.deleteMany([params.id]),
  })),
];
