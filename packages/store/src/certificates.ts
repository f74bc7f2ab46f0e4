import { one, result, rows, type Sql } from "./sql";

/** Whose a certificate is: a user's own (证书管理), a user's temporary one (临时证书), or the platform's (admin). */
export const CERTIFICATE_SCOPES = ["user", "temp", "platform"] as const;
export type CertificateScope = (typeof CERTIFICATE_SCOPES)[number];

/** What the certificate is for: development, distribution (ad hoc / App Store), or enterprise (in-house). */
export const CERTIFICATE_TYPES = ["development", "distribution", "enterprise"] as const;
export type CertificateType = (typeof CERTIFICATE_TYPES)[number];

/** The profile's kind, as @gryx/apple reads it. */
export const PROFILE_TYPES = ["development", "adhoc", "enterprise", "appstore"] as const;
export type ProfileKind = (typeof PROFILE_TYPES)[number];

/**
 * The last status check's verdict. `unchecked` until one ran; `valid`, `revoked`, `expired`, or `error` (the check
 * could not tell, with a reason). Written only through `setCertificateStatus` / `finishCheck`.
 */
export const CERTIFICATE_STATUSES = ["unchecked", "valid", "revoked", "expired", "error"] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];

/** One row of `certificates` (owner: the certificates domain), as PostgreSQL answers it. */
export interface CertificateRow {
  id: number;
  scope: CertificateScope;
  user_id: number | null;
  name: string;
  p12_sealed: string;
  password_sealed: string;
  secrets_key_id: string;
  certificate_der: Buffer;
  chain_der: Buffer[];
  profile: Buffer;
  common_name: string;
  team_id: string;
  team_name: string;
  cert_type: CertificateType;
  serial_number: string;
  sha1: string;
  not_before: Date;
  not_after: Date;
  profile_name: string;
  profile_uuid: string;
  app_id: string;
  profile_type: ProfileKind;
  entitlements: Record<string, unknown>;
  devices: string[];
  all_devices: boolean;
  profile_created_at: Date;
  profile_expires_at: Date;
  expires_at: Date;
  status: CertificateStatus;
  checked_at: Date | null;
  status_reason: string | null;
  demo: boolean;
  temp_expires_at: Date | null;
  source_certificate_id: number | null;
  mall_order_id: number | null;
  created_at: Date;
  updated_at: Date;
}

/** What a certificate and its profile are, parsed from an uploaded p12 + profile pair (everything but the secrets). */
export interface CertificateMaterial {
  certificateDer: Buffer;
  chainDer: Buffer[];
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
  entitlements: unknown;
  devices: string[];
  allDevices: boolean;
  profileCreatedAt: Date;
  profileExpiresAt: Date;
  expiresAt: Date;
}

/** A new certificate: the sealed secrets (sealed by the caller with SEALING's purposes) and the parsed material. */
export interface NewCertificate extends CertificateMaterial {
  scope: CertificateScope;
  userId: number | null;
  name: string;
  p12Sealed: string;
  passwordSealed: string;
  secretsKeyId: string;
  profile: Buffer;
  tempExpiresAt?: Date | null;
  sourceCertificateId?: number | null;
  demo?: boolean;
  /** A certificate bought in the mall: its order. */
  mallOrderId?: number | null;
  /** A copy keeps its original's verdict until checked itself (else `unchecked`). */
  status?: CertificateStatus;
  checkedAt?: Date | null;
  statusReason?: string | null;
}

/** Stores a certificate (upload, temporary copy, demo seed, mall delivery); answers its id. */
export async function insertCertificate(db: Sql, c: NewCertificate): Promise<number> {
  const row = await one<{ id: number }>(
    db,
    `INSERT INTO certificates (scope, user_id, name, p12_sealed, password_sealed, secrets_key_id, certificate_der, chain_der, profile, common_name, team_id,
             team_name, cert_type, serial_number, sha1, not_before, not_after, profile_name, profile_uuid, app_id, profile_type, entitlements, devices,
             all_devices, profile_created_at, profile_expires_at, expires_at, temp_expires_at, source_certificate_id, demo, mall_order_id,
             status, checked_at, status_reason)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26, $27,
             $28, $29, $30, $31, $32, $33, $34)
           RETURNING id`,
    [
      c.scope,
      c.userId,
      c.name,
      c.p12Sealed,
      c.passwordSealed,
      c.secretsKeyId,
      c.certificateDer,
      c.chainDer,
      c.profile,
      c.commonName,
      c.teamId,
      c.teamName,
      c.certType,
      c.serialNumber,
      c.sha1,
      c.notBefore,
      c.notAfter,
      c.profileName,
      c.profileUuid,
      c.appId,
      c.profileType,
      JSON.stringify(c.entitlements ?? {}),
      c.devices,
      c.allDevices,
      c.profileCreatedAt,
      c.profileExpiresAt,
      c.expiresAt,
      c.tempExpiresAt ?? null,
      c.sourceCertificateId ?? null,
      c.demo ?? false,
      c.mallOrderId ?? null,
      c.status ?? "unchecked",
      c.checkedAt ?? null,
      c.statusReason ?? null,
    ],
  );
  return row!.id;
}

/** Stores a check's verdict on the certificate; answers whether it still exists. */
export async function setCertificateStatus(
  db: Sql,
  id: number,
  v: { status: CertificateStatus; reason: string | null; checkedAt: Date },
): Promise<boolean> {
  const r = await result(db, `UPDATE certificates SET status = $2, status_reason = $3, checked_at = $4 WHERE id = $1`, [
    id,
    v.status,
    v.reason,
    v.checkedAt,
  ]);
  return r.count > 0;
}

/** The sealed secrets and profile of one certificate (what signing needs), or undefined when it is gone. */
export function certificateSecrets(
  db: Sql,
  id: number,
): Promise<
  Pick<CertificateRow, "name" | "status" | "scope" | "p12_sealed" | "password_sealed" | "profile"> | undefined
> {
  return one(db, `SELECT name, status, scope, p12_sealed, password_sealed, profile FROM certificates WHERE id = $1`, [
    id,
  ]);
}

/** One certificate's profile bytes, or undefined when it is gone. */
export async function certificateProfile(db: Sql, id: number): Promise<Buffer | undefined> {
  return (await one<{ profile: Buffer }>(db, `SELECT profile FROM certificates WHERE id = $1`, [id]))?.profile;
}

/**
 * A bought certificate signs no longer than its mall order lasts (`expires_at` the earlier of the two). Both the
 * server's manual delivery and the worker's automatic one run it in their delivery transaction.
 */
export async function capBoughtValidity(db: Sql, mallOrderId: number, certificateId: number): Promise<void> {
  await db.query(
    `UPDATE certificates SET expires_at = LEAST(expires_at, (SELECT expires_at FROM mall_orders WHERE id = $1)) WHERE id = $2`,
    [mallOrderId, certificateId],
  );
}

/**
 * Removes temporary certificates whose time is up: one owner's (read paths call it first, so none is ever shown), or
 * everyone's. Answers how many.
 */
export async function purgeExpiredTempCertificates(db: Sql, userId?: number): Promise<number> {
  const r = await result(
    db,
    `DELETE FROM certificates WHERE scope = 'temp' AND temp_expires_at <= now() ${userId === undefined ? "" : "AND user_id = $1"}`,
    userId === undefined ? [] : [userId],
  );
  return r.count;
}

/** A certificate as the signing page's picker reads it. */
export type SignableCertificateRow = Pick<
  CertificateRow,
  "id" | "name" | "scope" | "team_name" | "app_id" | "cert_type" | "status" | "expires_at" | "demo"
>;

const SIGNABLE = `((c.user_id = $1 AND c.scope IN ('user', 'temp') AND (c.temp_expires_at IS NULL OR c.temp_expires_at > now()))
             OR (c.scope = 'platform' AND c.demo AND $2::boolean))`;

/**
 * The certificates a user may sign with: own and temporary ones (not past their time), and the demo certificate
 * when `offerDemo`. One of them when `id` is given. Platform last, unexpired first, newest first; at most 200.
 */
export function signableCertificates(
  db: Sql,
  userId: number,
  offerDemo: boolean,
  id?: number,
): Promise<SignableCertificateRow[]> {
  const cols = `c.id, c.name, c.scope, c.team_name, c.app_id, c.cert_type, c.status, c.expires_at, c.demo`;
  return id === undefined
    ? rows(
        db,
        `SELECT ${cols} FROM certificates c WHERE ${SIGNABLE} ORDER BY c.scope = 'platform', c.expires_at > now() DESC, c.id DESC LIMIT 200`,
        [userId, offerDemo],
      )
    : rows(db, `SELECT ${cols} FROM certificates c WHERE c.id = $3 AND ${SIGNABLE}`, [userId, offerDemo, id]);
}

/** One certificate's scope and whether its profile provisions every device, or undefined when it is gone. */
export function certificateKind(
  db: Sql,
  id: number,
): Promise<Pick<CertificateRow, "scope" | "all_devices" | "demo" | "user_id"> | undefined> {
  return one(db, `SELECT scope, all_devices, demo, user_id FROM certificates WHERE id = $1`, [id]);
}

/** The platform's enterprise certificates (what an App Store Connect account signs with), newest first. */
export function platformEnterpriseCertificates(
  db: Sql,
): Promise<Pick<CertificateRow, "id" | "name" | "common_name" | "team_id" | "team_name" | "expires_at" | "status">[]> {
  return rows(
    db,
    `SELECT id, name, common_name, team_id, team_name, expires_at, status FROM certificates WHERE scope = 'platform' AND cert_type = 'enterprise' ORDER BY id DESC LIMIT 500`,
  );
}

/** Certificates whose profile lists any of `udids` (give every case form: the overlap uses the index). */
export function certificatesListingDevices(
  db: Sql,
  udids: string[],
): Promise<Pick<CertificateRow, "id" | "name" | "scope" | "status" | "expires_at" | "devices">[]> {
  return rows(
    db,
    `SELECT id, name, scope, status, expires_at, devices FROM certificates WHERE devices && $1::text[] ORDER BY id`,
    [udids],
  );
}

/** Whether an App Store Connect API key exists. */
export async function p8KeyExists(db: Sql, id: number): Promise<boolean> {
  return (await rows(db, `SELECT 1 FROM p8_keys WHERE id = $1`, [id])).length > 0;
}

/**
 * 掉签后自动使用: marks one of the user's own certificates as their one backup for automatic re-signing (clearing any
 * other of theirs first), or clears it. Run it in one transaction.
 */
export async function setCertificateAutoResign(tx: Sql, userId: number, id: number, enabled: boolean): Promise<void> {
  if (enabled)
    await rows(tx, `UPDATE certificates SET auto_resign = false WHERE user_id = $1 AND auto_resign AND id <> $2`, [
      userId,
      id,
    ]);
  await rows(tx, `UPDATE certificates SET auto_resign = $3 WHERE id = $1 AND user_id = $2`, [id, userId, enabled]);
}
