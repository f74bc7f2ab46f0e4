import { result, type Sql } from "./sql";

/** Writes to the announcements domain's tables that other domains make (announcements, category_announcements). */

/** Removes a category's note (category_announcements keys it by the category's id as text); whether there was one. */
export async function deleteCategoryNote(db: Sql, categoryId: number): Promise<boolean> {
  return (
    (await result(db, `DELETE FROM category_announcements WHERE category_id = $1`, [String(categoryId)])).count > 0
  );
}
