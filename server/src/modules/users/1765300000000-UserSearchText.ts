import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * /admin/users and the mailing filter search an account's name and address together (`nameOrAddressLike` in
 * @gryx/store): one trigram index over both, a newline between, answers that from one index scan. The address's own
 * trigram index served only that search; the name's stays (the ledger, orders and signing tasks filter by name).
 */
export class UserSearchText1765300000000 implements MigrationInterface {
  name = "UserSearchText1765300000000";

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX IF NOT EXISTS users_search_trgm_idx ON users
       USING gin ((username::text || E'\\n' || coalesce(email::text, '')) gin_trgm_ops)`,
    );
    await q.query(`DROP INDEX IF EXISTS users_email_trgm_idx`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX IF NOT EXISTS users_email_trgm_idx ON users USING gin (email gin_trgm_ops)`);
    await q.query(`DROP INDEX IF EXISTS users_search_trgm_idx`);
  }
}
