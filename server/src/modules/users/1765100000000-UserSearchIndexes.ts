import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * /admin/users searches `username ILIKE '%term%' OR email ILIKE '%term%'`: trigram indexes answer each side from an
 * index (a bitmap OR of the two) instead of reading every account, which matters at 100,000 users.
 */
export class UserSearchIndexes1765100000000 implements MigrationInterface {
  name = "UserSearchIndexes1765100000000";

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await q.query(`CREATE INDEX IF NOT EXISTS users_username_trgm_idx ON users USING gin (username gin_trgm_ops)`);
    await q.query(`CREATE INDEX IF NOT EXISTS users_email_trgm_idx ON users USING gin (email gin_trgm_ops)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS users_email_trgm_idx`);
    await q.query(`DROP INDEX IF EXISTS users_username_trgm_idx`);
  }
}
