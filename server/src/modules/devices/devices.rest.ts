import express, { type Request, type Response } from "express";
import { DomainError } from "../../common/errors";
import { pageJson, privateCache, route, type RestInput, type RouteDef } from "../../rest/router";
import { linkOrigin } from "../../rest/link-origin";
import {
  RELAY_MAX_BYTES,
  type AdminDeviceView,
  type ConsumeResult,
  type DeviceModelView,
  type DeviceView,
  type SigningIdentityStatus,
} from "./devices.service";

function deviceJson(d: DeviceView) {
  return {
    id: d.id,
    udid: d.udid,
    product: d.product,
    model_name: d.modelName,
    version: d.version,
    serial: d.serial,
    imei: d.imei,
    user_id: d.userId,
    username: d.username,
    bound_at: d.boundAt,
    unbound_at: d.unboundAt,
    captured_at: d.capturedAt,
    created_at: d.createdAt,
  };
}

const adminDeviceJson = (d: AdminDeviceView) => ({
  ...deviceJson(d),
  certificates: d.certificates.map((c) => ({
    id: c.id,
    name: c.name,
    scope: c.scope,
    status: c.status,
    expires_at: c.expiresAt,
  })),
});
const modelJson = (m: DeviceModelView) => ({ id: m.id, product: m.product, name: m.name, updated_at: m.updatedAt });
const consumeJson = (r: ConsumeResult) => ({
  relayed: r.relayed,
  attached: r.attached,
  device: r.device ? deviceJson(r.device) : null,
});
const identityJson = (s: SigningIdentityStatus) => ({
  configured: s.configured,
  common_name: s.commonName,
  not_after: s.notAfter,
  updated_at: s.updatedAt,
});

/** The origin links to this site are built from (PUBLIC_URL, or an allowed Host: rest/link-origin.ts). */
const requestOrigin = (req: Request) => linkOrigin(req);
const requestMetaOf = (req: Request, ip: string) => ({
  ip,
  requestOrigin: requestOrigin(req),
  host: req.hostname ?? "",
});

/** The device's body (application/pkcs7-signature, or anything else): raw bytes, at most RELAY_MAX_BYTES. */
const rawBody = express.raw({ type: () => true, limit: RELAY_MAX_BYTES });
async function readRaw(req: Request, res: Response): Promise<Buffer> {
  if (Buffer.isBuffer(req.body)) return req.body;
  await new Promise<void>((resolve, reject) => rawBody(req, res, (e?: Error) => (e ? reject(e) : resolve())));
  if (!Buffer.isBuffer(req.body)) throw new DomainError("UDID_RESPONSE_INVALID");
  return req.body;
}

/** The mobileconfig for the query's token (a user), session (a guest session made before) or neither (a new guest). */
async function serveProfile(
  query: Record<string, unknown>,
  ip: string,
  services: RestInput["services"],
  req: Request,
  res: Response,
): Promise<void> {
  // A login token never travels in a link (browser history, proxy logs): a user's capture is a session made with
  // POST /api/udid/session, whose short-lived single-use id the link carries. An old link with a token is refused.
  if (query.token !== undefined) throw new DomainError("UDID_TOKEN_INVALID");
  const r = await services.devices.profile(
    { session: query.session, userId: null, callback: query.callback, front: query.front },
    requestMetaOf(req, ip),
  );
  privateCache(res);
  res.setHeader("Content-Type", "application/x-apple-aspen-config");
  res.setHeader("Content-Disposition", 'attachment; filename="udid.mobileconfig"');
  res.setHeader("X-Profile-Signed", r.signed ? "1" : "0");
  res.end(r.body);
}

export const devicesRoutes: RouteDef[] = [
  // The Profile Service mobileconfig. `session` serves a session made before (a user's, made with their login by
  // POST /api/udid/session, or a guest's); without it a new guest session. `front` and `callback` say where the
  // browser goes after the device has posted.
  route("get", "/udid/profile", "guest", async ({ query, meta, services, req, res }) => {
    try {
      await serveProfile(query, meta.ip, services, req, res);
    } catch (e) {
      // A browser that followed the link (Safari, the tip's redirect) lands on the guide, which says what went wrong;
      // API clients get the error envelope.
      if (e instanceof DomainError && req.accepts(["application/json", "text/html"]) === "text/html") {
        res.redirect(302, `/udid/guide?error=${encodeURIComponent(e.code)}`);
        return;
      }
      throw e;
    }
  }),
  // Where iOS posts the CMS-signed attributes; answered with a 301 to the result page.
  route("post", "/udid/relay/:id", "guest", async ({ params, services, req, res }) => {
    let body: Buffer;
    try {
      body = await readRaw(req, res);
    } catch (e) {
      if (e instanceof DomainError) throw e;
      throw new DomainError("UDID_RESPONSE_INVALID");
    }
    const r = await services.devices.relay(params.id, body);
    res.redirect(301, r.location);
  }),
  route("post", "/udid/session", "guest", async ({ auth, body, meta, services, req, res }) => {
    privateCache(res);
    const s = await services.devices.createSession(
      auth?.user.id ?? null,
      { callback: body.callback ?? body.back, front: body.front },
      requestMetaOf(req, meta.ip),
    );
    return {
      session_id: s.id,
      expires_at: s.expiresAt,
      profile_url: await services.devices.profileUrl(s.id, requestOrigin(req)),
    };
  }),
  route("get", "/udid/session/:id/profile-url", "guest", async ({ params, services, req, res }) => {
    privateCache(res);
    return { url: await services.devices.profileUrl(params.id, requestOrigin(req)) };
  }),
  route("post", "/udid/session/:id/consume", "guest", async ({ auth, params, services, res }) => {
    privateCache(res);
    return consumeJson(await services.devices.consume(params.id, auth?.user.id ?? null));
  }),
  route("get", "/udid/my-devices", "user", async ({ auth, services, res }) => {
    privateCache(res);
    return (await services.devices.myDevices(auth!.user.id)).map(deviceJson);
  }),
  route("get", "/udid/my-latest", "user", async ({ auth, services, res }) => {
    privateCache(res);
    const d = await services.devices.myLatest(auth!.user.id);
    return d ? deviceJson(d) : null;
  }),
  route("post", "/udid/unbind/:id", "user", async ({ auth, params, services }) => {
    await services.devices.unbind(auth!.user.id, params.id);
    return { id: Number(params.id) };
  }),
  route("post", "/udid/admin/unbind/:id", "admin", async ({ params, services }) =>
    deviceJson(await services.devices.adminUnbind(params.id)),
  ),
  route("get", "/udid/admin/devices", "admin", async ({ query, services, res }) => {
    privateCache(res);
    return pageJson(
      "devices",
      await services.devices.adminDevices({
        search: query.search,
        page: query.page,
        pageSize: query.limit ?? query.pageSize,
      }),
      adminDeviceJson,
    );
  }),
  route("get", "/udid/admin/device-models", "admin", async ({ query, services, res }) => {
    privateCache(res);
    return (await services.devices.models({ search: query.search })).map(modelJson);
  }),
  route("post", "/udid/admin/device-models", "admin", async ({ body, services }) =>
    modelJson(await services.devices.createModel(body)),
  ),
  route("put", "/udid/admin/device-models/:id", "admin", async ({ params, body, services }) =>
    modelJson(await services.devices.updateModel(params.id, body)),
  ),
  route("delete", "/udid/admin/device-models/:id", "admin", async ({ params, services }) => {
    await services.devices.deleteModel(params.id);
    return { id: Number(params.id) };
  }),
  route("get", "/udid/admin/signing-identity", "admin", async ({ services, res }) => {
    privateCache(res);
    return identityJson(await services.devices.signingIdentity());
  }),
  // JSON {p12: base64, password}: the p12 is a few KB.
  route("post", "/udid/admin/signing-identity", "admin", async ({ body, services }) => {
    const b64 = typeof body.p12 === "string" ? body.p12 : "";
    if (!/^[A-Za-z0-9+/=\s]*$/.test(b64)) throw new DomainError("UDID_SIGNING_P12_INVALID");
    return identityJson(await services.devices.setSigningIdentity(Buffer.from(b64, "base64"), body.password));
  }),
  route("delete", "/udid/admin/signing-identity", "admin", async ({ services }) =>
    identityJson(await services.devices.clearSigningIdentity()),
  ),
];
