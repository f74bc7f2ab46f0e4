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
  auto_resign: boolean;
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

/** The columns of a certificate's secrets and material, in the order `secretsAndMaterial` gives their values. */
const MATERIAL_COLUMNS = [
  "p12_sealed",
  "password_sealed",
  "secrets_key_id",
  "profile",
  "certificate_der",
  "chain_der",
  "common_name",
  "team_id",
  "team_name",
  "cert_type",
  "serial_number",
  "sha1",
  "not_before",
  "not_after",
  "profile_name",
  "profile_uuid",
  "app_id",
  "profile_type",
  "entitlements",
  "devices",
  "all_devices",
  "profile_created_at",
  "profile_expires_at",
  "expires_at",
];

type SecretsAndMaterial = CertificateMaterial &
  Pick<NewCertificate, "p12Sealed" | "passwordSealed" | "secretsKeyId" | "profile">;

function secretsAndMaterial(c: SecretsAndMaterial): unknown[] {
  return [
    c.p12Sealed,
    c.passwordSealed,
    c.secretsKeyId,
    c.profile,
    c.certificateDer,
    c.chainDer,
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
  ];
}

/** Stores a certificate (upload, temporary copy, demo seed, mall delivery); answers its id. */
export async function insertCertificate(db: Sql, c: NewCertificate): Promise<number> {
  const values = [
    c.scope,
    c.userId,
    c.name,
    ...secretsAndMaterial(c),
    c.tempExpiresAt ?? null,
    c.sourceCertificateId ?? null,
    c.demo ?? false,
    c.mallOrderId ?? null,
    c.status ?? "unchecked",
    c.checkedAt ?? null,
    c.statusReason ?? null,
  ];
  const columns = [
    "scope",
    "user_id",
    "name",
    ...MATERIAL_COLUMNS,
    "temp_expires_at",
    "source_certificate_id",
    "demo",
    "mall_order_id",
    "status",
    "checked_at",
    "status_reason",
  ];
  const row = await one<{ id: number }>(
    db,
    `INSERT INTO certificates (${columns.join(", ")}) VALUES (${values.map((_, i) => `$${i + 1}`).join(", ")})
     RETURNING id`,
    values,
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

// ---- what the certificates domain itself reads and writes ---------------------------------------------------------

/** A certificate without its sealed secrets and raw profile, with its owner's name: what views are made of. */
export type CertificateListRow = Omit<CertificateRow, "p12_sealed" | "password_sealed" | "profile"> & {
  username: string | null;
};

const PUBLIC_COLUMNS = `c.id, c.scope, c.user_id, c.name, c.secrets_key_id, c.certificate_der, c.chain_der, c.common_name,
  c.team_id, c.team_name, c.cert_type, c.serial_number, c.sha1, c.not_before, c.not_after, c.profile_name,
  c.profile_uuid, c.app_id, c.profile_type, c.entitlements, c.devices, c.all_devices, c.profile_created_at,
  c.profile_expires_at, c.expires_at, c.status, c.checked_at, c.status_reason, c.demo, c.temp_expires_at,
  c.source_certificate_id, c.mall_order_id, c.auto_resign, c.created_at, c.updated_at`;
const LIST_FROM = `SELECT ${PUBLIC_COLUMNS}, u.username FROM certificates c LEFT JOIN users u ON u.id = c.user_id`;

/** One certificate by id. */
export function certificateById(db: Sql, id: number): Promise<CertificateListRow | undefined> {
  return one<CertificateListRow>(db, `${LIST_FROM} WHERE c.id = $1`, [id]);
}

/** One certificate of an owner (null: the platform's) in a scope. */
export function ownedCertificate(
  db: Sql,
  id: number,
  userId: number | null,
  scope: CertificateScope,
): Promise<CertificateListRow | undefined> {
  return one<CertificateListRow>(
    db,
    `${LIST_FROM} WHERE c.id = $1 AND c.user_id IS NOT DISTINCT FROM $2 AND c.scope = $3`,
    [id, userId, scope],
  );
}

/** The same, with the sealed secrets and the profile (the download zip opens them). */
export function ownedCertificateSecrets(
  db: Sql,
  id: number,
  userId: number | null,
  scope: CertificateScope,
): Promise<Pick<CertificateRow, "id" | "name" | "p12_sealed" | "password_sealed" | "profile"> | undefined> {
  return one(
    db,
    `SELECT id, name, p12_sealed, password_sealed, profile FROM certificates
     WHERE id = $1 AND scope = $2 AND user_id IS NOT DISTINCT FROM $3`,
    [id, scope, userId],
  );
}

/** An owner's certificates of one scope, newest first. */
export function certificatesOf(db: Sql, userId: number, scope: CertificateScope): Promise<CertificateListRow[]> {
  return rows<CertificateListRow>(db, `${LIST_FROM} WHERE c.user_id = $1 AND c.scope = $2 ORDER BY c.id DESC`, [
    userId,
    scope,
  ]);
}

/** The demo certificate (演示证书), when one is stored. */
export function demoCertificate(db: Sql): Promise<CertificateListRow | undefined> {
  return one<CertificateListRow>(db, `${LIST_FROM} WHERE c.demo LIMIT 1`);
}

/**
 * Puts new secrets and material into a certificate (the demo certificate when demo/certificate was made anew); its
 * verdict is cleared, to be checked again.
 */
export async function replaceCertificateMaterial(db: Sql, id: number, c: SecretsAndMaterial): Promise<void> {
  const sets = MATERIAL_COLUMNS.map((col, i) => `${col} = $${i + 2}`).join(", ");
  await db.query(
    `UPDATE certificates SET ${sets}, status = 'unchecked', checked_at = NULL, status_reason = NULL, updated_at = now()
     WHERE id = $1`,
    [id, ...secretsAndMaterial(c)],
  );
}

/**
 * Copies a certificate into a temporary one of the same owner until `tempExpiresAt` (the sealed values as they are,
 * the original's verdict until the copy is checked itself); answers the copy's id.
 */
export async function copyCertificateAsTemp(db: Sql, sourceId: number, tempExpiresAt: Date): Promise<number> {
  const shared = `user_id, name, p12_sealed, password_sealed, secrets_key_id, certificate_der, chain_der, profile,
    common_name, team_id, team_name, cert_type, serial_number, sha1, not_before, not_after, profile_name, profile_uuid,
    app_id, profile_type, entitlements, devices, all_devices, profile_created_at, profile_expires_at, expires_at, demo,
    status, checked_at, status_reason`;
  const r = await one<{ id: number }>(
    db,
    `INSERT INTO certificates (${shared}, scope, temp_expires_at, source_certificate_id)
     SELECT ${shared}, 'temp', $2, id FROM certificates WHERE id = $1
     RETURNING id`,
    [sourceId, tempExpiresAt],
  );
  return r!.id;
}

/**
 * Serialises uploads of one owner and scope until the caller's transaction ends, and answers how many certificates
 * they hold there and how many of them are this certificate with this profile.
 */
export async function lockCertificateRoom(
  tx: Sql,
  scope: CertificateScope,
  userId: number | null,
  sha1: string,
  profileUuid: string,
): Promise<{ count: number; dup: number }> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('certificates:' || $1 || ':' || $2))`, [scope, userId ?? 0]);
  return (await one<{ count: number; dup: number }>(
    tx,
    `SELECT count(*)::int AS count, count(*) FILTER (WHERE sha1 = $3 AND profile_uuid = $4)::int AS dup
       FROM certificates WHERE scope = $1 AND user_id IS NOT DISTINCT FROM $2`,
    [scope, userId, sha1, profileUuid],
  ))!;
}

/** Removes a certificate (only of `scope` when given); answers whether one was removed. */
export async function deleteCertificate(db: Sql, id: number, scope?: CertificateScope): Promise<boolean> {
  const r = await result(
    db,
    `DELETE FROM certificates WHERE id = $1 ${scope ? "AND scope = $2" : ""}`,
    scope ? [id, scope] : [id],
  );
  return r.count > 0;
}

/** What the admin's certificate list is filtered by. */
export interface CertificateListFilter {
  scope: CertificateScope;
  /** An ILIKE pattern (already escaped) over name, common name, team, serial and owner. */
  like?: string;
  /** As the list shows it: `expired` is past expiry and not revoked, whatever the last check said. */
  status?: CertificateStatus;
  userId?: number;
}

/** One page of certificates, newest first, and how many match. */
export async function certificatePage(
  db: Sql,
  f: CertificateListFilter,
  limit: number,
  offset: number,
): Promise<{ rows: CertificateListRow[]; total: number }> {
  const params: unknown[] = [f.scope];
  const where = [`c.scope = $1`];
  if (f.like !== undefined) {
    const q = `$${params.push(f.like)}`;
    where.push(
      `(c.name ILIKE ${q} OR c.common_name ILIKE ${q} OR c.team_id ILIKE ${q} OR c.team_name ILIKE ${q}
        OR c.serial_number ILIKE ${q} OR u.username ILIKE ${q})`,
    );
  }
  if (f.status === "expired") where.push(`c.status <> 'revoked' AND (c.status = 'expired' OR c.expires_at <= now())`);
  else if (f.status === "revoked") where.push(`c.status = 'revoked'`);
  else if (f.status) where.push(`c.status = $${params.push(f.status)} AND c.expires_at > now()`);
  if (f.userId !== undefined) where.push(`c.user_id = $${params.push(f.userId)}`);
  const clause = `WHERE ${where.join(" AND ")}`;
  const n = await one<{ n: number }>(
    db,
    `SELECT count(*)::int AS n FROM certificates c LEFT JOIN users u ON u.id = c.user_id ${clause}`,
    params,
  );
  const page = await rows<CertificateListRow>(
    db,
    `${LIST_FROM} ${clause} ORDER BY c.id DESC LIMIT ${limit} OFFSET ${offset}`,
    params,
  );
  return { rows: page, total: n!.n };
}

// ---- App Store Connect API keys ----------------------------------------------------------------------------------

/** An App Store Connect API key without its sealed private key. */
export interface P8KeyRow {
  id: number;
  name: string;
  issuer_id: string;
  key_id: string;
  secrets_key_id: string;
  created_by: number | null;
  created_at: Date;
}

const P8_COLUMNS = `id, name, issuer_id, key_id, secrets_key_id, created_by, created_at`;

/** The keys, newest first. */
export function listP8Keys(db: Sql): Promise<P8KeyRow[]> {
  return rows<P8KeyRow>(db, `SELECT ${P8_COLUMNS} FROM p8_keys ORDER BY id DESC`);
}

/** Whether a key with this Key ID is stored. */
export async function p8KeyIdTaken(db: Sql, keyId: string): Promise<boolean> {
  return (await rows(db, `SELECT 1 FROM p8_keys WHERE key_id = $1 LIMIT 1`, [keyId])).length > 0;
}

/** Stores a key (its private key sealed by the caller) and answers its row. */
export async function insertP8Key(
  db: Sql,
  k: {
    name: string;
    issuerId: string;
    keyId: string;
    privateKeySealed: string;
    secretsKeyId: string;
    createdBy: number;
  },
): Promise<P8KeyRow> {
  return (await one<P8KeyRow>(
    db,
    `INSERT INTO p8_keys (name, issuer_id, key_id, private_key_sealed, secrets_key_id, created_by)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${P8_COLUMNS}`,
    [k.name, k.issuerId, k.keyId, k.privateKeySealed, k.secretsKeyId, k.createdBy],
  ))!;
}

/** Removes a key; answers whether one was removed. */
export async function deleteP8Key(db: Sql, id: number): Promise<boolean> {
  return (await result(db, `DELETE FROM p8_keys WHERE id = $1`, [id])).count > 0;
}
