import { pageJson, privateCache, route, type RouteDef } from "../../rest/router";
import { taskJson } from "../signing/signing.rest";
import type { IncidentItemView, IncidentView } from "./resign.service";

/** An incident in the REST envelope (the fixed shape of `GET /api/admin/cert-tasks/incidents`, plus a few more). */
function incidentJson(n: IncidentView) {
  return {
    id: n.id,
    certificate_id: n.certificateId,
    certificate_name: n.certificateName,
    found_at: n.foundAt,
    found_by: n.foundBy,
    tasks_total: n.tasksTotal,
    tasks_repaired: n.tasksRepaired,
    tasks_failed: n.tasksFailed,
    tasks_open: n.tasksOpen,
    users_affected: n.usersAffected,
    status: n.status,
    finished_at: n.finishedAt,
  };
}

function itemJson(i: IncidentItemView) {
  return {
    id: i.id,
    task_id: i.taskId,
    user_id: i.userId,
    username: i.username,
    app_name: i.appName,
    status: i.status,
    replacement_id: i.replacementId,
    replacement_name: i.replacementName,
    replacement_source: i.replacementSource,
    error: i.errorCode ? { code: i.errorCode, message: i.errorMessage } : null,
    updated_at: i.updatedAt,
  };
}

/**
 * 掉签自动重签. Registered before the mall's `/admin/cert-tasks/:id` (the domain list puts resign first), so
 * `incidents` is not read as a mall task id.
 */
export const resignRoutes: RouteDef[] = [
  route("get", "/admin/cert-tasks/incidents", "admin", async ({ query, services, res }) => {
    privateCache(res);
    const page = await services.resign.incidents({ page: query.page, pageSize: query.limit ?? query.pageSize });
    return pageJson("items", page, incidentJson);
  }),
  route("get", "/admin/cert-tasks/incidents/:id", "admin", async ({ params, services, res }) => {
    privateCache(res);
    const [incident, items] = await Promise.all([
      services.resign.incident(params.id),
      services.resign.incidentItems(params.id),
    ]);
    return { ...incidentJson(incident), items: items.map(itemJson) };
  }),
  route("post", "/admin/cert-tasks/incidents/:id/retry", "admin", async ({ params, services }) =>
    incidentJson(await services.resign.retryAll(params.id)),
  ),
  // 换证书重签: the owner picks another certificate for a task whose certificate was revoked; the link stays.
  route("post", "/signing/tasks/:id/resign", "user", async ({ auth, params, body, services }) => {
    const userId = auth!.user.id;
    await services.resign.resignWith(userId, params.id, body.certificate_id, (c) =>
      services.signing.canSignWith(userId, c),
    );
    return taskJson(await services.signing.taskMine(userId, params.id));
  }),
];
