import { one, rows, type Sql } from "./sql";

/** The qq-groups domain's table: `qq_groups`, the QQ groups visitors can join from the header's dialog. */

export interface QQGroupRow {
  id: number;
  name: string;
  /** 5 to 12 digits. */
  number: string;
  is_active: boolean;
  sort_order: number;
  created_at: Date;
  updated_at: Date;
}

/** The groups in display order (equal sort orders: the older first); `activeOnly` for the public list. */
export function listQQGroups(db: Sql, activeOnly: boolean): Promise<QQGroupRow[]> {
  return rows<QQGroupRow>(
    db,
    `SELECT * FROM qq_groups ${activeOnly ? "WHERE is_active" : ""} ORDER BY sort_order ASC, id ASC`,
  );
}

export function qqGroupById(db: Sql, id: number): Promise<QQGroupRow | undefined> {
  return one<QQGroupRow>(db, `SELECT * FROM qq_groups WHERE id = $1`, [id]);
}

/** Locks one group's row for the caller's transaction; false when there is none. */
export async function lockQQGroup(db: Sql, id: number): Promise<boolean> {
  return (await rows(db, `SELECT id FROM qq_groups WHERE id = $1 FOR UPDATE`, [id])).length > 0;
}

export interface QQGroupFields {
  name?: string;
  number?: string;
  isActive?: boolean;
  sortOrder?: number;
}

/** Adds a group (fields left out take the column defaults) and answers its id. */
export async function insertQQGroup(db: Sql, f: QQGroupFields): Promise<number> {
  const r = await one<{ id: number }>(
    db,
    `INSERT INTO qq_groups (name, number, is_active, sort_order)
     VALUES ($1, $2, coalesce($3, true), coalesce($4, 0)) RETURNING id`,
    [f.name, f.number, f.isActive ?? null, f.sortOrder ?? null],
  );
  return r!.id;
}

/** Changes the given fields of one group (those left out keep their value). */
export async function updateQQGroup(db: Sql, id: number, f: QQGroupFields): Promise<void> {
  await db.query(
    `UPDATE qq_groups SET name = coalesce($2, name), number = coalesce($3, number), is_active = coalesce($4, is_active),
       sort_order = coalesce($5, sort_order), updated_at = now() WHERE id = $1`,
    [id, f.name ?? null, f.number ?? null, f.isActive ?? null, f.sortOrder ?? null],
  );
}

export async function deleteQQGroup(db: Sql, id: number): Promise<void> {
  await db.query(`DELETE FROM qq_groups WHERE id = $1`, [id]);
}
