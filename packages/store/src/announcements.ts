import { one, result, rows, type Sql } from "./sql";

/**
 * The announcements domain's tables: `announcements` (the site's announcements behind the bell, with their read
 * counts), `announcement_reads` (who read which, once each) and `category_announcements` (the box above one
 * category's list, keyed by the category's id as text: an app category's number, "dylib" or "resource-shares").
 */

export interface AnnouncementRow {
  id: number;
  title: string;
  content: string;
  status: "published" | "draft";
  published_at: Date | null;
  read_count: number;
  created_at: Date;
  updated_at: Date;
}

export interface CategoryAnnouncementRow {
  id: number;
  category_id: string;
  title: string;
  content: string;
  is_active: boolean;
  created_at: Date;
  updated_at: Date;
}

/** Published announcements, newest first. */
export function publishedAnnouncements(db: Sql, limit: number): Promise<AnnouncementRow[]> {
  return rows<AnnouncementRow>(
    db,
    `SELECT * FROM announcements WHERE status = 'published' ORDER BY published_at DESC NULLS FIRST, id DESC LIMIT $1`,
    [limit],
  );
}

/** One page of the admin's list, newest first: `like` matches title or content (ILIKE), `status` filters. */
export async function announcementsPage(
  db: Sql,
  f: { like?: string; status?: string; offset: number; limit: number },
): Promise<{ items: AnnouncementRow[]; total: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (f.like !== undefined) {
    params.push(f.like);
    where.push(`(a.title ILIKE $${params.length} OR a.content ILIKE $${params.length})`);
  }
  if (f.status !== undefined) {
    params.push(f.status);
    where.push(`a.status = $${params.length}`);
  }
  const fromWhere = `announcements a ${where.length ? `WHERE ${where.join(" AND ")}` : ""}`;
  const items = await rows<AnnouncementRow>(
    db,
    `SELECT a.* FROM ${fromWhere} ORDER BY a.created_at DESC, a.id DESC OFFSET $${params.length + 1} LIMIT $${params.length + 2}`,
    [...params, f.offset, f.limit],
  );
  const total = await one<{ n: number }>(db, `SELECT count(*)::int AS n FROM ${fromWhere}`, params);
  return { items, total: total!.n };
}

export function announcementById(db: Sql, id: number): Promise<AnnouncementRow | undefined> {
  return one<AnnouncementRow>(db, `SELECT * FROM announcements WHERE id = $1`, [id]);
}

/** Locks the rows of `ids` for the caller's transaction; answers how many exist. */
export async function lockAnnouncements(db: Sql, ids: number[]): Promise<number> {
  return (await rows(db, `SELECT id FROM announcements WHERE id = ANY($1::int[]) FOR UPDATE`, [ids])).length;
}

/** Adds an announcement (a published one gets its published_at now) and answers its id. */
export async function insertAnnouncement(
  db: Sql,
  a: { title: string; content: string; status: "published" | "draft" },
): Promise<number> {
  const r = await one<{ id: number }>(
    db,
    `INSERT INTO announcements (title, content, status, published_at)
     VALUES ($1, $2, $3::varchar, CASE WHEN $3::varchar = 'published' THEN now() END) RETURNING id`,
    [a.title, a.content, a.status],
  );
  return r!.id;
}

/** Changes an announcement's title or content (those left out keep their value). */
export async function updateAnnouncement(db: Sql, id: number, f: { title?: string; content?: string }): Promise<void> {
  await db.query(
    `UPDATE announcements SET title = coalesce($2, title), content = coalesce($3, content), updated_at = now() WHERE id = $1`,
    [id, f.title ?? null, f.content ?? null],
  );
}

/** Publishing sets published_at the first time only; unpublishing keeps it. */
export async function setAnnouncementsStatus(db: Sql, ids: number[], status: "published" | "draft"): Promise<void> {
  await db.query(
    `UPDATE announcements SET status = $2::varchar,
       published_at = CASE WHEN $2::varchar = 'published' THEN COALESCE(published_at, now()) ELSE published_at END,
       updated_at = now()
     WHERE id = ANY($1::int[])`,
    [ids, status],
  );
}

export async function deleteAnnouncements(db: Sql, ids: number[]): Promise<void> {
  await db.query(`DELETE FROM announcements WHERE id = ANY($1::int[])`, [ids]);
}

/**
 * Counts `reader` once for a published announcement (a second read by the same reader changes nothing); false when
 * the announcement is not published or does not exist.
 */
export async function recordAnnouncementRead(db: Sql, id: number, reader: string): Promise<boolean> {
  const exists = await rows(db, `SELECT 1 FROM announcements WHERE id = $1 AND status = 'published'`, [id]);
  if (exists.length === 0) return false;
  await db.query(
    `WITH ins AS (
       INSERT INTO announcement_reads (announcement_id, reader) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1
     )
     UPDATE announcements SET read_count = read_count + 1 WHERE id = $1 AND EXISTS (SELECT 1 FROM ins)`,
    [id, reader],
  );
  return true;
}

/** A category's box: the active one only, or (`activeOnly` false) whatever there is. */
export function categoryAnnouncement(
  db: Sql,
  categoryId: string,
  activeOnly: boolean,
): Promise<CategoryAnnouncementRow | undefined> {
  return one<CategoryAnnouncementRow>(
    db,
    `SELECT * FROM category_announcements WHERE category_id = $1 ${activeOnly ? "AND is_active" : ""}`,
    [categoryId],
  );
}

/** Every category's box, by category id. */
export function categoryAnnouncements(db: Sql): Promise<CategoryAnnouncementRow[]> {
  return rows<CategoryAnnouncementRow>(db, `SELECT * FROM category_announcements ORDER BY category_id ASC`);
}

/** Creates or replaces a category's box. */
export async function upsertCategoryAnnouncement(
  db: Sql,
  a: { categoryId: string; title: string; content: string; isActive: boolean },
): Promise<void> {
  await db.query(
    `INSERT INTO category_announcements (category_id, title, content, is_active) VALUES ($1, $2, $3, $4)
     ON CONFLICT (category_id) DO UPDATE SET title = EXCLUDED.title, content = EXCLUDED.content,
       is_active = EXCLUDED.is_active, updated_at = now()`,
    [a.categoryId, a.title, a.content, a.isActive],
  );
}

/** Removes a category's box; whether there was one. */
export async function deleteCategoryAnnouncement(db: Sql, categoryId: string): Promise<boolean> {
  return (await result(db, `DELETE FROM category_announcements WHERE category_id = $1`, [categoryId])).count > 0;
}

/** Removes a deleted app category's box (the categories domain, as it deletes one); whether there was one. */
export function deleteCategoryNote(db: Sql, categoryId: number): Promise<boolean> {
  return deleteCategoryAnnouncement(db, String(categoryId));
}
