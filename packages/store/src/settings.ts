import { one, rows, type Sql } from "./sql";

/**
 * The settings domain's table: `settings`, one JSON document per section (fees, contact, site, footer, legal,
 * signing…); an absent key means the defaults in code.
 */

/** One section's document, or undefined when it was never saved. */
export async function readSettingsSection(db: Sql, key: string): Promise<Record<string, unknown> | undefined> {
  const r = await one<{ value: Record<string, unknown> }>(db, `SELECT value FROM settings WHERE key = $1`, [key]);
  return r?.value;
}

/**
 * One section's document under a row lock (the row is made empty first when missing), for a read-modify-write inside
 * the caller's transaction: pass its manager or client.
 */
export async function lockSettingsSection(db: Sql, key: string): Promise<Record<string, unknown>> {
  await db.query(`INSERT INTO settings (key, value) VALUES ($1, '{}'::jsonb) ON CONFLICT (key) DO NOTHING`, [key]);
  const r = await one<{ value: Record<string, unknown> }>(db, `SELECT value FROM settings WHERE key = $1 FOR UPDATE`, [
    key,
  ]);
  return r!.value;
}

/** Replaces one section's document (after lockSettingsSection, in the same transaction). */
export async function writeSettingsSection(db: Sql, key: string, value: object): Promise<void> {
  await db.query(`UPDATE settings SET value = $2::jsonb, updated_at = now() WHERE key = $1`, [
    key,
    JSON.stringify(value),
  ]);
}

/** The site's name as the admin set it (section "site"), else `defaultSiteName`. */
export async function readSiteName(db: Sql, defaultSiteName: string): Promise<string> {
  const site = await one<{ name: string | null }>(
    db,
    `SELECT value->>'siteName' AS name FROM settings WHERE key = 'site'`,
  );
  return site?.name || defaultSiteName;
}

/** Which of `files` is the site logo (the one stored file of the settings: a URL inside section "site"). */
export async function siteLogosAmong(db: Sql, files: string[]): Promise<string[]> {
  const r = await rows<{ f: string }>(
    db,
    `SELECT value->>'siteLogo' AS f FROM settings WHERE key = 'site' AND value->>'siteLogo' = ANY($1::text[])`,
    [files],
  );
  return r.map((x) => x.f);
}
