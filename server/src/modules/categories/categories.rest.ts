import { publicCache, route, type RouteDef } from "../../rest/router";
import type { CategoryFields } from "./categories.service";
import type { CategoryType } from "./categories.types";

/** The REST shape of a category (the spec's app type): id, name, display_name, weigh. */
function categoryJson(c: CategoryType) {
  return { id: c.id, name: c.name, display_name: c.displayName, weigh: c.weigh, built_in: c.builtIn };
}

function fieldsOf(b: Record<string, unknown>): CategoryFields {
  return { name: b.name, displayName: b.display_name ?? b.displayName, weigh: b.weigh };
}

export const categoriesRoutes: RouteDef[] = [
  route("get", "/app-types", "guest", async ({ services, res }) => {
    const types = await services.categories.list();
    publicCache(res);
    return { types: types.map(categoryJson) };
  }),
  route("post", "/app-types/reorder", "admin", async ({ body, services }) => ({
    types: (await services.categories.reorder(body.ids)).map(categoryJson),
  })),
  route("post", "/app-types/reset-default", "admin", async ({ services }) => ({
    types: (await services.categories.resetDefault()).map(categoryJson),
  })),
  route("post", "/app-types", "admin", async ({ body, services }) =>
    categoryJson(await services.categories.create(fieldsOf(body))),
  ),
  route("put", "/app-types/:id", "admin", async ({ params, body, services }) =>
    categoryJson(await services.categories.update(params.id, fieldsOf(body))),
  ),
  route("delete", "/app-types/:id", "admin", async ({ params, services }) => ({
    deleted: await services.categories.delete(params.id),
  })),
];
