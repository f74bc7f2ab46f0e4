import type { MigrationInterface, QueryRunner } from "typeorm";

/** 掉签后自动使用: the one certificate of a user that re-signs their apps after another of theirs is revoked. */
export class CertificateAutoResign1764900100000 implements MigrationInterface {
  name = "CertificateAutoResign1764900100000";

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE certificates ADD COLUMN auto_resign boolean NOT NULL DEFAULT false`);
    await q.query(`CREATE UNIQUE INDEX certificates_auto_resign_one ON certificates (user_id) WHERE auto_resign`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX certificates_auto_resign_one`);
    await q.query(`ALTER TABLE certificates DROP COLUMN auto_resign`);
  }
}
