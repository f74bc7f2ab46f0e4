import { randomBytes } from "node:crypto";
import type { DataSource } from "typeorm";
import { loadP12Offloaded, verifyDeviceResponseOffloaded, type DeviceResponseCheck } from "@gryx/apple/offload";
import { parsingRefusal } from "../../common/apple-parsing";
import { signAttachedCms, type CmsSigner } from "@gryx/apple/cms";
import { APPLE_IPHONE_DEVICE_CA_PEM } from "@gryx/apple/apple-certs";
import { DomainError } from "../../common/errors";
import type { RateCounter } from "../../common/rate-limit";
import { likePattern, pageArgs, parseId, queryString, requireText } from "../../common/validate";
import type { Page } from "../../graphql/page";
import type { Keyring } from "@gryx/platform/secrets";
import type { SettingsService } from "../settings/settings.service";
import { deviceAttributes, profileServicePlist } from "./profile-service";
import {
  adminDevicePage,
  adminDeviceTotal,
  attachDevice,
  certificatesListingDevices,
  claimUdidSession,
  deleteDeviceModel,
  deleteUdidSigningIdentity,
  deviceById,
  deviceModelProductTaken,
  deviceModels,
  devicesOfUser,
  insertDeviceModel,
  insertUdidSession,
  lockDeviceByUdid,
  markUdidSessionConsumed,
  pruneUdidSessions,
  saveUdidSigningIdentity,
  setUdidSessionDevice,
  udidSessionById,
  udidSigningIdentityInfo,
  udidSigningIdentitySealed,
  unbindDevice,
  updateDeviceModel,
  upsertCapturedDevice,
  type DeviceModelRow,
  type DeviceRow,
  type UdidSessionRow,
} from "@gryx/store";

/** A capture session relays once within this time after the profile was served. */
const SESSION_TTL_MINUTES = 30;
/** Its result can be claimed (consume) this long after it was created. */
const CLAIM_HOURS = 24;
/** The device's signed response is a few KB; anything far beyond is refused unread. */
export const RELAY_MAX_BYTES = 64 * 1024;
const SIGNING_P12_MAX_BYTES = 32 * 1024;
/** Guest sessions and profiles per address per 10 minutes. */
const GUEST_SESSION_LIMIT = 30;
/** Purposes (associated data) the profile-signing p12 and its password are sealed with; also the domain's `sealed` list. */
export const SIGNING_P12_PURPOSE = "devices.signing-p12";
export const SIGNING_PASSWORD_PURPOSE = "devices.signing-password";

export interface DeviceView {
  id: number;
  userId: number | null;
  username: string | null;
  udid: string;
  product: string;
  /** The marketing name from device_models, or null for an unknown PRODUCT. */
  modelName: string | null;
  version: string;
  serial: string;
  imei: string | null;
  boundAt: Date | null;
  unboundAt: Date | null;
  capturedAt: Date;
  createdAt: Date;
}

/** A certificate whose provisioning profile lists a device's UDID (ProvisionedDevices). */
export interface DeviceCertificateView {
  id: number;
  name: string;
  /** user, temp or platform */
  scope: string;
  /** unchecked, valid, revoked, expired or error */
  status: string;
  expiresAt: Date;
}

export interface AdminDeviceView extends DeviceView {
  certificates: DeviceCertificateView[];
}

export interface DeviceModelView {
  id: number;
  product: string;
  name: string;
  updatedAt: Date;
}

export interface SessionView {
  id: string;
  expiresAt: Date;
}

export interface ConsumeResult {
  /** False while the device has not posted yet. */
  relayed: boolean;
  device: DeviceView | null;
  /** Whether the device now belongs to the caller. */
  attached: boolean;
}

export interface SigningIdentityStatus {
  configured: boolean;
  commonName: string | null;
  notAfter: Date | null;
  updatedAt: Date | null;
}

function deviceView(r: DeviceRow): DeviceView {
  return {
    id: r.id,
    userId: r.user_id,
    username: r.username ?? null,
    udid: r.udid,
    product: r.product,
    modelName: r.model_name ?? null,
    version: r.version,
    serial: r.serial,
    imei: r.imei,
    boundAt: r.bound_at,
    unboundAt: r.unbound_at,
    capturedAt: r.captured_at,
    createdAt: r.created_at,
  };
}

const modelView = (r: DeviceModelRow): DeviceModelView => ({
  id: r.id,
  product: r.product,
  name: r.name,
  updatedAt: r.updated_at,
});

/** A session id from a path: 32 lower-case hex characters, else "not found" (ids do not hint at their shape). */
function sessionId(raw: unknown): string {
  if (typeof raw !== "string" || !/^[0-9a-f]{32}$/.test(raw)) throw new DomainError("UDID_SESSION_NOT_FOUND");
  return raw;
}

/** Where the browser goes after the capture: a site-relative path ("/…", not "//host"), default /udid/received. */
function callbackPath(raw: unknown): string {
  if (raw === undefined || raw === null || raw === "") return "/udid/received?back=%2F";
  if (
    typeof raw !== "string" ||
    raw.length > 500 ||
    !raw.startsWith("/") ||
    raw.startsWith("//") ||
    /[\\\s\u0000-\u001f]/.test(raw)
  )
    throw new DomainError("UDID_BACK_INVALID");
  return raw;
}

/** An http(s) origin ("https://host[:port]"), or null. */
function originOf(raw: unknown): string | null {
  if (typeof raw !== "string" || raw.length > 200) return null;
  try {
    const u = new URL(raw);
    return u.protocol === "http:" || u.protocol === "https:" ? u.origin : null;
  } catch {
    return null;
  }
}

const PRODUCT_PATTERN = /^[A-Za-z]{2,16}\d{1,3},\d{1,3}$/;

/**
 * UDID capture and devices. A capture session is created when a profile is served (for the user of the token in the
 * URL, or for a guest); the device posts its CMS-signed attributes to the session's relay once; the result is bound
 * to the session's user at once, or claimed by a guest's `consume` (and attached when that guest has logged in).
 */
export class DevicesService {
  private signer: { at: number; signer: CmsSigner | null } | null = null;
  /** Who may issue a device's identity: Apple's iPhone Device CA, plus APPLE_DEVICE_EXTRA_ROOTS (tests). */
  private readonly deviceRoots: (string | Buffer)[];

  constructor(
    private readonly db: DataSource,
    private readonly settings: SettingsService,
    private readonly rates: RateCounter,
    private readonly secrets: Keyring,
    private readonly opts: { publicUrl?: string; deviceExtraRoots?: Buffer[] },
  ) {
    this.deviceRoots = [APPLE_IPHONE_DEVICE_CA_PEM, ...(opts.deviceExtraRoots ?? [])];
  }

  // ---- capture ----------------------------------------------------------------------------------------------

  /** The origin the device posts to: PUBLIC_URL when configured, else the request's own origin. */
  base(requestOrigin: string): string {
    return (this.opts.publicUrl ?? requestOrigin).replace(/\/+$/, "");
  }

  /**
   * A new capture session. `front` (the page's origin) is kept only when it is this site's origin (the request's,
   * or PUBLIC_URL's), so the redirect after the capture cannot be pointed at another site.
   */
  async createSession(
    userId: number | null,
    input: { callback?: unknown; front?: unknown },
    meta: { ip: string; requestOrigin: string },
  ): Promise<SessionView> {
    const callback = callbackPath(input.callback);
    if (userId === null) {
      const hit = await this.rates.hit(`udid-session:ip:${meta.ip}`, 600);
      if (hit.count > GUEST_SESSION_LIMIT)
        throw new DomainError("RATE_LIMITED", "获取设备信息过于频繁，请稍后再试", { retryAfter: hit.retryAfter });
    }
    const front = originOf(input.front);
    const allowed = [originOf(meta.requestOrigin), originOf(this.opts.publicUrl)];
    const id = randomBytes(16).toString("hex");
    const expiresAt = await insertUdidSession(this.db, {
      id,
      userId,
      back: callback,
      front: front && allowed.includes(front) ? front : null,
      ttlMinutes: SESSION_TTL_MINUTES,
    });
    // Housekeeping: sessions long past their claim window.
    await pruneUdidSessions(this.db);
    return { id, expiresAt };
  }

  /** Where a session's profile is downloaded. */
  async profileUrl(rawId: unknown, requestOrigin: string): Promise<string> {
    const s = await this.session(sessionId(rawId));
    if (s.relayed_at) throw new DomainError("UDID_SESSION_USED");
    if (new Date(s.expires_at).getTime() <= Date.now()) throw new DomainError("UDID_SESSION_EXPIRED");
    return `${this.base(requestOrigin)}/api/udid/profile?session=${s.id}`;
  }

  /**
   * The mobileconfig for a session: an existing guest session (`session`), or a new one for `userId` (the token's
   * user) or a guest. Signed with the site's identity when one is configured.
   */
  async profile(
    input: { session?: unknown; userId: number | null; callback?: unknown; front?: unknown },
    meta: { ip: string; requestOrigin: string; host: string },
  ): Promise<{ body: Buffer; signed: boolean; sessionId: string }> {
    let id: string;
    if (input.session !== undefined && input.session !== "") {
      const s = await this.session(sessionId(input.session));
      if (s.relayed_at) throw new DomainError("UDID_SESSION_USED");
      if (new Date(s.expires_at).getTime() <= Date.now()) throw new DomainError("UDID_SESSION_EXPIRED");
      id = s.id;
    } else {
      id = (await this.createSession(input.userId, { callback: input.callback, front: input.front }, meta)).id;
    }
    const site = await this.settings.getSite();
    const xml = Buffer.from(
      profileServicePlist({
        url: `${this.base(meta.requestOrigin)}/api/udid/relay/${id}`,
        challenge: id,
        siteName: site.siteName,
        host: meta.host,
      }),
      "utf8",
    );
    const signer = await this.currentSigner();
    return signer
      ? { body: signAttachedCms(signer, xml), signed: true, sessionId: id }
      : { body: xml, signed: false, sessionId: id };
  }

  /**
   * The device's POST: the CMS signature must be intact and its signer issued by Apple's iPhone Device CA (a
   * self-made identity is UDID_DEVICE_UNTRUSTED), the plist must carry a well-formed UDID (and the session's
   * challenge when it has one), the session must exist, be unexpired and not have relayed before. Stores or updates
   * the device and returns where to send the browser. A device another account holds stays with it
   * (UDID_DEVICE_TAKEN, nothing changes): its owner unbinds it first, or an admin does.
   */
  async relay(rawId: unknown, body: Buffer): Promise<{ location: string; device: DeviceView }> {
    const id = sessionId(rawId);
    await this.session(id); // unknown ids are refused before any signature work
    if (body.length === 0 || body.length > RELAY_MAX_BYTES) throw new DomainError("UDID_RESPONSE_INVALID");
    // The CMS check, the chain and the plist parse run on the parsing threads (size and time budgets), never here.
    let checked: DeviceResponseCheck;
    try {
      checked = await verifyDeviceResponseOffloaded(body, this.deviceRoots);
    } catch (e) {
      throw parsingRefusal(e) ?? e;
    }
    if (checked.status === "bad-signature") throw new DomainError("UDID_SIGNATURE_INVALID");
    if (checked.status === "untrusted") throw new DomainError("UDID_DEVICE_UNTRUSTED");
    const attrs = deviceAttributes(checked.plist);
    if (attrs.challenge !== null && attrs.challenge !== id) throw new DomainError("UDID_SESSION_NOT_FOUND");

    const result = await this.db.transaction(async (m) => {
      const s = await claimUdidSession(m, id);
      if (!s) return null;
      const owner = await lockDeviceByUdid(m, attrs.udid);
      if (owner && owner.user_id !== null && s.user_id !== null && owner.user_id !== s.user_id)
        throw new DomainError("UDID_DEVICE_TAKEN");
      const deviceId = await upsertCapturedDevice(m, attrs, s.user_id);
      await setUdidSessionDevice(m, id, deviceId);
      return { session: s, deviceId };
    });
    if (!result) {
      const s = await this.session(id);
      throw new DomainError(s.relayed_at ? "UDID_SESSION_USED" : "UDID_SESSION_EXPIRED");
    }
    const device = await this.device(result.deviceId);
    const sep = result.session.back.includes("?") ? "&" : "?";
    const params = new URLSearchParams({ session: id, device: String(device.id), udid: device.udid });
    return { location: `${result.session.front ?? ""}${result.session.back}${sep}${params}`, device };
  }

  /**
   * The result of a session. A logged-in caller claims it: the device is attached to them (unless another account
   * holds it) and the session is marked consumed by them; a guest only reads it. A session of, or consumed by,
   * another account is "not found".
   */
  async consume(rawId: unknown, callerId: number | null): Promise<ConsumeResult> {
    const id = sessionId(rawId);
    const s = await this.session(id);
    if (callerId !== null && s.user_id !== null && s.user_id !== callerId)
      throw new DomainError("UDID_SESSION_NOT_FOUND");
    if (s.consumed_by !== null && s.consumed_by !== callerId) throw new DomainError("UDID_SESSION_NOT_FOUND");
    if (new Date(s.created_at).getTime() + CLAIM_HOURS * 3600_000 <= Date.now())
      throw new DomainError("UDID_SESSION_EXPIRED");
    const deviceId = s.device_id;
    if (!s.relayed_at || deviceId === null) return { relayed: Boolean(s.relayed_at), device: null, attached: false };
    if (callerId === null) {
      const device = await this.device(deviceId);
      return { relayed: true, device, attached: false };
    }
    const attached = await this.db.transaction(async (m) => {
      if (!(await attachDevice(m, deviceId, callerId))) return false;
      await markUdidSessionConsumed(m, id, callerId);
      return true;
    });
    if (!attached) throw new DomainError("UDID_DEVICE_TAKEN");
    return { relayed: true, device: await this.device(deviceId), attached: true };
  }

  private async session(id: string): Promise<UdidSessionRow> {
    const s = await udidSessionById(this.db, id);
    if (!s) throw new DomainError("UDID_SESSION_NOT_FOUND");
    return s;
  }

  // ---- devices ----------------------------------------------------------------------------------------------

  private async device(id: number): Promise<DeviceView> {
    const row = await deviceById(this.db, id);
    if (!row) throw new DomainError("UDID_DEVICE_NOT_FOUND");
    return deviceView(row);
  }

  /** The user's bound devices, newest binding first. */
  async myDevices(userId: number): Promise<DeviceView[]> {
    return (await devicesOfUser(this.db, userId)).map(deviceView);
  }

  async myLatest(userId: number): Promise<DeviceView | null> {
    return (await this.myDevices(userId))[0] ?? null;
  }

  /** Unbinds one of the user's devices; another user's (or an unknown) id is "not found". */
  async unbind(userId: number, rawId: unknown): Promise<void> {
    const id = parseId(rawId, "设备ID");
    if (!(await unbindDevice(this.db, id, userId))) throw new DomainError("UDID_DEVICE_NOT_FOUND");
  }

  async adminUnbind(rawId: unknown): Promise<DeviceView> {
    const id = parseId(rawId, "设备ID");
    if (!(await unbindDevice(this.db, id))) throw new DomainError("UDID_DEVICE_NOT_FOUND");
    return this.device(id);
  }

  /**
   * The certificates (of the certificates domain's table) whose profile lists each UDID by name. Profiles that
   * provision all devices (enterprise) are not counted: they would list every device.
   */
  async certificatesOf(udids: string[]): Promise<Map<string, DeviceCertificateView[]>> {
    const out = new Map<string, DeviceCertificateView[]>(udids.map((u) => [u.toUpperCase(), []]));
    if (!udids.length) return out;
    // Profiles write UDIDs as the device reports them; both cases are asked so the array overlap can use an index.
    const forms = [...new Set(udids.flatMap((u) => [u, u.toUpperCase(), u.toLowerCase()]))];
    const rows = await certificatesListingDevices(this.db, forms);
    for (const r of rows) {
      const listed = new Set(r.devices.map((d) => d.toUpperCase()));
      for (const [udid, list] of out)
        if (listed.has(udid))
          list.push({ id: r.id, name: r.name, scope: r.scope, status: r.status, expiresAt: r.expires_at });
    }
    return out;
  }

  /** Every device, newest capture first; `search` matches UDID, owner, PRODUCT, model name or serial. */
  async adminDevices(f: { search?: unknown; page?: unknown; pageSize?: unknown }): Promise<Page<AdminDeviceView>> {
    const { page, pageSize, offset } = pageArgs(f.page, f.pageSize);
    const search = queryString(f.search)?.trim();
    const like = search ? likePattern(search) : undefined;
    const devices = (await adminDevicePage(this.db, like, pageSize, offset)).map(deviceView);
    const n = await adminDeviceTotal(this.db, like);
    const certs = await this.certificatesOf(devices.map((d) => d.udid));
    return {
      items: devices.map((d) => ({ ...d, certificates: certs.get(d.udid.toUpperCase()) ?? [] })),
      total: n,
      page,
      pageSize,
    };
  }

  // ---- device models ----------------------------------------------------------------------------------------

  async models(f: { search?: unknown } = {}): Promise<DeviceModelView[]> {
    const search = queryString(f.search)?.trim();
    return (await deviceModels(this.db, search ? likePattern(search) : undefined)).map(modelView);
  }

  async createModel(input: { product?: unknown; name?: unknown }): Promise<DeviceModelView> {
    const { product, name } = modelInput(input);
    const row = await insertDeviceModel(this.db, product, name);
    if (!row) throw new DomainError("DEVICE_MODEL_EXISTS");
    return modelView(row);
  }

  async updateModel(rawId: unknown, input: { product?: unknown; name?: unknown }): Promise<DeviceModelView> {
    const id = parseId(rawId, "型号ID");
    const { product, name } = modelInput(input);
    if (await deviceModelProductTaken(this.db, product, id)) throw new DomainError("DEVICE_MODEL_EXISTS");
    const row = await updateDeviceModel(this.db, id, product, name);
    if (!row) throw new DomainError("DEVICE_MODEL_NOT_FOUND");
    return modelView(row);
  }

  async deleteModel(rawId: unknown): Promise<void> {
    const id = parseId(rawId, "型号ID");
    if (!(await deleteDeviceModel(this.db, id))) throw new DomainError("DEVICE_MODEL_NOT_FOUND");
  }

  // ---- the profile-signing identity -------------------------------------------------------------------------

  async signingIdentity(): Promise<SigningIdentityStatus> {
    const row = await udidSigningIdentityInfo(this.db);
    return row
      ? { configured: true, commonName: row.common_name, notAfter: row.not_after, updatedAt: row.updated_at }
      : { configured: false, commonName: null, notAfter: null, updatedAt: null };
  }

  /** Replaces the identity profiles are signed with: a p12 with its private key and password (checked before storing). */
  async setSigningIdentity(p12: Buffer, rawPassword: unknown): Promise<SigningIdentityStatus> {
    if (p12.length === 0 || p12.length > SIGNING_P12_MAX_BYTES) throw new DomainError("UDID_SIGNING_P12_INVALID");
    const password = typeof rawPassword === "string" ? rawPassword : "";
    if (password.length > 200) throw new DomainError("UDID_SIGNING_P12_INVALID");
    let identity;
    try {
      identity = await loadP12Offloaded(p12, password);
    } catch (e) {
      const refusal = parsingRefusal(e);
      if (refusal) throw refusal;
      const code = (e as { code?: string }).code;
      throw new DomainError(
        "UDID_SIGNING_P12_INVALID",
        code === "APPLE_BAD_PASSWORD"
          ? "证书密码错误"
          : code === "APPLE_P12_NO_PRIVATE_KEY"
            ? "p12 文件中没有私钥"
            : undefined,
      );
    }
    if (identity.notAfter.getTime() <= Date.now())
      throw new DomainError("UDID_SIGNING_P12_INVALID", "描述文件签名证书已过期");
    await saveUdidSigningIdentity(this.db, {
      p12Sealed: this.secrets.seal(SIGNING_P12_PURPOSE, p12),
      passwordSealed: this.secrets.seal(SIGNING_PASSWORD_PURPOSE, password),
      commonName: requireText(identity.commonName || "未命名证书", "证书名称", 200),
      notAfter: identity.notAfter,
    });
    this.signer = null;
    return this.signingIdentity();
  }

  async clearSigningIdentity(): Promise<SigningIdentityStatus> {
    await deleteUdidSigningIdentity(this.db);
    this.signer = null;
    return this.signingIdentity();
  }

  /** The configured identity, cached for a minute (other instances pick up a change within that). */
  private async currentSigner(): Promise<CmsSigner | null> {
    if (this.signer && Date.now() - this.signer.at < 60_000) return this.signer.signer;
    const row = await udidSigningIdentitySealed(this.db);
    let signer: CmsSigner | null = null;
    if (row) {
      const p12 = this.secrets.open(SIGNING_P12_PURPOSE, row.p12_sealed);
      const password = this.secrets.openText(SIGNING_PASSWORD_PURPOSE, row.password_sealed);
      if (p12 !== null && password !== null) {
        try {
          const id = await loadP12Offloaded(p12, password);
          signer = { certificateDer: id.certificateDer, privateKey: id.privateKey, chain: id.chain };
        } catch {
          signer = null; // unreadable: serve unsigned profiles rather than none
        }
      }
    }
    this.signer = { at: Date.now(), signer };
    return signer;
  }
}

function modelInput(input: { product?: unknown; name?: unknown }): { product: string; name: string } {
  const product = typeof input.product === "string" ? input.product.trim() : "";
  const name = typeof input.name === "string" ? input.name.trim() : "";
  if (!PRODUCT_PATTERN.test(product) || product.length > 32 || !name || name.length > 64)
    throw new DomainError("DEVICE_MODEL_INVALID");
  return { product, name };
}
