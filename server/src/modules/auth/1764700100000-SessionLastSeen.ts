import type { MigrationInterface, QueryRunner } from "typeorm";

/** When each session last authenticated a request (shown in /admin/debug-auth). */
export class SessionLastSeen1764700100000 implements MigrationInterface {
  name = "SessionLastSeen1764700100000";

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE sessions ADD COLUMN last_seen_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE sessions DROP COLUMN last_seen_at`);
  }
}
