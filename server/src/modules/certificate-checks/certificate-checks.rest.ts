import { stringify } from "csv-stringify/sync";
import { pageJson, privateCache, route, type RouteDef } from "../../rest/router";
import { receiveForm } from "../../rest/upload";
import { P12_MAX_BYTES, PROFILE_MAX_BYTES } from "../certificates/certificate-bundle";
import type { BatchView, CheckTaskView } from "./certificate-checks.service";

/** A check task in the REST envelope. `status` is the certificate's verdict, or `checking` while the worker runs. */
function taskJson(t: CheckTaskView, withReport = true) {
  return {
    id: t.id,
    task_id: t.id,
    certificate_id: t.certificateId,
    certificate_name: t.certificateName,
    user_id: t.userId,
    username: t.username,
    batch_id: t.batchId,
    status: t.status,
    ocsp_status: t.ocspStatus,
    reason: t.reason,
    next_update: t.nextUpdate,
    created_at: t.createdAt,
    checked_at: t.finishedAt,
    ...(withReport ? { report: t.report } : {}),
  };
}

function batchJson(b: BatchView) {
  return {
    id: b.id,
    created_by: b.createdBy,
    created_by_name: b.createdByName,
    filter: b.filter,
    status: b.status,
    total: b.total,
    done: b.done,
    good: b.good,
    revoked: b.revoked,
    unknown: b.unknown,
    error: b.error,
    cancelled: b.cancelled,
    created_at: b.createdAt,
    finished_at: b.finishedAt,
  };
}

const STATUS_NAMES: Record<string, string> = {
  checking: "检测中",
  valid: "有效",
  revoked: "已吊销",
  expired: "已过期",
  error: "检测失败",
  cancelled: "已取消",
};
const OCSP_NAMES: Record<string, string> = { good: "正常", revoked: "已吊销", unknown: "未知", error: "错误" };

/** A certificate or .cer to check at most this big. */
const CER_MAX_BYTES = 64 * 1024;

export const certificateChecksRoutes: RouteDef[] = [
  // ---- the owner's checks ----
  route("post", "/certificates/check-status", "user", async ({ auth, body, services }) =>
    taskJson(await services.certificateChecks.checkMine(auth!.user.id, body.id ?? body.certificate_id)),
  ),
  route("get", "/certificates/tasks", "user", async ({ auth, query, services, res }) => {
    privateCache(res);
    return pageJson(
      "tasks",
      await services.certificateChecks.tasksMine(auth!.user.id, {
        page: query.page,
        pageSize: query.limit ?? query.pageSize,
        certificateId: query.certificate_id,
      }),
      (t) => taskJson(t, false),
    );
  }),
  route("get", "/certificates/tasks/:id", "user", async ({ auth, params, services, res }) => {
    privateCache(res);
    return taskJson(await services.certificateChecks.taskMine(auth!.user.id, params.id));
  }),

  // ---- site messages ----
  route("get", "/notifications", "user", async ({ auth, query, services, res }) => {
    privateCache(res);
    const page = await services.certificateChecks.notifications(auth!.user.id, {
      page: query.page,
      pageSize: query.limit ?? query.pageSize,
    });
    return {
      ...pageJson("notifications", page, (n) => ({
        id: n.id,
        kind: n.kind,
        title: n.title,
        body: n.body,
        link: n.link,
        read_at: n.readAt,
        created_at: n.createdAt,
      })),
      unread: page.unread,
    };
  }),
  route("post", "/notifications/read", "user", async ({ auth, body, services }) => ({
    marked: await services.certificateChecks.markRead(auth!.user.id, body.id),
  })),

  // ---- admin: one certificate (/admin/certificate-status-check) ----
  route("post", "/admin/certificate-status-check", "admin", async ({ auth, body, services }) =>
    taskJson(await services.certificateChecks.adminCheck(auth!.user.id, body.id)),
  ),
  route("get", "/admin/certificate-status-check/tasks/:id", "admin", async ({ params, services, res }) => {
    privateCache(res);
    return taskJson(await services.certificateChecks.adminTask(params.id));
  }),
  // multipart: `certificate` (.cer DER or PEM) or `p12` + `password`, optional `mobileprovision`; the report, nothing stored.
  route("post", "/admin/certificate-status-check/upload", "admin", async ({ req, services }) => {
    const { files, fields } = await receiveForm(req, {
      files: { certificate: CER_MAX_BYTES, p12: P12_MAX_BYTES, mobileprovision: PROFILE_MAX_BYTES },
    });
    return services.certificateChecks.checkUpload({
      certificate: files.certificate,
      p12: files.p12,
      password: fields.password,
      mobileprovision: files.mobileprovision,
    });
  }),

  // ---- admin: detection batches (/admin/certificate-detection) ----
  route("get", "/admin/certificate-detection/candidates", "admin", async ({ query, services, res }) => {
    privateCache(res);
    return {
      count: await services.certificateChecks.countFor({
        scope: query.scope,
        status: query.status,
        search: query.search,
      }),
    };
  }),
  route("post", "/admin/certificate-detection/batches", "admin", async ({ auth, body, services }) =>
    batchJson(await services.certificateChecks.startBatch(auth!.user.id, body.filter ?? body)),
  ),
  route("get", "/admin/certificate-detection/batches", "admin", async ({ query, services, res }) => {
    privateCache(res);
    return pageJson(
      "batches",
      await services.certificateChecks.batches({ page: query.page, pageSize: query.limit ?? query.pageSize }),
      batchJson,
    );
  }),
  route("get", "/admin/certificate-detection/batches/:id", "admin", async ({ params, services, res }) => {
    privateCache(res);
    return batchJson(await services.certificateChecks.batch(params.id));
  }),
  route("get", "/admin/certificate-detection/batches/:id/items", "admin", async ({ params, query, services, res }) => {
    privateCache(res);
    return pageJson(
      "items",
      await services.certificateChecks.batchItems(params.id, {
        page: query.page,
        pageSize: query.limit ?? query.pageSize,
        status: query.status,
      }),
      (t) => taskJson(t, false),
    );
  }),
  route("post", "/admin/certificate-detection/batches/:id/cancel", "admin", async ({ params, services }) =>
    batchJson(await services.certificateChecks.cancelBatch(params.id)),
  ),
  // Every check of the batch as CSV (UTF-8 with BOM, for Excel).
  route("get", "/admin/certificate-detection/batches/:id/export", "admin", async ({ params, services, res }) => {
    const { batch, rows } = await services.certificateChecks.batchRows(params.id);
    const csv = stringify(
      rows.map((r) => [
        r.certificateId,
        r.certificateName,
        r.username ?? "（平台）",
        r.commonName,
        r.teamId,
        r.serialNumber,
        STATUS_NAMES[r.status] ?? r.status,
        r.ocspStatus ? (OCSP_NAMES[r.ocspStatus] ?? r.ocspStatus) : "",
        r.reason ?? "",
        r.finishedAt ? new Date(r.finishedAt).toISOString() : "",
      ]),
      {
        header: true,
        columns: ["证书ID", "名称", "用户", "证书名称", "团队ID", "序列号", "状态", "OCSP", "原因", "检测时间"],
      },
    );
    privateCache(res);
    res.setHeader("Content-Type", "text/csv; charset=utf-8");
    res.setHeader("Content-Disposition", `attachment; filename="certificate-detection-${batch.id}.csv"`);
    res.send("\ufeff" + csv);
  }),
];
