import { DomainError } from "../../common/errors";
import { fenToYuan } from "../../common/validate";
import { pageJson, privateCache, route, type RouteDef } from "../../rest/router";
import { sendFileDownload } from "../../rest/file-download";
import { receiveFile } from "../../rest/upload";
import type { SignableCertificate, SigningSettings, SigningTaskView, UploadView } from "./signing.service";

/** A task in the REST envelope: `status` is queued/running/done/failed/cancelled, `error` {code, message} when failed. */
export function taskJson(t: SigningTaskView) {
  return {
    id: t.id,
    task_id: t.id,
    user_id: t.userId,
    username: t.username,
    certificate_id: t.certificateId,
    certificate_name: t.certificateName,
    source: t.source,
    ipa_id: t.uploadId,
    app_id: t.appId,
    options: t.options,
    status: t.status,
    stage: t.stage,
    progress: t.progress,
    error: t.status === "failed" && t.errorCode ? { code: t.errorCode, message: t.errorMessage } : null,
    app_name: t.appName,
    bundle_id: t.bundleId,
    version: t.version,
    icon_url: t.iconUrl,
    size: t.artifactSize,
    charge: fenToYuan(t.chargeFen),
    refunded: t.refunded,
    downloads_used: t.downloadsUsed,
    downloads_limit: t.downloadsLimit,
    expires_at: t.expiresAt,
    created_at: t.createdAt,
    started_at: t.startedAt,
    finished_at: t.finishedAt,
    resigned_at: t.resignedAt,
    resign_count: t.resignCount,
    resign_state: t.resignState,
  };
}

function uploadJson(u: UploadView) {
  return {
    id: u.id,
    filename: u.filename,
    size: u.size,
    name: u.name,
    bundle_id: u.bundleId,
    version: u.version,
    build: u.build,
    min_os_version: u.minOsVersion,
    icon_url: u.iconUrl,
    created_at: u.createdAt,
    expires_at: u.expiresAt,
  };
}

function certJson(c: SignableCertificate) {
  return {
    id: c.id,
    name: c.name,
    kind: c.kind,
    team_name: c.teamName,
    app_id: c.appId,
    cert_type: c.certType,
    status: c.status,
    expires_at: c.expiresAt,
    usable: c.usable,
    fee: fenToYuan(c.feeFen),
  };
}

function settingsJson(s: SigningSettings) {
  return {
    charge_mode: s.chargeMode,
    fee: fenToYuan(s.feeFen),
    artifact_hours: s.artifactHours,
    downloads_per_task: s.downloadsPerTask,
    daily_limit: s.dailyLimit,
    max_upload_mb: s.maxUploadMb,
  };
}

const taskIdOf = (body: Record<string, unknown>, params: Record<string, string>) =>
  params.id ?? body.task_id ?? body.id;

export const signingRoutes: RouteDef[] = [
  // ---- the owner's uploads and tasks ----
  route("post", "/signing/upload-ipa", "user", async ({ req, auth, services }) => {
    await services.signing.admitUpload(auth!.user.id);
    const maxBytes = await services.signing.maxUploadBytes();
    const file = await receiveFile(req, services.storage, { field: "ipa", maxBytes });
    return uploadJson(await services.signing.upload(auth!.user.id, file));
  }),
  route("post", "/signing/import-source-app", "user", async ({ auth, body, services }) =>
    uploadJson(await services.signing.importSourceApp(auth!.user, body.source_app_id ?? body.id)),
  ),
  route("get", "/signing/uploads", "user", async ({ auth, services, res }) => {
    privateCache(res);
    return (await services.signing.uploadsMine(auth!.user.id)).map(uploadJson);
  }),
  route("get", "/signing/certificates", "user", async ({ auth, services, res }) => {
    privateCache(res);
    return (await services.signing.signableCertificates(auth!.user.id)).map(certJson);
  }),
  route("post", "/signing/create-task", "user", async ({ auth, body, services }) =>
    taskJson(
      await services.signing.createTask(auth!.user.id, {
        certificateId: body.certificate_id,
        ipaId: body.ipa_id,
        appId: body.app_id,
        bundleId: body.bundle_id,
        displayName: body.display_name,
        version: body.version,
        dylibIds: body.dylib_ids,
        removeUISupportedDevices: body.remove_supported_devices,
        removePlugins: body.remove_plugins,
        removeWatch: body.remove_watch,
      }),
    ),
  ),
  route("get", "/signing/tasks", "user", async ({ auth, query, services, res }) => {
    privateCache(res);
    return pageJson(
      "tasks",
      await services.signing.tasksMine(auth!.user.id, {
        status: query.status,
        page: query.page,
        pageSize: query.limit ?? query.pageSize,
      }),
      taskJson,
    );
  }),
  route("get", "/signing/tasks/:id", "user", async ({ auth, params, services, res }) => {
    privateCache(res);
    return taskJson(await services.signing.taskMine(auth!.user.id, params.id));
  }),
  route("post", "/signing/cancel/:id", "user", async ({ auth, params, body, services }) =>
    taskJson(await services.signing.cancel(auth!.user.id, taskIdOf(body, params))),
  ),
  route("post", "/signing/cancel", "user", async ({ auth, params, body, services }) =>
    taskJson(await services.signing.cancel(auth!.user.id, taskIdOf(body, params))),
  ),
  route("post", "/signing/retry/:id", "user", async ({ auth, params, body, services }) =>
    taskJson(await services.signing.retry(auth!.user.id, taskIdOf(body, params))),
  ),
  route("post", "/signing/retry", "user", async ({ auth, params, body, services }) =>
    taskJson(await services.signing.retry(auth!.user.id, taskIdOf(body, params))),
  ),
  route("delete", "/signing/delete/:id", "user", async ({ auth, params, body, services }) => ({
    deleted: await services.signing.delete(auth!.user.id, taskIdOf(body, params)),
  })),
  route("post", "/signing/delete", "user", async ({ auth, params, body, services }) => ({
    deleted: await services.signing.delete(auth!.user.id, taskIdOf(body, params)),
  })),
  route("post", "/signing/deduct-download", "user", async ({ auth, params, body, services }) =>
    taskJson(await services.signing.deductDownload(auth!.user.id, taskIdOf(body, params))),
  ),
  route("get", "/signing/status", "guest", async ({ services, res }) => {
    privateCache(res);
    const s = await services.signing.status();
    return { queued: s.queued, running: s.running, workers_online: s.workersOnline, ...settingsJson(s.settings) };
  }),

  // ---- install and download (the owner's token, or a link token for phones without a session) ----
  route("get", "/signing/install/:id", "guest", async ({ auth, params, query, meta, services, res }) => {
    privateCache(res);
    // A link token wins over the session (a shared install page opened by someone logged in to their own account).
    const i = await services.signing.install(
      params.id,
      query.token === undefined && auth ? { userId: auth.user.id } : { token: query.token },
      meta.origin,
    );
    return {
      task_id: i.taskId,
      app_name: i.appName,
      bundle_id: i.bundleId,
      version: i.version,
      icon_url: i.iconUrl,
      certificate_name: i.certificateName,
      size: i.size,
      itms_url: i.itmsUrl,
      plist_url: i.manifestUrl,
      download_url: i.downloadUrl,
      install_page_url: i.installPageUrl,
      https: i.https,
      expires_at: i.expiresAt,
      downloads_left: i.downloadsLeft,
      resigned_at: i.resignedAt,
    };
  }),
  route("get", "/signing/plist/:id", "guest", async ({ params, query, meta, services, res }) => {
    const xml = await services.signing.manifest(params.id, query.token, meta.origin);
    privateCache(res);
    res.setHeader("Content-Type", "application/xml; charset=utf-8");
    res.send(xml);
  }),
  route("get", "/signing/download/:id", "guest", async ({ auth, params, query, req, services, res }) => {
    // A link token wins over the session: the link is what iOS and other phones use.
    const access = query.token !== undefined ? { token: query.token } : auth ? { userId: auth.user.id } : null;
    if (!access) throw new DomainError("SIGN_LINK_INVALID");
    const head = req.method === "HEAD";
    const d = await services.signing.download(params.id, access, { range: req.get("range"), head });
    if (d.unsatisfiable) {
      res.setHeader("Content-Range", `bytes */${d.size}`);
      throw new DomainError("SIGN_RANGE_INVALID");
    }
    privateCache(res);
    // What did not go out (the client went away) is given back to the task's download allowance.
    let sent = 0;
    try {
      sent = await sendFileDownload(res, d, { range: d.range, head, asciiName: "app.ipa" });
    } finally {
      await d.settle(sent);
    }
  }),

  // ---- settings ----
  route("get", "/signing-settings", "user", async ({ services, res }) => {
    privateCache(res);
    return settingsJson(await services.signing.settings());
  }),
  // Edited on 系统设置 (its 签名设置 tab): the settings group, not signing.
  route("put", "/signing-settings", "perm:settings", async ({ body, services }) =>
    settingsJson(
      await services.signing.updateSettings({
        chargeMode: body.charge_mode,
        fee: body.fee,
        artifactHours: body.artifact_hours,
        downloadsPerTask: body.downloads_per_task,
        dailyLimit: body.daily_limit,
        maxUploadMb: body.max_upload_mb,
      }),
    ),
  ),

  // ---- admin ----
  route("get", "/signing/admin/tasks", "admin", async ({ query, services, res }) => {
    privateCache(res);
    const page = await services.signing.adminTasks({
      status: query.status,
      user: query.user,
      certificateId: query.certificate_id,
      from: query.from,
      to: query.to,
      page: query.page,
      pageSize: query.limit ?? query.pageSize,
      after: query.after,
    });
    return pageJson("tasks", page, (t) => ({ ...taskJson(t), report: t.report }));
  }),
  route("get", "/signing/admin/tasks/:id", "admin", async ({ params, services, res }) => {
    privateCache(res);
    const t = await services.signing.adminTask(params.id);
    return { ...taskJson(t), report: t.report };
  }),
  route("get", "/signing/admin/stats", "admin", async ({ services, res }) => {
    privateCache(res);
    const s = await services.signing.stats();
    return {
      queued: s.queued,
      running: s.running,
      done: s.done,
      failed: s.failed,
      cancelled: s.cancelled,
      per_day: s.perDay,
    };
  }),
  route("post", "/signing/admin/tasks/:id/retry", "admin", async ({ params, services }) =>
    taskJson(await services.signing.retry(null, params.id)),
  ),
  route("post", "/signing/admin/tasks/:id/cancel", "admin", async ({ params, services }) =>
    taskJson(await services.signing.cancel(null, params.id)),
  ),
  route("delete", "/signing/admin/tasks/:id", "admin", async ({ params, services }) => ({
    deleted: await services.signing.delete(null, params.id),
  })),
  route("post", "/signing/add-downloads", "admin", async ({ body, services }) =>
    taskJson(await services.signing.addDownloads(body.task_id ?? body.id, body.count)),
  ),
  route("post", "/signing/cleanup", "admin", async ({ services }) => services.signing.cleanup()),
];
