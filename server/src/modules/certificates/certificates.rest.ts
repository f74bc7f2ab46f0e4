import { zipSync } from "fflate";
import type { Response } from "express";
import { attachment, privateCache, pageJson, route, type RouteDef } from "../../rest/router";
import { receiveForm } from "../../rest/upload";
import { P12_MAX_BYTES, PROFILE_MAX_BYTES } from "./certificate-bundle";
import type { CertificateBundle, CertificateView } from "./certificates.service";
import { P8_MAX_BYTES, type P8KeyView } from "./p8-keys.service";

/** A certificate in the REST envelope (snake_case, like the other facades). */
function certificateJson(c: CertificateView) {
  return {
    id: c.id,
    scope: c.scope,
    user_id: c.userId,
    username: c.username,
    name: c.name,
    common_name: c.commonName,
    team_id: c.teamId,
    team_name: c.teamName,
    type: c.certType,
    serial_number: c.serialNumber,
    sha1: c.sha1,
    not_before: c.notBefore,
    not_after: c.notAfter,
    profile_name: c.profileName,
    profile_uuid: c.profileUuid,
    app_id: c.appId,
    profile_type: c.profileType,
    entitlements: c.entitlements,
    devices: c.devices,
    device_count: c.deviceCount,
    all_devices: c.allDevices,
    profile_created_at: c.profileCreatedAt,
    profile_expires_at: c.profileExpiresAt,
    expires_at: c.expiresAt,
    status: c.status,
    checked_at: c.checkedAt,
    status_reason: c.statusReason,
    temp_expires_at: c.tempExpiresAt,
    source_certificate_id: c.sourceCertificateId,
    demo: c.demo,
    auto_resign: c.autoResign,
    created_at: c.createdAt,
  };
}

/** The short form of lists where the devices and entitlements would be noise (temporary `my`). */
function certificateSummary(c: CertificateView) {
  return {
    id: c.id,
    name: c.name,
    common_name: c.commonName,
    team_id: c.teamId,
    type: c.certType,
    expires_at: c.expiresAt,
    temp_expires_at: c.tempExpiresAt,
    status: c.status,
  };
}

const p8Json = (k: P8KeyView) => ({
  id: k.id,
  name: k.name,
  issuer_id: k.issuerId,
  key_id: k.keyId,
  created_at: k.createdAt,
});

const FORM = { files: { p12: P12_MAX_BYTES, mobileprovision: PROFILE_MAX_BYTES } };

/** The zip of a certificate: the p12, the profile and password.txt (the password's UTF-8 bytes). */
export function sendCertificateZip(res: Response, b: CertificateBundle): void {
  const base = `certificate-${b.id}`;
  const zip = zipSync(
    { [`${base}.p12`]: b.p12, [`${base}.mobileprovision`]: b.profile, "password.txt": Buffer.from(b.password, "utf8") },
    { level: 6 },
  );
  privateCache(res);
  res.setHeader("Content-Type", "application/zip");
  res.setHeader("Content-Disposition", attachment(`${b.name}.zip`, `${base}.zip`));
  res.send(Buffer.from(zip));
}

export const certificatesRoutes: RouteDef[] = [
  // ---- the owner's certificates ----
  route("get", "/certificates", "user", async ({ auth, services, res }) => {
    privateCache(res);
    return (await services.certificates.listMine(auth!.user.id, "user")).map(certificateJson);
  }),
  route("post", "/certificates/upload", "user", async ({ auth, services, req }) => {
    const { files, fields } = await receiveForm(req, FORM);
    const c = await services.certificates.upload("user", auth!.user.id, {
      p12: files.p12,
      mobileprovision: files.mobileprovision,
      password: fields.password,
      name: fields.name,
    });
    return certificateJson(c);
  }),
  route("post", "/certificates/verify-p12-password", "user", async ({ auth, services, req }) => {
    const { files, fields } = await receiveForm(req, { files: { p12: P12_MAX_BYTES } });
    return { valid: await services.certificates.verifyPassword(auth!.user.id, files.p12, fields.password) };
  }),
  route("get", "/certificates/parse/:id", "user", async ({ auth, params, services, res }) => {
    privateCache(res);
    return certificateJson(await services.certificates.getMine(auth!.user.id, params.id, "user"));
  }),
  route("get", "/certificates/detail/:id", "user", async ({ auth, params, services, res }) => {
    privateCache(res);
    return certificateJson(await services.certificates.getMine(auth!.user.id, params.id, "user"));
  }),
  route("get", "/certificates/download/:id", "user", async ({ auth, params, services, res }) => {
    sendCertificateZip(res, await services.certificates.bundleOf(auth!.user.id, params.id, "user"));
  }),
  // 掉签后自动使用: at most one per user; `enabled: false` clears it.
  route("put", "/certificates/:id/auto-resign", "user", async ({ auth, params, body, services }) =>
    certificateJson(await services.certificates.setAutoResign(auth!.user.id, params.id, body.enabled)),
  ),
  route("delete", "/certificates/:id", "user", async ({ auth, params, services }) => {
    await services.certificates.removeMine(auth!.user.id, params.id, "user");
    return { id: Number(params.id) };
  }),

  // ---- temporary certificates ----
  route("post", "/temp-certificates/upload", "user", async ({ auth, services, req }) => {
    const { files, fields } = await receiveForm(req, FORM);
    const c = await services.certificates.upload(
      "temp",
      auth!.user.id,
      { p12: files.p12, mobileprovision: files.mobileprovision, password: fields.password, name: fields.name },
      { tempDays: fields.days },
    );
    return certificateJson(c);
  }),
  route("get", "/temp-certificates/my", "user", async ({ auth, services, res }) => {
    privateCache(res);
    return (await services.certificates.listMine(auth!.user.id, "temp")).map(certificateSummary);
  }),
  route("get", "/temp-certificates/my/details", "user", async ({ auth, services, res }) => {
    privateCache(res);
    return (await services.certificates.listMine(auth!.user.id, "temp")).map(certificateJson);
  }),
  route("get", "/temp-certificates/my/:id", "user", async ({ auth, params, services, res }) => {
    privateCache(res);
    return certificateJson(await services.certificates.getMine(auth!.user.id, params.id, "temp"));
  }),
  route("delete", "/temp-certificates/my/:id", "user", async ({ auth, params, services }) => {
    await services.certificates.removeMine(auth!.user.id, params.id, "temp");
    return { id: Number(params.id) };
  }),
  route("get", "/temp-certificates/download/:id", "user", async ({ auth, params, services, res }) => {
    sendCertificateZip(res, await services.certificates.bundleOf(auth!.user.id, params.id, "temp"));
  }),
  route("get", "/temp-certificates/main-certificates", "user", async ({ auth, services, res }) => {
    privateCache(res);
    return (await services.certificates.listMine(auth!.user.id, "user")).map(certificateSummary);
  }),
  route("post", "/temp-certificates/import-from-main", "user", async ({ auth, body, services }) => {
    return certificateJson(
      await services.certificates.importFromMain(auth!.user.id, body.certificate_id ?? body.certificateId, body.days),
    );
  }),
  route("get", "/temp-certificates/importable-orders", "user", async ({ auth, services, res }) => {
    privateCache(res);
    return services.certificates.importableOrders(auth!.user.id);
  }),
  route("post", "/temp-certificates/import-from-order", "user", async ({ auth, body, services }) => {
    return certificateJson(
      await services.certificates.importFromOrder(auth!.user.id, body.order_id ?? body.orderId, body.days),
    );
  }),

  // ---- admin: every user's certificates ----
  route("get", "/admin/certificates", "admin", async ({ query, services, res }) => {
    privateCache(res);
    const page = await services.certificates.adminList({
      scope: query.scope,
      search: query.search,
      status: query.status,
      userId: query.user_id,
      page: query.page,
      pageSize: query.limit ?? query.pageSize,
    });
    return pageJson("certificates", page, certificateJson);
  }),
  route("get", "/admin/certificates/:id", "admin", async ({ params, services, res }) => {
    privateCache(res);
    return certificateJson(await services.certificates.getById(params.id));
  }),
  route("delete", "/admin/certificates/:id", "admin", async ({ params, services }) => {
    await services.certificates.adminRemove(params.id);
    return { id: Number(params.id) };
  }),

  // ---- admin: the platform's own certificates ----
  route("get", "/admin/platform-certificates", "admin", async ({ query, services, res }) => {
    privateCache(res);
    return pageJson(
      "certificates",
      await services.certificates.adminList({
        scope: "platform",
        search: query.search,
        status: query.status,
        page: query.page,
        pageSize: query.limit ?? query.pageSize,
      }),
      certificateJson,
    );
  }),
  route("post", "/admin/platform-certificates/upload", "admin", async ({ services, req }) => {
    const { files, fields } = await receiveForm(req, FORM);
    return certificateJson(
      await services.certificates.upload("platform", null, {
        p12: files.p12,
        mobileprovision: files.mobileprovision,
        password: fields.password,
        name: fields.name,
      }),
    );
  }),
  route("get", "/admin/platform-certificates/download/:id", "admin", async ({ params, services, res }) => {
    sendCertificateZip(res, await services.certificates.bundleOf(null, params.id, "platform"));
  }),
  route("delete", "/admin/platform-certificates/:id", "admin", async ({ params, services }) => {
    await services.certificates.removePlatform(params.id);
    return { id: Number(params.id) };
  }),

  // ---- admin: App Store Connect API keys ----
  route("get", "/admin/p8-certificates", "admin", async ({ services, res }) => {
    privateCache(res);
    return (await services.p8Keys.list()).map(p8Json);
  }),
  route("post", "/admin/p8-certificates", "admin", async ({ auth, services, req, body }) => {
    // Multipart with the .p8 file in `p8`, or JSON with the key's text in `private_key`.
    if (req.is("multipart/form-data")) {
      const { files, fields } = await receiveForm(req, { files: { p8: P8_MAX_BYTES } });
      return p8Json(
        await services.p8Keys.create(auth!.user.id, {
          name: fields.name,
          issuerId: fields.issuer_id,
          keyId: fields.key_id,
          privateKey: files.p8?.toString("utf8"),
        }),
      );
    }
    return p8Json(
      await services.p8Keys.create(auth!.user.id, {
        name: body.name,
        issuerId: body.issuer_id,
        keyId: body.key_id,
        privateKey: body.private_key,
      }),
    );
  }),
  route("delete", "/admin/p8-certificates/:id", "admin", async ({ params, services }) => {
    await services.p8Keys.remove(params.id);
    return { id: Number(params.id) };
  }),
];
