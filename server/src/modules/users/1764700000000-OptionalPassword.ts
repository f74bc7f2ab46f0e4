import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Accounts made by a first QQ or Apple login have no password until their owner sets one: `password_hash` NULL
 * (no password can match it). Such an account logs in only through its bound providers.
 */
export class OptionalPassword1764700000000 implements MigrationInterface {
  name = "OptionalPassword1764700000000";

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ALTER COLUMN password_hash DROP NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE users SET password_hash = '!' WHERE password_hash IS NULL`);
    await q.query(`ALTER TABLE users ALTER COLUMN password_hash SET NOT NULL`);
  }
}
