import { pageJson, route, type RouteDef } from "../../rest/router";
import { receiveImage } from "../../rest/upload";
import type { Services } from "../../services";
import type { CatalogItemService } from "./catalog-item.service";
import type { ItemFields } from "./catalog-items";

export interface CatalogItemRest<V, F extends ItemFields> {
  /** The spec's path of the kind, e.g. "/dylib-management". */
  base: string;
  /** The key of the admin list's array in the REST page envelope. */
  listKey: string;
  /** The spec names a few paths differently per kind: the icon upload, the reorder and the on/off switch. */
  paths: { iconUpload: string; reorder: string; active: string };
  service: (services: Services) => CatalogItemService<any, V, F>;
  /** The kind's REST shape (snake_case names, money in yuan). */
  json: (item: V) => unknown;
  /** A create/update body with the REST field names. */
  fieldsOf: (body: Record<string, unknown>) => F;
}

/**
 * The admin REST facade every catalogue item kind has: list, icon upload, batch delete, reorder, create, update,
 * on/off switch and delete. Each kind adds its public reads, file uploads and detail around these.
 */
export function catalogItemRoutes<V, F extends ItemFields>(api: CatalogItemRest<V, F>): RouteDef[] {
  const { base, paths, json } = api;
  return [
    route("get", `${base}/list`, "admin", async ({ query, services }) => {
      const page = await api
        .service(services)
        .adminList({ search: query.search, page: query.page, pageSize: query.limit ?? query.pageSize });
      return pageJson(api.listKey, page, json);
    }),
    route("post", `${base}/${paths.iconUpload}`, "admin", async ({ req, services }) =>
      api.service(services).saveIcon(await receiveImage(req, { field: "icon" })),
    ),
    route("post", `${base}/batch-delete`, "admin", async ({ body, services }) => ({
      deleted: await api.service(services).deleteMany(body.ids),
    })),
    route("post", `${base}/${paths.reorder}`, "admin", async ({ body, services }) =>
      (await api.service(services).reorder(body.ids)).map(json),
    ),
    route("post", base, "admin", async ({ body, services }) =>
      json(await api.service(services).create(api.fieldsOf(body))),
    ),
    route("put", `${base}/:id`, "admin", async ({ params, body, services }) =>
      json(await api.service(services).update(params.id, api.fieldsOf(body))),
    ),
    route("patch", `${base}/:id/${paths.active}`, "admin", async ({ params, body, services }) =>
      json(await api.service(services).setActive(params.id, body.is_active)),
    ),
    route("delete", `${base}/:id`, "admin", async ({ params, services }) => ({
      deleted: await api.service(services).deleteMany([params.id]),
    })),
  ];
}
