import type { DataSource } from "typeorm";
import type { Pool } from "pg";
import type { Sql } from "@gryx/store";

/**
 * Runs a named (prepared) statement on the data source's own connection pool. PostgreSQL parses and plans a named
 * statement once per connection and reuses the plan, where TypeORM's `query` plans every call again: for a large
 * statement on a hot path (the wallet purchase's single CTE) planning costs more than executing. `name` must be
 * unique per distinct `text`. Returns the rows. Not for use inside a TypeORM transaction (it takes its own connection).
 */
export async function preparedQuery<R = Record<string, unknown>>(
  db: DataSource,
  name: string,
  text: string,
  values: unknown[],
): Promise<R[]> {
  const pool = (db.driver as unknown as { master: Pool }).master;
  const result = await pool.query({ name, text, values });
  return result.rows as R[];
}

/**
 * The data source's own pg pool, as @gryx/store's `Sql`: an owner's named statements run prepared on it (planned
 * once per connection). Not for use inside a TypeORM transaction (it takes its own connection).
 */
export function poolOf(db: DataSource): Sql {
  return (db.driver as unknown as { master: Pool }).master;
}
