import { one, rows, type Sql } from "./sql";

/**
 * The software-sources domain's tables: `software_sources` (subscribed AltStore / ESign / Scarlet documents, site-wide
 * ones with `owner_id` null, users' private ones), `software_source_apps` (the apps of each source's last good copy),
 * `software_source_fetches` (every fetch), `software_source_feed` (the one row of the published feeds' settings) and
 * `esign_unlocks` (a device's UDID bound to the account whose unlock code opened it).
 */

/** A source as the pages read it (what the fetch alone needs, e.g. its validators, is left out). */
export interface SoftwareSourceRow {
  id: number;
  owner_id: number | null;
  name: string;
  url: string | null;
  icon_url: string;
  description: string;
  enabled: boolean;
  sort_order: number;
  refresh_minutes: number;
  allow_private: boolean;
  format: string | null;
  doc_name: string;
  identifier: string;
  source_url: string;
  doc_icon_url: string;
  doc_description: string;
  website: string;
  pay_url: string;
  unlock_url: string;
  news: unknown;
  app_count: number;
  status: string;
  last_fetch_at: Date | null;
  last_success_at: Date | null;
  last_error_code: string | null;
  last_error: string | null;
  warnings: unknown;
  created_at: Date;
  updated_at: Date;
}

const SOURCE_COLUMNS = `s.id, s.owner_id, s.name, s.url, s.icon_url, s.description, s.enabled, s.sort_order,
  s.refresh_minutes, s.allow_private, s.format, s.doc_name, s.identifier, s.source_url, s.doc_icon_url,
  s.doc_description, s.website, s.pay_url, s.unlock_url, s.news, s.app_count, s.status, s.last_fetch_at,
  s.last_success_at, s.last_error_code, s.last_error, s.warnings, s.created_at, s.updated_at`;

/** An app of a source, with its source's name and ESign pages. */
export interface SourceAppRow {
  id: number;
  source_id: number;
  source_name: string;
  name: string;
  bundle_id: string;
  version: string;
  version_date: Date | null;
  version_description: string;
  /** bigint: as text. */
  size_bytes: string | null;
  description: string;
  icon_url: string;
  download_url: string;
  developer: string;
  locked: boolean;
  category: string;
  pay_url: string;
  unlock_url: string;
}

const APP_COLUMNS = `a.id, a.source_id, s.name AS source_name, a.name, a.bundle_id, a.version, a.version_date,
  a.version_description, a.size_bytes, a.description, a.icon_url, a.download_url, a.developer, a.locked, a.category,
  s.pay_url, s.unlock_url`;

const APPS_FROM = `software_source_apps a JOIN software_sources s ON s.id = a.source_id`;

/** One line of a source's fetch log. */
export interface SourceFetchRow {
  id: number;
  source_id: number;
  started_at: Date;
  duration_ms: number;
  outcome: "updated" | "unchanged" | "failed";
  http_status: number | null;
  bytes: number;
  app_count: number | null;
  warning_count: number;
  error_code: string | null;
  error_message: string | null;
}

// ---- reading --------------------------------------------------------------------------------------------------------

/** The enabled site-wide sources, then the user's own (`userId` 0 for a guest), in display order. */
export function visibleSoftwareSources(db: Sql, userId: number): Promise<SoftwareSourceRow[]> {
  return rows<SoftwareSourceRow>(
    db,
    `SELECT ${SOURCE_COLUMNS} FROM software_sources s
      WHERE (s.owner_id IS NULL AND s.enabled) OR (s.owner_id = $1)
      ORDER BY (s.owner_id IS NOT NULL), s.sort_order, s.id`,
    [userId],
  );
}

/** One source: any (`owner` left out), a site-wide one (`owner` null) or one of a user's own (`owner` their id). */
export function softwareSourceById(db: Sql, id: number, owner?: number | null): Promise<SoftwareSourceRow | undefined> {
  if (owner === undefined) return one(db, `SELECT ${SOURCE_COLUMNS} FROM software_sources s WHERE s.id = $1`, [id]);
  if (owner === null)
    return one(db, `SELECT ${SOURCE_COLUMNS} FROM software_sources s WHERE s.id = $1 AND s.owner_id IS NULL`, [id]);
  return one(db, `SELECT ${SOURCE_COLUMNS} FROM software_sources s WHERE s.id = $1 AND s.owner_id = $2`, [id, owner]);
}

/** A page of the site-wide sources in display order; `like` (an ILIKE pattern) matches the name or URL. */
export async function siteSoftwareSourcesPage(
  db: Sql,
  like: string | null,
  limit: number,
  offset: number,
): Promise<{ rows: SoftwareSourceRow[]; total: number }> {
  const params = like ? [like] : [];
  const filter = like ? ` AND (s.name ILIKE $1 OR coalesce(s.url, '') ILIKE $1)` : "";
  const count = await one<{ n: number }>(
    db,
    `SELECT count(*)::int AS n FROM software_sources s WHERE s.owner_id IS NULL${filter}`,
    params,
  );
  const page = await rows<SoftwareSourceRow>(
    db,
    `SELECT ${SOURCE_COLUMNS} FROM software_sources s WHERE s.owner_id IS NULL${filter}
      ORDER BY s.sort_order, s.id LIMIT ${Number(limit)} OFFSET ${Number(offset)}`,
    params,
  );
  return { rows: page, total: count!.n };
}

/** A page of a source's apps in the document's order; `like` (an ILIKE pattern) matches the name or bundle id. */
export async function softwareSourceAppsPage(
  db: Sql,
  sourceId: number,
  like: string | null,
  limit: number,
  offset: number,
): Promise<{ rows: SourceAppRow[]; total: number }> {
  const params: unknown[] = like ? [sourceId, like] : [sourceId];
  const filter = like ? ` AND (a.name || ' ' || a.bundle_id) ILIKE $2` : "";
  const count = await one<{ n: number }>(
    db,
    `SELECT count(*)::int AS n FROM software_source_apps a WHERE a.source_id = $1${filter}`,
    params,
  );
  const page = await rows<SourceAppRow>(
    db,
    `SELECT ${APP_COLUMNS} FROM ${APPS_FROM}
      WHERE a.source_id = $1${filter} ORDER BY a.position LIMIT ${Number(limit)} OFFSET ${Number(offset)}`,
    params,
  );
  return { rows: page, total: count!.n };
}

/** One app of a source, with who owns the source and whether it is enabled (who may see it). */
export function softwareSourceAppById(
  db: Sql,
  id: number,
): Promise<(SourceAppRow & { owner_id: number | null; enabled: boolean }) | undefined> {
  return one(db, `SELECT ${APP_COLUMNS}, s.owner_id, s.enabled FROM ${APPS_FROM} WHERE a.id = $1`, [id]);
}

/**
 * Apps of the sources a user sees (`userId` 0 for a guest) whose name or bundle id matches `like` (the trigram index
 * covers the expression): `exact` (lower case) as the bundle id, then as a name prefix, first; then by source order.
 * The page and the count at once (on a pool: two connections).
 */
export async function searchSoftwareSourceApps(
  db: Sql,
  like: string,
  userId: number,
  exact: string,
  limit: number,
  offset: number,
): Promise<{ rows: SourceAppRow[]; total: number }> {
  const where = `(a.name || ' ' || a.bundle_id) ILIKE $1 AND ((s.owner_id IS NULL AND s.enabled) OR s.owner_id = $2)`;
  const [count, page] = await Promise.all([
    one<{ n: number }>(db, `SELECT count(*)::int AS n FROM ${APPS_FROM} WHERE ${where}`, [like, userId]),
    rows<SourceAppRow>(
      db,
      `SELECT ${APP_COLUMNS} FROM ${APPS_FROM} WHERE ${where}
        ORDER BY (lower(a.bundle_id) = $3) DESC, (lower(a.name) LIKE $3 || '%') DESC, (s.owner_id IS NOT NULL),
                 s.sort_order, s.id, a.position
        LIMIT ${Number(limit)} OFFSET ${Number(offset)}`,
      [like, userId, exact],
    ),
  ]);
  return { rows: page, total: count!.n };
}

/** A source's last fetches, newest first. */
export function softwareSourceFetches(db: Sql, sourceId: number, limit: number): Promise<SourceFetchRow[]> {
  return rows<SourceFetchRow>(
    db,
    `SELECT * FROM software_source_fetches WHERE source_id = $1 ORDER BY id DESC LIMIT $2`,
    [sourceId, limit],
  );
}

// ---- adding, editing, removing --------------------------------------------------------------------------------------

/** One user adds sources at a time: taken in the adding transaction before its count. */
export async function lockOwnSoftwareSources(db: Sql, ownerId: number): Promise<void> {
  await db.query(`SELECT pg_advisory_xact_lock(hashtext('software_sources_owner'), $1)`, [ownerId]);
}

/** How many private sources a user has. */
export async function countOwnSoftwareSources(db: Sql, ownerId: number): Promise<number> {
  return (await one<{ n: number }>(db, `SELECT count(*)::int AS n FROM software_sources WHERE owner_id = $1`, [
    ownerId,
  ]))!.n;
}

/** Whether the owner (null: the site) has another source (than `exceptId`) at this URL. */
export async function softwareSourceUrlTaken(
  db: Sql,
  ownerId: number | null,
  url: string,
  exceptId = 0,
): Promise<boolean> {
  const r = await rows(
    db,
    `SELECT 1 FROM software_sources WHERE COALESCE(owner_id, 0) = $1 AND url = $2 AND id <> $3`,
    [ownerId ?? 0, url, exceptId],
  );
  return r.length > 0;
}

/** What an admin sets on a source (a user's private source takes the defaults). */
export interface SoftwareSourceFields {
  name?: string;
  iconUrl?: string;
  description?: string;
  enabled?: boolean;
  sortOrder?: number;
  refreshMinutes?: number;
  allowPrivate?: boolean;
}

const SOURCE_FIELD_COLUMNS: Record<keyof SoftwareSourceFields, string> = {
  name: "name",
  iconUrl: "icon_url",
  description: "description",
  enabled: "enabled",
  sortOrder: "sort_order",
  refreshMinutes: "refresh_minutes",
  allowPrivate: "allow_private",
};

/**
 * Adds a source and answers its id; fields left out take their defaults. Its next scheduled fetch is
 * `fetchInMinutes` away (the caller enqueues the first one itself: the sweep leaves it alone meanwhile).
 */
export async function insertSoftwareSource(
  db: Sql,
  s: { ownerId: number | null; name: string; url: string | null; fetchInMinutes: number } & SoftwareSourceFields,
): Promise<number> {
  return (await one<{ id: number }>(
    db,
    `INSERT INTO software_sources
       (owner_id, name, url, icon_url, description, enabled, sort_order, refresh_minutes, next_fetch_at, allow_private)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now() + make_interval(mins => $9), $10) RETURNING id`,
    [
      s.ownerId,
      s.name,
      s.url,
      s.iconUrl ?? "",
      s.description ?? "",
      s.enabled ?? true,
      s.sortOrder ?? 0,
      s.refreshMinutes ?? 360,
      s.fetchInMinutes,
      s.allowPrivate ?? false,
    ],
  ))!.id;
}

/**
 * Where a source's document now comes from: a new URL (its validators forgotten, the next scheduled fetch
 * `fetchInMinutes` away: the caller enqueues one) or an uploaded document (no URL, no validators).
 */
export type SoftwareSourceOrigin = { url: string; fetchInMinutes: number } | { uploaded: true };

/** Sets the given fields of a source, and its new origin if given. */
export async function updateSoftwareSource(
  db: Sql,
  id: number,
  f: SoftwareSourceFields,
  origin?: SoftwareSourceOrigin,
): Promise<void> {
  const sets: string[] = [];
  const params: unknown[] = [id];
  for (const key of Object.keys(SOURCE_FIELD_COLUMNS) as (keyof SoftwareSourceFields)[]) {
    if (f[key] === undefined) continue;
    params.push(f[key]);
    sets.push(`${SOURCE_FIELD_COLUMNS[key]} = $${params.length}`);
  }
  if (origin && "url" in origin) {
    params.push(origin.url, origin.fetchInMinutes);
    sets.push(
      `url = $${params.length - 1}`,
      "etag = NULL",
      "last_modified = NULL",
      "content_sha256 = NULL",
      `next_fetch_at = now() + make_interval(mins => $${params.length})`,
    );
  } else if (origin) sets.push("url = NULL", "etag = NULL", "last_modified = NULL");
  await db.query(`UPDATE software_sources SET ${[...sets, "updated_at = now()"].join(", ")} WHERE id = $1`, params);
}

/** Removes a source (with its apps and fetches); `ownerId`: only if it is that user's. */
export async function deleteSoftwareSource(db: Sql, id: number, ownerId?: number): Promise<void> {
  if (ownerId === undefined) await db.query(`DELETE FROM software_sources WHERE id = $1`, [id]);
  else await db.query(`DELETE FROM software_sources WHERE id = $1 AND owner_id = $2`, [id, ownerId]);
}

// ---- fetching -------------------------------------------------------------------------------------------------------

/**
 * A fetch asked for now: the next scheduled one moves `fetchInMinutes` ahead, unless the source was fetched less
 * than `gapSeconds` ago (then false).
 */
export async function requestSoftwareSourceFetch(
  db: Sql,
  id: number,
  gapSeconds: number,
  fetchInMinutes: number,
): Promise<boolean> {
  const r = await rows(
    db,
    `UPDATE software_sources SET next_fetch_at = now() + make_interval(mins => $3)
      WHERE id = $1 AND (last_fetch_at IS NULL OR last_fetch_at < now() - make_interval(secs => $2)) RETURNING id`,
    [id, gapSeconds, fetchInMinutes],
  );
  return r.length > 0;
}

/**
 * The enabled sources with a URL whose time has come and no fetch running (at most 200): their next time moves
 * `fetchInMinutes` ahead in the same statement (rows another sweep holds are skipped). Answers their ids.
 */
export async function claimDueSoftwareSources(db: Sql, fetchInMinutes: number): Promise<number[]> {
  const r = await rows<{ id: number }>(
    db,
    `UPDATE software_sources SET next_fetch_at = now() + make_interval(mins => $1)
      WHERE id IN (SELECT id FROM software_sources
                    WHERE enabled AND url IS NOT NULL AND next_fetch_at <= now()
                      AND (lease_until IS NULL OR lease_until < now())
                    ORDER BY next_fetch_at LIMIT 200 FOR UPDATE SKIP LOCKED)
      RETURNING id`,
    [fetchInMinutes],
  );
  return r.map((x) => x.id);
}

/** What a fetch starts from. */
export interface SoftwareSourceLease {
  url: string;
  etag: string | null;
  last_modified: string | null;
  content_sha256: string | null;
  refresh_minutes: number;
  owner_id: number | null;
  allow_private: boolean;
}

/** Takes the fetch lease of a source with a URL for `leaseSeconds`; undefined while another fetch holds it. */
export function leaseSoftwareSource(
  db: Sql,
  id: number,
  leaseSeconds: number,
): Promise<SoftwareSourceLease | undefined> {
  return one<SoftwareSourceLease>(
    db,
    `UPDATE software_sources SET lease_until = now() + make_interval(secs => $2)
      WHERE id = $1 AND url IS NOT NULL AND (lease_until IS NULL OR lease_until < now())
      RETURNING url, etag, last_modified, content_sha256, refresh_minutes, owner_id, allow_private`,
    [id, leaseSeconds],
  );
}

/** Lets another fetch take the source (a fetch whose outcome could not be recorded). */
export async function releaseSoftwareSourceLease(db: Sql, id: number): Promise<void> {
  await db.query(`UPDATE software_sources SET lease_until = NULL WHERE id = $1`, [id]);
}

/** The validators the source's server answered (sent back on the next fetch). */
export async function setSoftwareSourceValidators(
  db: Sql,
  id: number,
  etag: string | null,
  lastModified: string | null,
): Promise<void> {
  await db.query(`UPDATE software_sources SET etag = $2, last_modified = $3 WHERE id = $1`, [id, etag, lastModified]);
}

/** How a fetch ended. */
export interface SourceFetchOutcome {
  startedAt: Date;
  durationMs: number;
  outcome: "updated" | "unchanged" | "failed";
  httpStatus: number | null;
  bytes: number;
  appCount: number | null;
  warningCount: number;
  errorCode: string | null;
  errorMessage: string | null;
}

/**
 * Records a fetch in the source's log and on the source: its lease released, the next fetch `refresh_minutes` away,
 * its status (failed or ok) and error.
 */
export async function finishSoftwareSourceFetch(db: Sql, sourceId: number, f: SourceFetchOutcome): Promise<void> {
  await db.query(
    `INSERT INTO software_source_fetches
       (source_id, started_at, duration_ms, outcome, http_status, bytes, app_count, warning_count, error_code,
        error_message)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      sourceId,
      f.startedAt,
      f.durationMs,
      f.outcome,
      f.httpStatus,
      f.bytes,
      f.appCount,
      f.warningCount,
      f.errorCode,
      f.errorMessage,
    ],
  );
  await db.query(
    `UPDATE software_sources SET lease_until = NULL, last_fetch_at = $2,
       next_fetch_at = now() + make_interval(mins => refresh_minutes),
       status = CASE WHEN $3 = 'failed' THEN 'failed' ELSE 'ok' END,
       last_error_code = $4, last_error = $5, updated_at = now()
     WHERE id = $1`,
    [sourceId, f.startedAt, f.outcome, f.errorCode, f.errorMessage],
  );
}

/** An app of a source document, as indexed. */
export interface SourceAppFields {
  name: string;
  bundleId: string;
  version: string;
  versionDate: Date | null;
  versionDescription: string;
  sizeBytes: number | null;
  description: string;
  iconUrl: string;
  downloadUrl: string;
  developer: string;
  /** ESign `lock`: the app is unlocked through the source's payURL / unlockURL. */
  locked: boolean;
  /** ESign `type`, Scarlet's category, AltStore's `category`. */
  category: string;
}

/** A source document as indexed: its fields, apps (in order), news and the warnings of its reading. */
export interface SourceDocumentFields {
  format: string;
  name: string;
  identifier: string;
  sourceUrl: string;
  iconUrl: string;
  description: string;
  website: string;
  payUrl: string;
  unlockUrl: string;
  apps: SourceAppFields[];
  news: { title: string; caption: string; date: string | null; url: string }[];
  warnings: string[];
}

/** Apps inserted per statement. */
const INSERT_CHUNK = 5000;

/**
 * Replaces a source's apps and document fields with a document (`sha`: its SHA-256) and marks it ok; run it in the
 * caller's transaction, so readers see the old copy or the new one.
 */
export async function indexSoftwareSource(
  db: Sql,
  sourceId: number,
  doc: SourceDocumentFields,
  sha: string,
): Promise<void> {
  await db.query(`DELETE FROM software_source_apps WHERE source_id = $1`, [sourceId]);
  for (let i = 0; i < doc.apps.length; i += INSERT_CHUNK) {
    const chunk = doc.apps.slice(i, i + INSERT_CHUNK);
    const col = <K extends keyof SourceAppFields>(k: K) => chunk.map((a) => a[k]);
    await db.query(
      `INSERT INTO software_source_apps (source_id, position, name, bundle_id, version, version_date,
         version_description, size_bytes, description, icon_url, download_url, developer, locked, category)
       SELECT $1, * FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::timestamptz[], $7::text[],
         $8::bigint[], $9::text[], $10::text[], $11::text[], $12::text[], $13::boolean[], $14::text[])`,
      [
        sourceId,
        chunk.map((_, j) => i + j),
        col("name"),
        col("bundleId"),
        col("version"),
        col("versionDate"),
        col("versionDescription"),
        col("sizeBytes"),
        col("description"),
        col("iconUrl"),
        col("downloadUrl"),
        col("developer"),
        col("locked"),
        col("category"),
      ],
    );
  }
  await db.query(
    `UPDATE software_sources SET format = $2, doc_name = $3, identifier = $4, source_url = $5, doc_icon_url = $6,
       doc_description = $7, website = $8, pay_url = $9, unlock_url = $10, news = $11::jsonb, app_count = $12,
       content_sha256 = $13, warnings = $14::jsonb, status = 'ok', last_success_at = now(), last_error_code = NULL,
       last_error = NULL, updated_at = now()
     WHERE id = $1`,
    [
      sourceId,
      doc.format,
      doc.name,
      doc.identifier,
      doc.sourceUrl,
      doc.iconUrl,
      doc.description,
      doc.website,
      doc.payUrl,
      doc.unlockUrl,
      JSON.stringify(doc.news),
      doc.apps.length,
      sha,
      JSON.stringify(doc.warnings),
    ],
  );
}

// ---- the published feeds' settings (software_source_feed) -----------------------------------------------------------

/** The admin's 允许内网地址 for every site-wide source. */
export async function feedAllowsPrivate(db: Sql): Promise<boolean> {
  return (
    (await one<{ allow_private: boolean }>(db, `SELECT allow_private FROM software_source_feed WHERE id = 1`))
      ?.allow_private === true
  );
}

export async function setFeedAllowPrivate(db: Sql, allow: boolean): Promise<void> {
  await db.query(`UPDATE software_source_feed SET allow_private = $1, updated_at = now() WHERE id = 1`, [allow]);
}

/** The categories the published feeds carry (empty: every category). */
export async function feedCategoryIds(db: Sql): Promise<number[]> {
  const r = await one<{ category_ids: number[] }>(db, `SELECT category_ids FROM software_source_feed WHERE id = 1`);
  return (r?.category_ids ?? []).map(Number);
}

export async function setFeedCategoryIds(db: Sql, ids: number[]): Promise<void> {
  await db.query(`UPDATE software_source_feed SET category_ids = $1::int[], updated_at = now() WHERE id = 1`, [ids]);
}

/** The epoch the feeds' IPA links are signed under (0 before the row exists). */
export async function feedLinkEpoch(db: Sql): Promise<number> {
  return (
    (await one<{ link_epoch: number }>(db, `SELECT link_epoch FROM software_source_feed WHERE id = 1`))?.link_epoch ?? 0
  );
}

/** 重置下载链接: the epoch moves on (every link signed under the old one stops); answers the new one. */
export async function nextFeedLinkEpoch(db: Sql): Promise<number> {
  return (await one<{ link_epoch: number }>(
    db,
    `UPDATE software_source_feed SET link_epoch = link_epoch + 1, updated_at = now() WHERE id = 1 RETURNING link_epoch`,
  ))!.link_epoch;
}

/**
 * What a public feed document is built from, as one text: the content versions of apps, categories and settings
 * (`content_versions`, which every admin change of them bumps) and the feed row's epoch and last change.
 */
export async function feedBuildVersion(db: Sql): Promise<string> {
  return (await one<{ v: string }>(
    db,
    `SELECT coalesce((SELECT string_agg(kind || ':' || version, ',' ORDER BY kind) FROM content_versions
                       WHERE kind IN ('apps', 'categories', 'settings')), '')
            || '|'
            || coalesce((SELECT link_epoch || ':' || updated_at::text FROM software_source_feed WHERE id = 1), '')
            AS v`,
  ))!.v;
}

// ---- ESign unlocks --------------------------------------------------------------------------------------------------

/** Binds a device to the account whose unlock code it sent (a device unlocked before moves to this account). */
export async function upsertEsignUnlock(db: Sql, udid: string, userId: number): Promise<void> {
  await db.query(
    `INSERT INTO esign_unlocks (udid, user_id) VALUES ($1, $2)
     ON CONFLICT (udid) DO UPDATE SET user_id = EXCLUDED.user_id, updated_at = now()`,
    [udid, userId],
  );
}

/** The account a device is unlocked for, or undefined. */
export async function esignUnlockedUser(db: Sql, udid: string): Promise<number | undefined> {
  return (await one<{ user_id: number }>(db, `SELECT user_id FROM esign_unlocks WHERE udid = $1`, [udid]))?.user_id;
}

/** The devices unlocked with a user's code, last unlocked first (at most 50). */
export function esignUnlockedDevices(db: Sql, userId: number): Promise<{ udid: string; updated_at: Date }[]> {
  return rows(db, `SELECT udid, updated_at FROM esign_unlocks WHERE user_id = $1 ORDER BY updated_at DESC LIMIT 50`, [
    userId,
  ]);
}
