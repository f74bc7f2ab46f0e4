import { privateCache, route, withMessage, type RouteDef } from "../../rest/router";

/** /api/admin/email/*: SMTP settings, 发送测试邮件, templates, sends and records (重发). */
export const emailRoutes: RouteDef[] = [
  route("get", "/admin/email/config", "admin", ({ services, res }) => (privateCache(res), services.email.getConfig())),
  route("put", "/admin/email/config", "admin", async ({ body, services }) =>
    withMessage("邮件设置已保存", await services.email.updateConfig(body)),
  ),
  route("post", "/admin/email/test", "admin", async ({ auth, body, services }) =>
    withMessage("测试邮件已发送", await services.email.sendTest(body.to, auth!.user.id)),
  ),
  route(
    "get",
    "/admin/email/templates",
    "admin",
    ({ services, res }) => (privateCache(res), services.email.listTemplates()),
  ),
  route("post", "/admin/email/templates/preview", "admin", ({ body, services }) => services.email.preview(body)),
  route("get", "/admin/email/templates/:id", "admin", ({ params, services }) => services.email.getTemplate(params.id)),
  route("post", "/admin/email/templates", "admin", async ({ body, services }) =>
    withMessage("模板已创建", await services.email.createTemplate(body)),
  ),
  route("put", "/admin/email/templates/:id", "admin", async ({ params, body, services }) =>
    withMessage("模板已保存", await services.email.updateTemplate(params.id, body)),
  ),
  route(
    "delete",
    "/admin/email/templates/:id",
    "admin",
    async ({ params, services }) => (await services.email.deleteTemplate(params.id), withMessage("模板已删除")),
  ),
  route("post", "/admin/email/send", "admin", async ({ body, services }) => {
    const r = await services.email.send(body);
    return withMessage(`已加入发送队列：${r.queued} 封`, r);
  }),
  route(
    "get",
    "/admin/email/records",
    "admin",
    ({ query, services, res }) => (
      privateCache(res),
      services.email.records({
        search: query.search,
        status: query.status,
        page: query.page,
        pageSize: query.pageSize ?? query.limit,
      })
    ),
  ),
  route(
    "get",
    "/admin/email/records/:id",
    "admin",
    ({ params, services, res }) => (privateCache(res), services.email.record(params.id)),
  ),
  route("post", "/admin/email/records/:id/resend", "admin", async ({ params, services }) =>
    withMessage("已重新加入发送队列", await services.email.resend(params.id)),
  ),
];
