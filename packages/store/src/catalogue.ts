import { one, rows, type Sql } from "./sql";

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
