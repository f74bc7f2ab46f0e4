import { count, one, rows, type Sql } from "./sql";

/**
 * The devices domain's tables (UDID capture): `devices` (one row per UDID, bound to at most one account),
 * `udid_sessions` (one-time capture sessions the device posts to), `device_models` (PRODUCT → marketing name) and
 * `udid_signing_identity` (the one profile-signing p12, sealed by the caller).
 */

/** A device with its owner's name and its model's marketing name (null when unknown). */
export interface DeviceRow {
  id: number;
  user_id: number | null;
  username: string | null;
  udid: string;
  product: string;
  model_name: string | null;
  version: string;
  serial: string;
  imei: string | null;
  bound_at: Date | null;
  unbound_at: Date | null;
  captured_at: Date;
  created_at: Date;
}

export interface UdidSessionRow {
  id: string;
  user_id: number | null;
  back: string;
  front: string | null;
  expires_at: Date;
  relayed_at: Date | null;
  device_id: number | null;
  consumed_at: Date | null;
  consumed_by: number | null;
  created_at: Date;
}

export interface DeviceModelRow {
  id: number;
  product: string;
  name: string;
  created_at: Date;
  updated_at: Date;
}

const DEVICE_SELECT = `
  SELECT d.id, d.user_id, u.username, d.udid, d.product, m.name AS model_name, d.version, d.serial, d.imei,
         d.bound_at, d.unbound_at, d.captured_at, d.created_at
  FROM devices d LEFT JOIN users u ON u.id = d.user_id LEFT JOIN device_models m ON m.product = d.product`;

// ---- capture sessions ------------------------------------------------------------------------------------------

/** A new capture session, relaying within `ttlMinutes`; answers when it expires. */
export async function insertUdidSession(
  db: Sql,
  s: { id: string; userId: number | null; back: string; front: string | null; ttlMinutes: number },
): Promise<Date> {
  const r = await one<{ expires_at: Date }>(
    db,
    `INSERT INTO udid_sessions (id, user_id, back, front, expires_at)
     VALUES ($1, $2, $3, $4, now() + make_interval(mins => $5)) RETURNING expires_at`,
    [s.id, s.userId, s.back, s.front, s.ttlMinutes],
  );
  return r!.expires_at;
}

/** Housekeeping: drops sessions long past their claim window (a week old). */
export async function pruneUdidSessions(db: Sql): Promise<void> {
  await db.query(`DELETE FROM udid_sessions WHERE created_at < now() - interval '7 days'`);
}

export function udidSessionById(db: Sql, id: string): Promise<UdidSessionRow | undefined> {
  return one<UdidSessionRow>(db, `SELECT * FROM udid_sessions WHERE id = $1`, [id]);
}

/**
 * Marks an unexpired session that has not relayed yet as relayed now (once: a replay or an expired session answers
 * undefined); answers whose it is and where the browser goes after.
 */
export function claimUdidSession(
  db: Sql,
  id: string,
): Promise<{ user_id: number | null; back: string; front: string | null } | undefined> {
  return one(
    db,
    `UPDATE udid_sessions SET relayed_at = now() WHERE id = $1 AND relayed_at IS NULL AND expires_at > now()
     RETURNING user_id, back, front`,
    [id],
  );
}

/** The device a session captured. */
export async function setUdidSessionDevice(db: Sql, id: string, deviceId: number): Promise<void> {
  await db.query(`UPDATE udid_sessions SET device_id = $2 WHERE id = $1`, [id, deviceId]);
}

/** Marks a session consumed by the account (first consumption's time kept). */
export async function markUdidSessionConsumed(db: Sql, id: string, userId: number): Promise<void> {
  await db.query(
    `UPDATE udid_sessions SET consumed_at = COALESCE(consumed_at, now()), consumed_by = $2 WHERE id = $1`,
    [id, userId],
  );
}

// ---- devices ---------------------------------------------------------------------------------------------------

/** Who holds the device of this UDID (null: nobody), locking its row for the caller's transaction; undefined: new. */
export function lockDeviceByUdid(db: Sql, udid: string): Promise<{ user_id: number | null } | undefined> {
  return one(db, `SELECT user_id FROM devices WHERE udid = $1 FOR UPDATE`, [udid]);
}

/**
 * Stores a captured device by UDID, or refreshes its attributes (an IMEI it did not report again is kept). `userId`
 * binds it when nobody holds it; a device someone holds keeps its owner. Answers its id.
 */
export async function upsertCapturedDevice(
  db: Sql,
  d: { udid: string; product: string; version: string; serial: string; imei: string | null },
  userId: number | null,
): Promise<number> {
  const r = await one<{ id: number }>(
    db,
    `INSERT INTO devices (udid, product, version, serial, imei, user_id, bound_at, captured_at)
     VALUES ($1, $2, $3, $4, $5, $6::int, CASE WHEN $6::int IS NULL THEN NULL ELSE now() END, now())
     ON CONFLICT (udid) DO UPDATE SET
       product = EXCLUDED.product, version = EXCLUDED.version, serial = EXCLUDED.serial,
       imei = COALESCE(EXCLUDED.imei, devices.imei), captured_at = now(),
       user_id = COALESCE(devices.user_id, $6::int),
       bound_at = CASE WHEN devices.user_id IS NULL AND $6::int IS NOT NULL THEN now() ELSE devices.bound_at END,
       unbound_at = CASE WHEN devices.user_id IS NULL AND $6::int IS NOT NULL THEN NULL ELSE devices.unbound_at END
     RETURNING id`,
    [d.udid, d.product, d.version, d.serial, d.imei, userId],
  );
  return r!.id;
}

/** Binds a device nobody holds (or the account already holds) to the account; false when another account holds it. */
export async function attachDevice(db: Sql, deviceId: number, userId: number): Promise<boolean> {
  return (
    (await count(
      db,
      `UPDATE devices SET user_id = $2, bound_at = CASE WHEN user_id IS NULL THEN now() ELSE bound_at END,
              unbound_at = NULL
       WHERE id = $1 AND (user_id IS NULL OR user_id = $2) RETURNING id`,
      [deviceId, userId],
    )) > 0
  );
}

/** Unbinds a device (only when `userId` holds it, if given); false when there is no such device. */
export async function unbindDevice(db: Sql, id: number, userId?: number): Promise<boolean> {
  return (
    (await count(
      db,
      `UPDATE devices SET user_id = NULL, unbound_at = now()
       WHERE id = $1 ${userId === undefined ? "" : "AND user_id = $2"} RETURNING id`,
      userId === undefined ? [id] : [id, userId],
    )) > 0
  );
}

export function deviceById(db: Sql, id: number): Promise<DeviceRow | undefined> {
  return one<DeviceRow>(db, `${DEVICE_SELECT} WHERE d.id = $1`, [id]);
}

/** The account's bound devices, newest binding first. */
export function devicesOfUser(db: Sql, userId: number): Promise<DeviceRow[]> {
  return rows<DeviceRow>(db, `${DEVICE_SELECT} WHERE d.user_id = $1 ORDER BY d.bound_at DESC NULLS LAST, d.id DESC`, [
    userId,
  ]);
}

const ADMIN_SEARCH = `WHERE d.udid ILIKE $1 OR u.username ILIKE $1 OR d.product ILIKE $1 OR m.name ILIKE $1
                        OR d.serial ILIKE $1`;

/** A page of every device, newest capture first; `searchLike` (ILIKE) over UDID, owner, PRODUCT, model, serial. */
export function adminDevicePage(
  db: Sql,
  searchLike: string | undefined,
  limit: number,
  offset: number,
): Promise<DeviceRow[]> {
  return rows<DeviceRow>(
    db,
    `${DEVICE_SELECT} ${searchLike ? ADMIN_SEARCH : ""}
     ORDER BY d.captured_at DESC, d.id DESC LIMIT ${Number(limit)} OFFSET ${Number(offset)}`,
    searchLike ? [searchLike] : [],
  );
}

/** How many devices adminDevicePage's search matches. */
export async function adminDeviceTotal(db: Sql, searchLike: string | undefined): Promise<number> {
  const r = await one<{ n: number }>(
    db,
    `SELECT count(*)::int AS n
     FROM devices d LEFT JOIN users u ON u.id = d.user_id LEFT JOIN device_models m ON m.product = d.product
     ${searchLike ? ADMIN_SEARCH : ""}`,
    searchLike ? [searchLike] : [],
  );
  return r!.n;
}

/* Reads other domains make. */

/** One of the user's devices still bound, or undefined. */
export function boundDevice(
  db: Sql,
  deviceId: number,
  userId: number,
): Promise<{ id: number; udid: string } | undefined> {
  return one(db, `SELECT id, udid FROM devices WHERE id = $1 AND user_id = $2 AND unbound_at IS NULL`, [
    deviceId,
    userId,
  ]);
}

/** The UDIDs of the user's bound devices. */
export async function boundUdids(db: Sql, userId: number): Promise<string[]> {
  const r = await rows<{ udid: string }>(db, `SELECT udid FROM devices WHERE user_id = $1 AND unbound_at IS NULL`, [
    userId,
  ]);
  return r.map((x) => x.udid);
}

// ---- device models ---------------------------------------------------------------------------------------------

/** The models by PRODUCT; `searchLike` (ILIKE) over PRODUCT and name. */
export function deviceModels(db: Sql, searchLike?: string): Promise<DeviceModelRow[]> {
  return searchLike
    ? rows<DeviceModelRow>(db, `SELECT * FROM device_models WHERE product ILIKE $1 OR name ILIKE $1 ORDER BY product`, [
        searchLike,
      ])
    : rows<DeviceModelRow>(db, `SELECT * FROM device_models ORDER BY product`);
}

/** Adds a model; undefined when its PRODUCT is already named. */
export function insertDeviceModel(db: Sql, product: string, name: string): Promise<DeviceModelRow | undefined> {
  return one<DeviceModelRow>(
    db,
    `INSERT INTO device_models (product, name) VALUES ($1, $2) ON CONFLICT (product) DO NOTHING RETURNING *`,
    [product, name],
  );
}

/** Whether another model (not `id`) names this PRODUCT. */
export async function deviceModelProductTaken(db: Sql, product: string, id: number): Promise<boolean> {
  return (await rows(db, `SELECT id FROM device_models WHERE product = $1 AND id <> $2`, [product, id])).length > 0;
}

/** Renames a model; undefined when there is none of that id. */
export function updateDeviceModel(
  db: Sql,
  id: number,
  product: string,
  name: string,
): Promise<DeviceModelRow | undefined> {
  return one<DeviceModelRow>(
    db,
    `UPDATE device_models SET product = $2, name = $3, updated_at = now() WHERE id = $1 RETURNING *`,
    [id, product, name],
  );
}

/** Deletes a model; false when there is none of that id. */
export async function deleteDeviceModel(db: Sql, id: number): Promise<boolean> {
  return (await count(db, `DELETE FROM device_models WHERE id = $1 RETURNING id`, [id])) > 0;
}

// ---- the profile-signing identity ------------------------------------------------------------------------------

/** What the configured identity is (not its secrets), or undefined without one. */
export function udidSigningIdentityInfo(
  db: Sql,
): Promise<{ common_name: string; not_after: Date; updated_at: Date } | undefined> {
  return one(db, `SELECT common_name, not_after, updated_at FROM udid_signing_identity WHERE id = 1`);
}

/** The configured identity's sealed p12 and password, or undefined without one. */
export function udidSigningIdentitySealed(
  db: Sql,
): Promise<{ p12_sealed: string; password_sealed: string } | undefined> {
  return one(db, `SELECT p12_sealed, password_sealed FROM udid_signing_identity WHERE id = 1`);
}

/** Replaces the identity (p12 and password sealed by the caller: `devices.signing-p12` / `-password`). */
export async function saveUdidSigningIdentity(
  db: Sql,
  i: { p12Sealed: string; passwordSealed: string; commonName: string; notAfter: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO udid_signing_identity (id, p12_sealed, password_sealed, common_name, not_after, updated_at)
     VALUES (1, $1, $2, $3, $4, now())
     ON CONFLICT (id) DO UPDATE SET p12_sealed = $1, password_sealed = $2, common_name = $3, not_after = $4,
       updated_at = now()`,
    [i.p12Sealed, i.passwordSealed, i.commonName, i.notAfter],
  );
}

export async function deleteUdidSigningIdentity(db: Sql): Promise<void> {
  await db.query(`DELETE FROM udid_signing_identity WHERE id = 1`);
}
