import { changedFields, insertGiven, one, pagedRows, rows, updateGiven, type Sql } from "./sql";

/**
 * The apps domain's own statements on `apps` (its admin table, detail pages and home-grid cards); what other domains
 * read of it (signing, the source feeds) is in catalogue.ts.
 */

/** An app with its category's names, as the detail, the admin table and the grid read it. */
export interface AppRow {
  id: number;
  name: string;
  icon_path: string;
  version: string;
  /** bigint: as text. */
  size: string;
  description: string;
  keywords: string;
  category_id: number | null;
  category_name: string | null;
  category_key: string | null;
  price: number;
  bundle_id: string;
  developer: string;
  is_active: boolean;
  sort_order: number;
  ipa_key: string | null;
  download_count: number;
  /** bigint: as text. */
  download_bytes: string;
  min_os_version: string | null;
  version_date: Date;
  created_at: Date;
  updated_at: Date;
}

/** What a card of the home grid needs. */
export type AppCardRow = Pick<
  AppRow,
  "id" | "name" | "icon_path" | "description" | "version" | "size" | "updated_at" | "price" | "bundle_id" | "keywords"
> & { category_key: string | null };

const COLUMNS = `a.*, c.display_name AS category_name, c.name AS category_key`;
const CARD_COLUMNS = `a.id, a.name, a.icon_path, a.description, a.version, a.size, a.updated_at, a.price, a.bundle_id,
  a.keywords, c.name AS category_key`;
const JOINED = `apps a LEFT JOIN categories c ON c.id = a.category_id`;
/** The expression the apps' trigram index covers: what search matches. */
const SEARCH_EXPR = `(a.name || ' ' || a.keywords || ' ' || a.bundle_id)`;
const ORDER = `a.sort_order ASC, a.id DESC`;

/** One app; `activeOnly` hides a switched-off one. */
export function appById(db: Sql, id: number, activeOnly = false): Promise<AppRow | undefined> {
  return one<AppRow>(db, `SELECT ${COLUMNS} FROM ${JOINED} WHERE a.id = $1${activeOnly ? " AND a.is_active" : ""}`, [
    id,
  ]);
}

/** These apps, in display order. */
export function appsByIds(db: Sql, ids: number[]): Promise<AppRow[]> {
  return rows<AppRow>(db, `SELECT ${COLUMNS} FROM ${JOINED} WHERE a.id = ANY($1::int[]) ORDER BY ${ORDER}`, [ids]);
}

/** What a list of apps is filtered by (each optional). */
export interface AppListFilter {
  activeOnly?: boolean;
  categoryId?: number;
  price?: "free" | "paid";
  /** An ILIKE pattern (already escaped) over name, keywords and bundle id. */
  like?: string;
}

function appWhere(f: AppListFilter, params: unknown[]): string {
  const where = [f.activeOnly ? "a.is_active" : "true"];
  if (f.categoryId !== undefined) where.push(`a.category_id = $${params.push(f.categoryId)}`);
  if (f.price === "free") where.push("a.price = 0");
  else if (f.price === "paid") where.push("a.price > 0");
  if (f.like !== undefined) where.push(`${SEARCH_EXPR} ILIKE $${params.push(f.like)}`);
  return where.join(" AND ");
}

function pageOf<R>(db: Sql, columns: string, f: AppListFilter, limit: number, offset: number) {
  const params: unknown[] = [];
  const where = appWhere(f, params);
  return pagedRows<R>(db, { columns, from: JOINED, countFrom: "apps a", where, params, order: ORDER, limit, offset });
}

/** One page of apps in display order, and how many match (the admin table). */
export function appPage(
  db: Sql,
  f: AppListFilter,
  limit: number,
  offset: number,
): Promise<{ rows: AppRow[]; total: number }> {
  return pageOf<AppRow>(db, COLUMNS, f, limit, offset);
}

/** One page of home-grid cards in display order, and how many match. */
export function appCardPage(
  db: Sql,
  f: AppListFilter,
  limit: number,
  offset: number,
): Promise<{ rows: AppCardRow[]; total: number }> {
  return pageOf<AppCardRow>(db, CARD_COLUMNS, f, limit, offset);
}

/** An active app's price in fen, name and whether it has an IPA (what a purchase needs); undefined otherwise. */
export function activeAppPrice(
  db: Sql,
  id: number,
): Promise<{ price: number; name: string; has_package: boolean } | undefined> {
  return one(db, `SELECT price, name, ipa_key IS NOT NULL AS has_package FROM apps WHERE id = $1 AND is_active`, [id]);
}

/** An active app's IPA (the feeds' direct links); undefined when the app is switched off, gone or without one. */
export function activeAppPackage(
  db: Sql,
  id: number,
): Promise<{ name: string; version: string; price: number; ipa_key: string } | undefined> {
  return one(db, `SELECT name, version, price, ipa_key FROM apps WHERE id = $1 AND is_active AND ipa_key IS NOT NULL`, [
    id,
  ]);
}

/** Counts a download of an app's IPA: the bytes that went out, and `whole` whole downloads. */
export async function countAppDownload(db: Sql, id: number, bytes: number, whole: number): Promise<void> {
  await db.query(
    `UPDATE apps SET download_bytes = download_bytes + $2, download_count = download_count + $3 WHERE id = $1`,
    [id, bytes, whole],
  );
}

/** What an admin's create or update sets of an app (camelCase; `size` a bigint as text, money in fen). */
export interface AppFields {
  name?: string;
  iconPath?: string;
  version?: string;
  size?: string;
  description?: string;
  keywords?: string;
  categoryId?: number | null;
  price?: number;
  bundleId?: string;
  isActive?: boolean;
  sortOrder?: number;
  /** Private storage key of the IPA (`ipas/<hex>.ipa`). */
  ipaKey?: string | null;
  developer?: string;
  /** When the current version came (the version or the IPA last changed). */
  versionDate?: Date;
  minOsVersion?: string | null;
}

const APP_COLUMNS: Record<keyof AppFields, string> = {
  name: "name",
  iconPath: "icon_path",
  version: "version",
  size: "size",
  description: "description",
  keywords: "keywords",
  categoryId: "category_id",
  price: "price",
  bundleId: "bundle_id",
  isActive: "is_active",
  sortOrder: "sort_order",
  ipaKey: "ipa_key",
  developer: "developer",
  versionDate: "version_date",
  minOsVersion: "min_os_version",
};

/** Adds an app (fields left out take their defaults) and answers its id. */
export function insertApp(db: Sql, f: AppFields): Promise<number> {
  return insertGiven(db, "apps", APP_COLUMNS, f);
}

/** What an update needs of the app before it: locked for the caller's transaction; undefined when it is gone. */
export function lockAppForUpdate(
  db: Sql,
  id: number,
): Promise<Omit<AppRow, "category_name" | "category_key"> | undefined> {
  return one(db, `SELECT * FROM apps WHERE id = $1 FOR UPDATE`, [id]);
}

/**
 * An admin's save of an app whose row (`current`, locked by the caller) is known: writes the fields whose value
 * differs, and nothing when none does.
 */
export async function updateApp(
  db: Sql,
  current: Omit<AppRow, "category_name" | "category_key">,
  f: AppFields,
): Promise<void> {
  const changed = changedFields(APP_COLUMNS, current, f);
  if (Object.keys(changed).length) await updateGiven(db, "apps", current.id, APP_COLUMNS, changed);
}
