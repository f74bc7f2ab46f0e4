import { publicCache, route, withMessage, type RouteDef } from "../../rest/router";
import type { AnnouncementEntity, CategoryAnnouncementEntity } from "./announcement.entity";

/** The spec's REST shape of an announcement (snake_case). */
function announcementJson(a: AnnouncementEntity) {
  return {
    id: a.id,
    title: a.title,
    content: a.content,
    status: a.status,
    published_at: a.publishedAt,
    created_at: a.createdAt,
    updated_at: a.updatedAt,
    read_count: a.readCount,
  };
}

function categoryAnnouncementJson(c: CategoryAnnouncementEntity) {
  return {
    id: c.id,
    category_id: c.categoryId,
    title: c.title,
    content: c.content,
    is_active: c.isActive,
    updated_at: c.updatedAt,
  };
}

export const announcementsRoutes: RouteDef[] = [
  route("get", "/announcements/public", "guest", async ({ services, res }) => {
    const rows = await services.announcements.listPublic();
    publicCache(res);
    return rows.map(announcementJson);
  }),
  route("get", "/announcements", "admin", async ({ query, services }) => {
    const page = await services.announcements.listAdmin({
      search: query.search,
      status: query.status,
      page: query.page,
      pageSize: query.pageSize ?? query.limit,
    });
    return { ...page, items: page.items.map(announcementJson) };
  }),
  route("post", "/announcements/batch", "admin", async ({ body, services }) => {
    const result = await services.announcements.batch(body.operation, body.ids);
    return withMessage("批量操作成功", result);
  }),
  route("post", "/announcements", "admin", async ({ body, services }) =>
    withMessage(
      "创建成功",
      announcementJson(
        await services.announcements.create({ title: body.title, content: body.content, status: body.status }),
      ),
    ),
  ),
  route("get", "/announcements/:id", "admin", async ({ params, services }) =>
    announcementJson(await services.announcements.get(params.id)),
  ),
  route("put", "/announcements/:id", "admin", async ({ params, body, services }) =>
    withMessage(
      "更新成功",
      announcementJson(
        await services.announcements.update(params.id, {
          title: body.title,
          content: body.content,
          status: body.status,
        }),
      ),
    ),
  ),
  route("patch", "/announcements/:id/status", "admin", async ({ params, body, services }) =>
    withMessage("状态已更新", announcementJson(await services.announcements.setStatus(params.id, body.status))),
  ),
  route("delete", "/announcements/:id", "admin", async ({ params, services }) => {
    await services.announcements.remove(params.id);
    return withMessage("删除成功");
  }),
  route("post", "/announcements/:id/read", "guest", async ({ params, auth, meta, services }) => {
    await services.announcements.markRead(params.id, { userId: auth?.user.id, ip: meta.ip, userAgent: meta.userAgent });
    return withMessage("已读");
  }),

  route("get", "/category-announcements/category/:id", "guest", async ({ params, services, res }) => {
    const row = await services.categoryAnnouncements.forCategory(params.id);
    publicCache(res);
    return row ? { title: row.title, content: row.content } : null;
  }),
  route("get", "/category-announcements/all", "admin", async ({ services }) =>
    (await services.categoryAnnouncements.listAll()).map(categoryAnnouncementJson),
  ),
  route("post", "/category-announcements", "admin", async ({ body, services }) =>
    withMessage(
      "保存成功",
      categoryAnnouncementJson(
        await services.categoryAnnouncements.upsert(body.category_id ?? body.categoryId, {
          title: body.title,
          content: body.content,
          isActive: body.is_active ?? body.isActive,
        }),
      ),
    ),
  ),
  route("put", "/category-announcements/:id", "admin", async ({ params, body, services }) =>
    withMessage(
      "保存成功",
      categoryAnnouncementJson(
        await services.categoryAnnouncements.upsert(params.id, {
          title: body.title,
          content: body.content,
          isActive: body.is_active ?? body.isActive,
        }),
      ),
    ),
  ),
  route("delete", "/category-announcements/:id", "admin", async ({ params, services }) => {
    await services.categoryAnnouncements.remove(params.id);
    return withMessage("删除成功");
  }),
];
