/**
 * The rows of an `UPDATE/DELETE ... RETURNING` run through TypeORM's `query`, which answers those with
 * `[rows, count]` (and a SELECT with the rows alone).
 */
export function returned<T>(result: unknown): T[] {
  return (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result) as T[];
}
