import { publicCache, route, withMessage, type RouteDef } from "../../rest/router";
import type { QQGroup, QQGroupInput } from "./qq-groups.service";

function qqGroupJson(g: QQGroup) {
  return {
    id: g.id,
    name: g.name,
    number: g.number,
    is_active: g.isActive,
    sort_order: g.sortOrder,
    created_at: g.createdAt,
    updated_at: g.updatedAt,
  };
}

function qqGroupInput(body: Record<string, unknown>): QQGroupInput {
  return {
    name: body.name,
    number: body.number,
    isActive: "is_active" in body ? body.is_active : body.isActive,
    sortOrder: "sort_order" in body ? body.sort_order : body.sortOrder,
  };
}

export const qqGroupsRoutes: RouteDef[] = [
  route("get", "/qq-groups/public", "guest", async ({ services, res }) => {
    const rows = await services.qqGroups.listPublic();
    publicCache(res);
    return rows.map((g) => ({ id: g.id, name: g.name, number: g.number, sort_order: g.sortOrder }));
  }),
  route("get", "/qq-groups", "admin", async ({ services }) => (await services.qqGroups.listAdmin()).map(qqGroupJson)),
  route("post", "/qq-groups/reorder", "admin", async ({ body, services }) =>
    (await services.qqGroups.reorder(body.ids)).map(qqGroupJson),
  ),
  route("post", "/qq-groups", "admin", async ({ body, services }) =>
    withMessage("创建成功", qqGroupJson(await services.qqGroups.create(qqGroupInput(body)))),
  ),
  route("put", "/qq-groups/:id", "admin", async ({ params, body, services }) =>
    withMessage("更新成功", qqGroupJson(await services.qqGroups.update(params.id, qqGroupInput(body)))),
  ),
  route("delete", "/qq-groups/:id", "admin", async ({ params, services }) => {
    await services.qqGroups.remove(params.id);
    return withMessage("删除成功");
  }),
];
