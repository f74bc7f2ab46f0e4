import type { MigrationInterface, QueryRunner } from "typeorm";

export class ContentVersions1763799000000 implements MigrationInterface {
  name = "ContentVersions1763799000000";

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE content_versions (
        kind varchar(32) PRIMARY KEY,
        version bigint NOT NULL DEFAULT 0,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE content_versions`);
  }
}
