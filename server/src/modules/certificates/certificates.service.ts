import type { Keyring } from "@gryx/platform/secrets";
import type { RateCounter } from "../../common/rate-limit";
import type { DataSource } from "typeorm";
import {
  certificateById,
  certificatePage,
  certificatesOf,
  copyCertificateAsTemp,
  deleteCertificate,
  deliveredOrdersWithCertificate,
  demoCertificate,
  insertCertificate,
  lockCertificateRoom,
  ownedCertificate,
  ownedCertificateSecrets,
  purgeExpiredTempCertificates,
  replaceCertificateMaterial,
  setCertificateAutoResign,
  setCertificateStatus,
  CERTIFICATE_STATUSES,
  SEALING,
  type CertificateListRow,
  type CertificateScope,
  type CertificateStatus,
  type CertificateType,
  type NewCertificate,
  type ProfileKind,
  type Sql,
} from "@gryx/store";
import { DomainError } from "../../common/errors";
import { likePattern, optionalText, pageArgs, parseId, queryString, requireBoolean } from "../../common/validate";
import type { Page } from "../../graphql/page";
import { inspectBundle, p12PasswordValid, type InspectedBundle } from "./certificate-bundle";

/** Purposes (associated data) of the sealed columns; the domain's `sealed` list names the same. */
export const P12_PURPOSE = SEALING.certificateP12;
export const PASSWORD_PURPOSE = SEALING.certificatePassword;

/** At most this many certificates per user (own and temporary each). */
const CERTIFICATES_PER_USER = 100;
/** Uploads and password checks one user may make per window (each opens a p12: a key derivation and RSA work). */
const UPLOAD_LIMIT = { perUser: 60, windowSeconds: 600 };
/** A temporary certificate lives 1 to 30 days (7 when not said). */
const TEMP_DAYS = { min: 1, max: 30, default: 7 };

/** The demo certificate's files (demo/certificate): the p12, its password, the profile and the demo root. */
export interface DemoCertificateInput {
  name: string;
  p12: Buffer;
  password: string;
  profile: Buffer;
  /** The demo root (DER): trusted for this one certificate even when APPLE_EXTRA_ROOTS does not list it. */
  root: Buffer;
}

export interface UploadInput {
  p12?: Buffer;
  mobileprovision?: Buffer;
  password?: unknown;
  name?: unknown;
}

/** What a check found (the status engineer's checks write it through `recordCheck`). */
export interface CheckResult {
  status: Exclude<CertificateStatus, "unchecked">;
  reason?: string | null;
  checkedAt?: Date;
}

/** A certificate as its owner (or an admin) sees it: everything but the sealed secrets and the raw profile. */
export interface CertificateView {
  id: number;
  scope: CertificateScope;
  userId: number | null;
  username: string | null;
  name: string;
  commonName: string;
  teamId: string;
  teamName: string;
  certType: CertificateType;
  serialNumber: string;
  sha1: string;
  notBefore: Date;
  notAfter: Date;
  profileName: string;
  profileUuid: string;
  appId: string;
  profileType: ProfileKind;
  entitlements: Record<string, unknown>;
  devices: string[];
  deviceCount: number;
  allDevices: boolean;
  profileCreatedAt: Date;
  profileExpiresAt: Date;
  expiresAt: Date;
  /** The last check's verdict, except that a certificate past its expiry reads `expired` unless it was revoked. */
  status: CertificateStatus;
  checkedAt: Date | null;
  statusReason: string | null;
  tempExpiresAt: Date | null;
  sourceCertificateId: number | null;
  /** The demo certificate (演示证书) of the default run. */
  demo: boolean;
  /** 掉签后自动使用: the owner's backup certificate for automatic re-signing. */
  autoResign: boolean;
  createdAt: Date;
}

/** What the download zip (and later the signer) needs: the opened secrets and the profile. */
export interface CertificateBundle {
  id: number;
  name: string;
  p12: Buffer;
  password: string;
  profile: Buffer;
}

function certificateView(r: CertificateListRow, now = new Date()): CertificateView {
  const expired = r.expires_at.getTime() <= now.getTime();
  return {
    id: r.id,
    scope: r.scope,
    userId: r.user_id,
    username: r.username ?? null,
    name: r.name,
    commonName: r.common_name,
    teamId: r.team_id,
    teamName: r.team_name,
    certType: r.cert_type,
    serialNumber: r.serial_number,
    sha1: r.sha1,
    notBefore: r.not_before,
    notAfter: r.not_after,
    profileName: r.profile_name,
    profileUuid: r.profile_uuid,
    appId: r.app_id,
    profileType: r.profile_type,
    entitlements: r.entitlements,
    devices: r.devices,
    deviceCount: r.devices.length,
    allDevices: r.all_devices,
    profileCreatedAt: r.profile_created_at,
    profileExpiresAt: r.profile_expires_at,
    expiresAt: r.expires_at,
    status: r.status !== "revoked" && expired ? "expired" : r.status,
    checkedAt: r.checked_at,
    statusReason: r.status_reason,
    tempExpiresAt: r.temp_expires_at,
    sourceCertificateId: r.source_certificate_id,
    demo: r.demo,
    autoResign: r.auto_resign,
    createdAt: r.created_at,
  };
}

/**
 * Certificates: users' own (证书管理), their temporary ones (临时证书) and the platform's (admin), one table told
 * apart by `scope`. Upload checks the pair (certificate-bundle.ts) and stores the p12 and password sealed with the
 * keyring; nothing is stored when a check refuses. Ids of other users' certificates answer CERT_NOT_FOUND (404).
 */
export class CertificatesService {
  constructor(
    private readonly db: DataSource,
    private readonly secrets: Keyring,
    private readonly extraRoots: Buffer[],
    private readonly rates: RateCounter,
  ) {}

  /** Counts a p12 opening of `userId` (admins' platform uploads are not counted); too many is RATE_LIMITED. */
  private async countOpening(userId: number | null): Promise<void> {
    if (userId === null) return;
    const { count, retryAfter } = await this.rates.hit(`cert-upload:${userId}`, UPLOAD_LIMIT.windowSeconds);
    if (count > UPLOAD_LIMIT.perUser) throw new DomainError("RATE_LIMITED", "上传过于频繁，请稍后再试", { retryAfter });
  }

  // ---- upload ---------------------------------------------------------------------------------------------------

  /** Checks and stores a p12 + profile pair for `userId` (null: the platform's). */
  async upload(
    scope: CertificateScope,
    userId: number | null,
    input: UploadInput,
    opts: { tempDays?: unknown } = {},
  ): Promise<CertificateView> {
    if (!input.p12?.length) throw new DomainError("UPLOAD_FILE_MISSING", "请选择 .p12 证书文件");
    if (!input.mobileprovision?.length)
      throw new DomainError("UPLOAD_FILE_MISSING", "请选择 .mobileprovision 描述文件");
    const password = typeof input.password === "string" ? input.password : "";
    const name = this.name(input.name);
    const tempExpiresAt = scope === "temp" ? tempExpiry(opts.tempDays) : null;
    await this.countOpening(userId);
    const bundle = await inspectBundle(input.p12, password, input.mobileprovision, { extraRoots: this.extraRoots });
    return this.db.transaction(async (m) => {
      await this.checkRoom(m, scope, userId, bundle);
      const row = await this.insert(m, {
        scope,
        userId,
        name: name || defaultName(bundle),
        p12Sealed: this.secrets.seal(P12_PURPOSE, input.p12!),
        passwordSealed: this.secrets.seal(PASSWORD_PURPOSE, password),
        secretsKeyId: this.secrets.currentId,
        profile: input.mobileprovision!,
        tempExpiresAt,
        sourceCertificateId: null,
        demo: false,
        ...bundle,
      });
      return certificateView(row);
    });
  }

  /**
   * A certificate bought in the mall becomes the buyer's own (scope user), checked like an upload and sealed like
   * one, marked with its mall order; inside the mall's transaction. `udid` must be in the profile (or the profile
   * provisions all devices), else MALL_DELIVERY_INVALID.
   */
  async deliverBought(
    m: Sql,
    userId: number,
    mallOrderId: number,
    input: { p12: Buffer; password: string; profile: Buffer; name: string; udid: string },
  ): Promise<CertificateView> {
    const bundle = await inspectBundle(input.p12, input.password, input.profile, { extraRoots: this.extraRoots });
    if (!bundle.allDevices && !bundle.devices.some((d) => d.toLowerCase() === input.udid.toLowerCase()))
      throw new DomainError("MALL_DELIVERY_INVALID", "描述文件不包含该订单的设备");
    const row = await this.insert(m, {
      scope: "user",
      userId,
      name: input.name.slice(0, 50) || defaultName(bundle),
      demo: false,
      p12Sealed: this.secrets.seal(P12_PURPOSE, input.p12),
      passwordSealed: this.secrets.seal(PASSWORD_PURPOSE, input.password),
      secretsKeyId: this.secrets.currentId,
      profile: input.profile,
      tempExpiresAt: null,
      sourceCertificateId: null,
      mallOrderId,
      ...bundle,
    });
    return certificateView(row);
  }

  /** `verify-p12-password`: whether the password opens the p12; stores nothing. */
  async verifyPassword(userId: number, p12: Buffer | undefined, password: unknown): Promise<boolean> {
    if (!p12?.length) throw new DomainError("UPLOAD_FILE_MISSING", "请选择 .p12 证书文件");
    await this.countOpening(userId);
    return p12PasswordValid(p12, typeof password === "string" ? password : "");
  }

  /**
   * Stores the demo certificate (演示证书) as a platform certificate marked `demo`, unless there is one already (which
   * is brought up to date when demo/certificate holds another certificate); answers it (null when another server stored it at the same moment). The default run calls it at start outside
   * production (config.offerDemoCertificate); the p12 and password are sealed like an upload's.
   */
  async seedDemo(input: DemoCertificateInput): Promise<CertificateView | null> {
    const existing = await demoCertificate(this.db);
    const bundle = await inspectBundle(input.p12, input.password, input.profile, {
      extraRoots: [...this.extraRoots, input.root],
    });
    if (existing) {
      if (existing.sha1 === bundle.sha1) return certificateView(existing);
      // The committed demo PKI was made anew (demo/gen-certificate.sh, e.g. with its OCSP address): the stored demo
      // certificate follows it, checked again from scratch.
      await replaceCertificateMaterial(this.db, existing.id, {
        p12Sealed: this.secrets.seal(P12_PURPOSE, input.p12),
        passwordSealed: this.secrets.seal(PASSWORD_PURPOSE, input.password),
        secretsKeyId: this.secrets.currentId,
        profile: input.profile,
        ...bundle,
      });
      return certificateView((await certificateById(this.db, existing.id))!);
    }
    try {
      return await this.db.transaction(async (m) => {
        const row = await this.insert(m, {
          scope: "platform",
          userId: null,
          name: input.name.slice(0, 50),
          p12Sealed: this.secrets.seal(P12_PURPOSE, input.p12),
          passwordSealed: this.secrets.seal(PASSWORD_PURPOSE, input.password),
          secretsKeyId: this.secrets.currentId,
          profile: input.profile,
          tempExpiresAt: null,
          sourceCertificateId: null,
          demo: true,
          ...bundle,
        });
        return certificateView(row);
      });
    } catch (e) {
      // certificates_one_demo: another server stored it first.
      if ((e as { code?: string }).code === "23505") return null;
      throw e;
    }
  }

  private name(raw: unknown): string {
    if (typeof raw === "string" && raw.trim().length > 50) throw new DomainError("CERT_NAME_INVALID");
    return optionalText(raw, "证书名称", 50);
  }

  /** Refuses a full account and the same certificate with the same profile twice (rows of the scope locked first). */
  private async checkRoom(
    m: Sql,
    scope: CertificateScope,
    userId: number | null,
    b: { sha1: string; profileUuid: string },
  ): Promise<void> {
    // Serialises uploads of one owner and scope, so two at once cannot both pass the checks below.
    const { count, dup } = await lockCertificateRoom(m, scope, userId, b.sha1, b.profileUuid);
    if (dup > 0) throw new DomainError("CERT_DUPLICATE");
    if (userId !== null && count >= CERTIFICATES_PER_USER) throw new DomainError("CERT_TOO_MANY");
  }

  /** Stores a certificate through its owner (@gryx/store, which the worker's mall delivery uses too); answers the row. */
  private async insert(m: Sql, values: NewCertificate): Promise<CertificateListRow> {
    return (await certificateById(m, await insertCertificate(m, values)))!;
  }

  // ---- reading --------------------------------------------------------------------------------------------------

  /** The owner's certificates of a scope, newest first (expired temporary ones are removed first). */
  async listMine(userId: number, scope: "user" | "temp" = "user"): Promise<CertificateView[]> {
    if (scope === "temp") await this.purgeExpiredTemp(userId);
    return (await certificatesOf(this.db, userId, scope)).map((r) => certificateView(r));
  }

  /** One of the owner's certificates; another user's id or another scope is CERT_NOT_FOUND (404). */
  async getMine(userId: number, rawId: unknown, scope: "user" | "temp" = "user"): Promise<CertificateView> {
    if (scope === "temp") await this.purgeExpiredTemp(userId);
    return certificateView(await this.findOwned(this.db, userId, rawId, scope));
  }

  /** Any certificate by id (admins, and the status checks). */
  async getById(rawId: unknown): Promise<CertificateView> {
    const id = parseId(rawId, "证书ID");
    const row = await certificateById(this.db, id);
    if (!row) throw new DomainError("CERT_NOT_FOUND");
    return certificateView(row);
  }

  private async findOwned(
    m: Sql,
    userId: number,
    rawId: unknown,
    scope: CertificateScope,
  ): Promise<CertificateListRow> {
    const id = parseId(rawId, "证书ID");
    const row = await ownedCertificate(m, id, userId, scope);
    if (!row) throw new DomainError(scope === "temp" ? "TEMP_CERT_NOT_FOUND" : "CERT_NOT_FOUND");
    return row;
  }

  /** The opened secrets and profile of the owner's certificate (download zip). */
  async bundleOf(userId: number | null, rawId: unknown, scope: CertificateScope = "user"): Promise<CertificateBundle> {
    const id = parseId(rawId, "证书ID");
    if (scope === "temp" && userId !== null) await this.purgeExpiredTemp(userId);
    const row = await ownedCertificateSecrets(this.db, id, userId, scope);
    if (!row) throw new DomainError(scope === "temp" ? "TEMP_CERT_NOT_FOUND" : "CERT_NOT_FOUND");
    const p12 = this.secrets.open(P12_PURPOSE, row.p12_sealed);
    const password = this.secrets.openText(PASSWORD_PURPOSE, row.password_sealed);
    if (!p12 || password === null) throw new DomainError("CERT_SEALED_UNREADABLE");
    return { id: row.id, name: row.name, p12, password, profile: row.profile };
  }

  // ---- changes --------------------------------------------------------------------------------------------------

  /**
   * 掉签后自动使用: marks one of the user's own certificates as the backup that re-signs their apps after another of
   * their certificates is revoked (at most one: setting it clears any other), or clears it.
   */
  async setAutoResign(userId: number, rawId: unknown, rawEnabled: unknown): Promise<CertificateView> {
    const enabled = requireBoolean(rawEnabled, "enabled");
    const id = parseId(rawId, "证书ID");
    await this.db.transaction(async (m) => {
      const row = await this.findOwned(m, userId, id, "user");
      if (enabled && row.status === "revoked") throw new DomainError("CERT_AUTO_RESIGN_REVOKED");
      await setCertificateAutoResign(m, userId, id, enabled);
    });
    return this.getMine(userId, id, "user");
  }

  async removeMine(userId: number, rawId: unknown, scope: "user" | "temp" = "user"): Promise<void> {
    const row = await this.findOwned(this.db, userId, rawId, scope);
    await deleteCertificate(this.db, row.id);
  }

  /**
   * Stores the verdict of a status check (OCSP and profile checks live with the checks). The status engineer's
   * `certificates.check` job and `check-status` call this; it answers the updated view, or CERT_NOT_FOUND when the
   * certificate was deleted meanwhile.
   */
  async recordCheck(rawId: unknown, result: CheckResult): Promise<CertificateView> {
    const id = parseId(rawId, "证书ID");
    if (!CERTIFICATE_STATUSES.includes(result.status) || result.status === ("unchecked" as string))
      throw new DomainError("BAD_REQUEST", "检测结果无效");
    const found = await setCertificateStatus(this.db, id, {
      status: result.status,
      reason: result.reason?.slice(0, 1000) ?? null,
      checkedAt: result.checkedAt ?? new Date(),
    });
    if (!found) throw new DomainError("CERT_NOT_FOUND");
    return this.getById(id);
  }

  // ---- temporary certificates ----------------------------------------------------------------------------------

  /**
   * Removes temporary certificates whose time is up: the owner's (read paths call it first, so none is ever shown),
   * or everyone's (the scheduled `certificates.purge-temp`). Answers how many.
   */
  async purgeExpiredTemp(userId?: number): Promise<number> {
    return purgeExpiredTempCertificates(this.db, userId);
  }

  /** Copies one of the owner's certificates into a temporary one for `days` days (the sealed values as they are). */
  async importFromMain(userId: number, rawId: unknown, days: unknown): Promise<CertificateView> {
    const id = parseId(rawId, "证书ID");
    const tempExpiresAt = tempExpiry(days);
    return this.db.transaction(async (m) => {
      const src = await ownedCertificate(m, id, userId, "user");
      if (!src) throw new DomainError("CERT_NOT_FOUND");
      if (src.expires_at.getTime() <= Date.now())
        throw new DomainError(src.not_after.getTime() <= Date.now() ? "CERT_EXPIRED" : "CERT_PROFILE_EXPIRED");
      await this.checkRoom(m, "temp", userId, { sha1: src.sha1, profileUuid: src.profile_uuid });
      // The copy shares the original's status until it is checked itself.
      const copyId = await copyCertificateAsTemp(m, src.id, tempExpiresAt);
      return certificateView((await certificateById(m, copyId))!);
    });
  }

  /**
   * The user's certificate-mall orders whose delivered certificate can become a temporary one (delivered, the
   * certificate still the user's and unexpired), newest first.
   */
  async importableOrders(
    userId: number,
  ): Promise<{ id: number; orderNo: string; certificateId: number; name: string }[]> {
    const rows = await deliveredOrdersWithCertificate(this.db, userId);
    return rows.map((r) => ({ id: r.id, orderNo: r.order_no, certificateId: r.certificate_id, name: r.name }));
  }

  /** Imports the certificate a mall order delivered as a temporary one (`days` as for importFromMain). */
  async importFromOrder(userId: number, rawId: unknown, days?: unknown): Promise<CertificateView> {
    const id = parseId(rawId, "订单ID");
    const order = (await this.importableOrders(userId)).find((o) => o.id === id);
    if (!order) throw new DomainError("TEMP_CERT_ORDER_NOT_FOUND");
    return this.importFromMain(userId, order.certificateId, days);
  }

  // ---- admin ----------------------------------------------------------------------------------------------------

  /** Every user's certificates (or the platform's), newest first: search in name, common name, team, serial, owner. */
  async adminList(args: {
    scope?: unknown;
    search?: unknown;
    status?: unknown;
    userId?: unknown;
    page?: unknown;
    pageSize?: unknown;
  }): Promise<Page<CertificateView>> {
    const { page, pageSize, offset } = pageArgs(args.page, args.pageSize);
    const scope = args.scope === undefined || args.scope === null || args.scope === "" ? "user" : args.scope;
    if (scope !== "user" && scope !== "temp" && scope !== "platform")
      throw new DomainError("BAD_REQUEST", "证书类别无效");
    const search = queryString(args.search ?? undefined);
    const status = queryString(args.status ?? undefined);
    if (status !== undefined && !CERTIFICATE_STATUSES.includes(status as CertificateStatus))
      throw new DomainError("BAD_REQUEST", "证书状态无效");
    const userId =
      args.userId !== undefined && args.userId !== null && args.userId !== ""
        ? parseId(args.userId, "用户ID")
        : undefined;
    const { rows, total } = await certificatePage(
      this.db,
      {
        scope,
        like: search ? likePattern(search) : undefined,
        status: status as CertificateStatus | undefined,
        userId,
      },
      pageSize,
      offset,
    );
    return { items: rows.map((r) => certificateView(r)), total, page, pageSize };
  }

  async adminRemove(rawId: unknown): Promise<void> {
    const id = parseId(rawId, "证书ID");
    if (!(await deleteCertificate(this.db, id))) throw new DomainError("CERT_NOT_FOUND");
  }

  /** Removes a platform certificate (a user's id is not found here). */
  async removePlatform(rawId: unknown): Promise<void> {
    const id = parseId(rawId, "证书ID");
    if (!(await deleteCertificate(this.db, id, "platform"))) throw new DomainError("CERT_NOT_FOUND");
  }
}

function tempExpiry(raw: unknown): Date {
  const days = raw === undefined || raw === null || raw === "" ? TEMP_DAYS.default : Number(raw);
  if (!Number.isInteger(days) || days < TEMP_DAYS.min || days > TEMP_DAYS.max)
    throw new DomainError("TEMP_CERT_DAYS_INVALID");
  return new Date(Date.now() + days * 86_400_000);
}

function defaultName(b: InspectedBundle): string {
  const cn = b.commonName.replace(/^(Apple|iPhone) (Development|Developer|Distribution):\s*/, "");
  return (cn || b.teamName || b.teamId).slice(0, 50);
}
