import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * 掉签自动重签: a task's signature can be replaced after it is done (the resign domain's incidents). The task keeps its
 * id, its artifact name and so its install link; `certificate_id`/`certificate_name` follow the current signature.
 * `resign_state`: null (nothing happened), `repairing` (its certificate was revoked, a re-sign is under way),
 * `repaired` (re-signed on a replacement), `revoked` (no replacement: the card offers 换证书重签), `failed`.
 */
export class SigningResign1764900000000 implements MigrationInterface {
  name = "SigningResign1764900000000";

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE signing_tasks ADD COLUMN resigned_at timestamptz`);
    await q.query(`ALTER TABLE signing_tasks ADD COLUMN resign_count integer NOT NULL DEFAULT 0`);
    await q.query(
      `ALTER TABLE signing_tasks ADD COLUMN resign_state varchar(10) CHECK (resign_state IN ('repairing', 'repaired', 'revoked', 'failed'))`,
    );
    // The certificates behind live artifacts (the watch) and the live tasks of a revoked certificate (an incident).
    await q.query(
      `CREATE INDEX signing_tasks_live_certificate ON signing_tasks (certificate_id, expires_at) WHERE status = 'done'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX signing_tasks_live_certificate`);
    await q.query(`ALTER TABLE signing_tasks DROP COLUMN resign_state`);
    await q.query(`ALTER TABLE signing_tasks DROP COLUMN resign_count`);
    await q.query(`ALTER TABLE signing_tasks DROP COLUMN resigned_at`);
  }
}
