import type { DataSource } from "typeorm";
import type { Pool } from "pg";
import type { Sql } from "@gryx/store";

/**
 * The data source's own pg pool, as @gryx/store's `Sql`: an owner's named statements run prepared on it (planned
 * once per connection). Not for use inside a TypeORM transaction (it takes its own connection).
 */
export function poolOf(db: DataSource): Sql {
  return (db.driver as unknown as { master: Pool }).master;
}
