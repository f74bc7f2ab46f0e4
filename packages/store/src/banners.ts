import { one, rows, type Sql } from "./sql";

/** The banners domain's table: `banners`, the home page carousel. */

export interface BannerRow {
  id: number;
  image_url: string;
  alt_text: string;
  title: string;
  link_url: string;
  is_active: boolean;
  sort_order: number;
  created_at: Date;
  updated_at: Date;
}

const ORDER = `ORDER BY sort_order ASC, id ASC`;

/** The banners in display order (equal sort orders: the older first); `activeOnly` for the public carousel. */
export function listBanners(db: Sql, activeOnly: boolean): Promise<BannerRow[]> {
  return rows<BannerRow>(db, `SELECT * FROM banners ${activeOnly ? "WHERE is_active" : ""} ${ORDER}`);
}

/** The image of the first active banner, or undefined without one. */
export async function firstActiveBannerImage(db: Sql): Promise<string | undefined> {
  return (await one<{ image_url: string }>(db, `SELECT image_url FROM banners WHERE is_active ${ORDER} LIMIT 1`))
    ?.image_url;
}

/** One banner; `forUpdate` locks its row for the caller's transaction. */
export function bannerById(db: Sql, id: number, forUpdate = false): Promise<BannerRow | undefined> {
  return one<BannerRow>(db, `SELECT * FROM banners WHERE id = $1 ${forUpdate ? "FOR UPDATE" : ""}`, [id]);
}

/** Whether any banner shows this image. */
export async function bannerImageInUse(db: Sql, imageUrl: string): Promise<boolean> {
  return (await rows(db, `SELECT 1 FROM banners WHERE image_url = $1 LIMIT 1`, [imageUrl])).length > 0;
}

export interface BannerFields {
  imageUrl?: string;
  altText?: string;
  title?: string;
  linkUrl?: string;
  isActive?: boolean;
  sortOrder?: number;
}

/** Adds a banner (fields left out take the column defaults) and answers its id. */
export async function insertBanner(db: Sql, f: BannerFields): Promise<number> {
  const r = await one<{ id: number }>(
    db,
    `INSERT INTO banners (image_url, alt_text, title, link_url, is_active, sort_order)
     VALUES ($1, coalesce($2, ''), coalesce($3, ''), coalesce($4, ''), coalesce($5, true), coalesce($6, 0)) RETURNING id`,
    [f.imageUrl, f.altText ?? null, f.title ?? null, f.linkUrl ?? null, f.isActive ?? null, f.sortOrder ?? null],
  );
  return r!.id;
}

/** Changes the given fields of one banner (those left out keep their value). */
export async function updateBanner(db: Sql, id: number, f: BannerFields): Promise<void> {
  await db.query(
    `UPDATE banners SET image_url = coalesce($2, image_url), alt_text = coalesce($3, alt_text), title = coalesce($4, title),
       link_url = coalesce($5, link_url), is_active = coalesce($6, is_active), sort_order = coalesce($7, sort_order),
       updated_at = now() WHERE id = $1`,
    [
      id,
      f.imageUrl ?? null,
      f.altText ?? null,
      f.title ?? null,
      f.linkUrl ?? null,
      f.isActive ?? null,
      f.sortOrder ?? null,
    ],
  );
}

export async function deleteBanner(db: Sql, id: number): Promise<void> {
  await db.query(`DELETE FROM banners WHERE id = $1`, [id]);
}
