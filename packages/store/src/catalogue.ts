import { changedFields, insertGiven, one, pagedRows, rows, updateGiven, type Sql } from "./sql";

/** The apps and dylibs catalogues' files, as the signer reads them (owners: the apps and dylibs domains). */

/** The storage key of an app's IPA, or undefined when the app or its file is gone. */
export async function appIpaKey(db: Sql, appId: number | null): Promise<string | undefined> {
  if (appId === null) return undefined;
  return (
    await one<{ key: string }>(db, `SELECT ipa_key AS key FROM apps WHERE id = $1 AND ipa_key IS NOT NULL`, [appId])
  )?.key;
}

/** The storage keys of the dylibs that still have a file, by id. */
export async function dylibFileKeys(db: Sql, ids: number[]): Promise<string[]> {
  const r = await rows<{ file_key: string }>(
    db,
    `SELECT file_key FROM dylibs WHERE id = ANY($1::int[]) AND file_key IS NOT NULL ORDER BY id`,
    [ids],
  );
  return r.map((x) => x.file_key);
}

/** A catalogue app as the signing page lists it. */
export interface SignableAppRow {
  id: number;
  name: string;
  bundle_id: string | null;
  version: string | null;
  icon_path: string | null;
  price: number;
  size: string | null;
}

/**
 * Catalogue apps a user may sign: active, with an IPA, free or bought; `like` (an ILIKE pattern) matches the name or
 * bundle id. Paid (bought) first, then newest; with the total.
 */
export async function signableApps(
  db: Sql,
  userId: number,
  like: string | null,
  limit: number,
  offset: number,
): Promise<{ rows: SignableAppRow[]; total: number }> {
  const r = await rows<SignableAppRow & { total: number }>(
    db,
    `SELECT a.id, a.name, a.bundle_id, a.version, a.icon_path, a.price, a.size, count(*) OVER ()::int AS total
       FROM apps a
      WHERE a.is_active AND a.ipa_key IS NOT NULL
        AND (a.price = 0 OR EXISTS (SELECT 1 FROM purchases p WHERE p.user_id = $1 AND p.item_kind = 'app' AND p.item_id = a.id))
        AND ($2::text IS NULL OR a.name ILIKE $2 OR a.bundle_id ILIKE $2)
      ORDER BY a.price > 0 DESC, a.id DESC LIMIT ${Number(limit)} OFFSET ${Number(offset)}`,
    [userId, like],
  );
  return { rows: r, total: r[0]?.total ?? 0 };
}

/** An active app with an IPA (what signing it starts from), or undefined. */
export function signableApp(
  db: Sql,
  id: number,
): Promise<
  | {
      id: number;
      name: string;
      bundle_id: string | null;
      version: string | null;
      icon_path: string | null;
      price: number;
    }
  | undefined
> {
  return one(
    db,
    `SELECT id, name, bundle_id, version, icon_path, price, ipa_key FROM apps WHERE id = $1 AND is_active AND ipa_key IS NOT NULL`,
    [id],
  );
}

/** Dylib plugins a user may inject: active, a .dylib file, free or bought. */
export function signableDylibs(
  db: Sql,
  userId: number,
): Promise<{ id: number; name: string; version: string | null; icon_path: string | null }[]> {
  return rows(
    db,
    `SELECT d.id, d.name, d.version, d.icon_path FROM dylibs d
      WHERE d.is_active AND d.file_key LIKE 'dylibs/%.dylib'
        AND (d.resource_fee = 0 OR EXISTS (SELECT 1 FROM purchases p WHERE p.user_id = $1 AND p.item_kind = 'dylib' AND p.item_id = d.id))
      ORDER BY d.sort_order, d.id DESC LIMIT 100`,
    [userId],
  );
}

/** The injectable dylibs among `ids` (active, a .dylib file) with their fees. */
export function injectableDylibs(db: Sql, ids: number[]): Promise<{ id: number; resource_fee: number }[]> {
  return rows(
    db,
    `SELECT id, resource_fee FROM dylibs WHERE id = ANY($1::int[]) AND is_active AND file_key LIKE 'dylibs/%.dylib'`,
    [ids],
  );
}

/** Whether any app belongs to the category (the categories domain refuses to delete one that holds apps). */
export async function anyAppInCategory(db: Sql, categoryId: number): Promise<boolean> {
  return (await rows(db, `SELECT 1 FROM apps WHERE category_id = $1 LIMIT 1`, [categoryId])).length > 0;
}

// ---- dylibs and resource shares: the catalogue items' own statements --------------------------------------------

/** The two tables of catalogue items (same shape; dylibs add category, author and tags). */
export type CatalogItemTable = "dylibs" | "resource_shares";

/** One catalogue item row, as PostgreSQL answers it (`file_size` is a bigint: a string). */
export interface CatalogItemRow {
  id: number;
  name: string;
  icon_path: string;
  version: string;
  file_key: string | null;
  file_size: string;
  description: string;
  resource_fee: number;
  traffic_fee: number;
  bundle_id: string;
  download_count: number;
  is_active: boolean;
  sort_order: number;
  created_at: Date;
  updated_at: Date;
  /** Dylibs only. */
  category?: string;
  author?: string;
  tags?: string[];
}

/** The columns an admin's changes may set, per table (everything but the id, the counters and the stamps). */
/** What an admin's create or update sets of an item (camelCase; `fileSize` a bigint as text). Dylibs only: the last three. */
export interface CatalogItemFields {
  name?: string;
  iconPath?: string;
  version?: string;
  fileKey?: string | null;
  fileSize?: string;
  description?: string;
  resourceFee?: number;
  trafficFee?: number;
  bundleId?: string;
  isActive?: boolean;
  sortOrder?: number;
  category?: string;
  author?: string;
  tags?: string[];
}

const ITEM_COMMON = {
  name: "name",
  iconPath: "icon_path",
  version: "version",
  fileKey: "file_key",
  fileSize: "file_size",
  description: "description",
  resourceFee: "resource_fee",
  trafficFee: "traffic_fee",
  bundleId: "bundle_id",
  isActive: "is_active",
  sortOrder: "sort_order",
};
/** Each table's settable columns (a dylib's own three are no column of resource_shares: they are not written there). */
const ITEM_COLUMNS: Record<CatalogItemTable, Record<keyof CatalogItemFields, string>> = {
  dylibs: { ...ITEM_COMMON, category: "category", author: "author", tags: "tags" },
  resource_shares: ITEM_COMMON as Record<keyof CatalogItemFields, string>,
};

/** The expression each table's trigram index covers (Catalogue migration), over alias `t`: what search matches. */
export const CATALOG_ITEM_SEARCH: Record<CatalogItemTable, string> = {
  resource_shares: `(t.name || ' ' || t.bundle_id)`,
  dylibs: `(t.name || ' ' || t.bundle_id || ' ' || catalog_tags_text(t.tags))`,
};

const ITEM_ORDER = `t.sort_order ASC, t.id DESC`;

/** One item; `activeOnly` hides a switched-off one, `forUpdate` locks the row for the caller's transaction. */
export function catalogItemById(
  db: Sql,
  table: CatalogItemTable,
  id: number,
  opts: { activeOnly?: boolean; forUpdate?: boolean } = {},
): Promise<CatalogItemRow | undefined> {
  return one<CatalogItemRow>(
    db,
    `SELECT * FROM ${table} t WHERE t.id = $1${opts.activeOnly ? " AND t.is_active" : ""}${opts.forUpdate ? " FOR UPDATE" : ""}`,
    [id],
  );
}

/** These items, in display order. */
export function catalogItemsByIds(db: Sql, table: CatalogItemTable, ids: number[]): Promise<CatalogItemRow[]> {
  return rows<CatalogItemRow>(db, `SELECT * FROM ${table} t WHERE t.id = ANY($1::int[]) ORDER BY ${ITEM_ORDER}`, [ids]);
}

/** One page of items in display order (only active ones when `activeOnly`; `like` searches), and how many match. */
export async function catalogItemPage(
  db: Sql,
  table: CatalogItemTable,
  f: { activeOnly: boolean; like?: string },
  limit: number,
  offset: number,
): Promise<{ rows: CatalogItemRow[]; total: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (f.activeOnly) where.push("t.is_active");
  if (f.like !== undefined) where.push(`${CATALOG_ITEM_SEARCH[table]} ILIKE $${params.push(f.like)}`);
  const clause = where.length ? `WHERE ${where.join(" AND ")}` : "";
  const [page, n] = await Promise.all([
    rows<CatalogItemRow>(
      db,
      `SELECT * FROM ${table} t ${clause} ORDER BY ${ITEM_ORDER} LIMIT ${limit} OFFSET ${offset}`,
      params,
    ),
    one<{ n: number }>(db, `SELECT count(*)::int AS n FROM ${table} t ${clause}`, params),
  ]);
  return { rows: page, total: n!.n };
}

/** Adds an item (fields left out take their defaults) and answers its id. */
export function insertCatalogItem(db: Sql, table: CatalogItemTable, f: CatalogItemFields): Promise<number> {
  return insertGiven(db, table, ITEM_COLUMNS[table], f);
}

/**
 * An admin's save of an item whose row (`current`, locked by the caller) is known: writes the fields whose value
 * differs, and nothing when none does (the item's `updated_at`, shown on its card, stays for an unchanged form).
 */
export async function updateCatalogItem(
  db: Sql,
  table: CatalogItemTable,
  current: CatalogItemRow,
  f: CatalogItemFields,
): Promise<void> {
  const changed = changedFields(ITEM_COLUMNS[table], current, f);
  if (Object.keys(changed).length) await updateGiven(db, table, current.id, ITEM_COLUMNS[table], changed);
}

/** An active app as the published source feeds list it, with its category's names. */
export interface FeedAppRow {
  id: number;
  name: string;
  icon_path: string;
  version: string;
  version_date: Date;
  /** bigint: as text. */
  size: string;
  description: string;
  bundle_id: string;
  price: number;
  developer: string;
  min_os_version: string | null;
  has_package: boolean;
  category_name: string | null;
  category_display: string | null;
}

/** The active apps of the given categories (none given: of every one) in catalogue order, at most 5,000. */
export function feedApps(db: Sql, categoryIds: number[]): Promise<FeedAppRow[]> {
  return rows<FeedAppRow>(
    db,
    `SELECT a.id, a.name, a.icon_path, a.version, a.version_date, a.size, a.description, a.bundle_id, a.price,
            a.developer, a.min_os_version, a.ipa_key IS NOT NULL AS has_package, c.name AS category_name,
            c.display_name AS category_display
       FROM apps a LEFT JOIN categories c ON c.id = a.category_id
      WHERE a.is_active AND (cardinality($1::int[]) = 0 OR a.category_id = ANY($1::int[]))
      ORDER BY a.sort_order, a.id DESC LIMIT 5000`,
    [categoryIds],
  );
}

// ---- what apps, dylibs and resource shares share: deletion, the on/off switch, prices, cards ----------------------

/** The catalogue's tables (Catalogue migration): each has `is_active`, `sort_order`, `icon_path` and a file key. */
export type CatalogueTable = "apps" | CatalogItemTable;
const FILE_COLUMN: Record<CatalogueTable, string> = {
  apps: "ipa_key",
  dylibs: "file_key",
  resource_shares: "file_key",
};

/** Deletes the listed rows; answers each deleted row's icon and file key (fewer than listed: some were missing). */
export function deleteCatalogueRows(
  db: Sql,
  table: CatalogueTable,
  ids: number[],
): Promise<{ icon_path: string; file_key: string | null }[]> {
  return rows(
    db,
    `DELETE FROM ${table} WHERE id = ANY($1::int[]) RETURNING icon_path, ${FILE_COLUMN[table]} AS file_key`,
    [ids],
  );
}

/** Switches a row on or off (`active` null flips it); answers whether it exists. */
export async function setCatalogueRowActive(
  db: Sql,
  table: CatalogueTable,
  id: number,
  active: boolean | null,
): Promise<boolean> {
  const r = await rows(
    db,
    `UPDATE ${table} SET is_active = coalesce($2::boolean, NOT is_active) WHERE id = $1 RETURNING id`,
    [id, active],
  );
  return r.length > 0;
}

/** An active item's resource fee in fen, name and whether it has a file; undefined when missing or switched off. */
export function activeCatalogItemPrice(
  db: Sql,
  table: CatalogItemTable,
  id: number,
): Promise<{ resource_fee: number; name: string; has_package: boolean } | undefined> {
  return one(
    db,
    `SELECT resource_fee, name, file_key IS NOT NULL AS has_package FROM ${table} WHERE id = $1 AND is_active`,
    [id],
  );
}

/** Counts one download of an item's file. */
export async function countCatalogItemDownload(db: Sql, table: CatalogItemTable, id: number): Promise<void> {
  await db.query(`UPDATE ${table} SET download_count = download_count + 1 WHERE id = $1`, [id]);
}

/** What a home-grid card of an item needs (dylibs add author, category and tags). */
export type CatalogItemCardRow = Pick<
  CatalogItemRow,
  | "id"
  | "name"
  | "icon_path"
  | "description"
  | "version"
  | "file_size"
  | "updated_at"
  | "resource_fee"
  | "bundle_id"
  | "author"
  | "category"
  | "tags"
>;

const CARD_EXTRA: Record<CatalogItemTable, string> = { dylibs: ", t.author, t.category, t.tags", resource_shares: "" };

/** One page of home-grid cards of active items in display order (price: free = no resource fee), and the total. */
export function catalogItemCardPage(
  db: Sql,
  table: CatalogItemTable,
  f: { price?: "free" | "paid"; like?: string },
  limit: number,
  offset: number,
): Promise<{ rows: CatalogItemCardRow[]; total: number }> {
  const where = ["t.is_active"];
  const params: unknown[] = [];
  if (f.price === "free") where.push("t.resource_fee = 0");
  else if (f.price === "paid") where.push("t.resource_fee > 0");
  if (f.like !== undefined) where.push(`${CATALOG_ITEM_SEARCH[table]} ILIKE $${params.push(f.like)}`);
  return pagedRows<CatalogItemCardRow>(db, {
    columns: `t.id, t.name, t.icon_path, t.description, t.version, t.file_size, t.updated_at, t.resource_fee,
      t.bundle_id${CARD_EXTRA[table]}`,
    from: `${table} t`,
    countFrom: `${table} t`,
    where: where.join(" AND "),
    params,
    order: ITEM_ORDER,
    limit,
    offset,
  });
}

/** The catalogue table of each download that carries a traffic fee (the traffic domain's kinds). */
const DOWNLOAD_TABLES = { dylib: "dylibs", "resource-share": "resource_shares" } as const;

/** A dylib or resource share as a download's traffic fee reads it (`file_size` a bigint, as text). */
export interface DownloadItemRow {
  name: string;
  file_key: string | null;
  file_size: string;
  traffic_fee: number;
  resource_fee: number;
  is_active: boolean;
}

/** A dylib or resource share by id, as a download's traffic fee reads it; undefined when there is none. */
export function downloadItem(
  db: Sql,
  kind: keyof typeof DOWNLOAD_TABLES,
  id: number,
): Promise<DownloadItemRow | undefined> {
  return one<DownloadItemRow>(
    db,
    `SELECT name, file_key, file_size, traffic_fee, resource_fee, is_active FROM ${DOWNLOAD_TABLES[kind]}
     WHERE id = $1`,
    [id],
  );
}
