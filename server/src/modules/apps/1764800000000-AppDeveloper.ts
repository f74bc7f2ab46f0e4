import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Each app's developer (what source feeds publish as `developerName`, set by the admin), the date of its current
 * version (set when the version or the IPA changes; existing rows take their last update), and the counters of its
 * IPA downloads through the published feeds' direct links (whole downloads and bytes served).
 */
export class AppDeveloper1764800000000 implements MigrationInterface {
  name = "AppDeveloper1764800000000";

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE apps ADD COLUMN developer varchar(100) NOT NULL DEFAULT ''`);
    await q.query(`ALTER TABLE apps ADD COLUMN version_date timestamptz NOT NULL DEFAULT now()`);
    await q.query(`UPDATE apps SET version_date = updated_at`);
    await q.query(`ALTER TABLE apps ADD COLUMN download_count integer NOT NULL DEFAULT 0 CHECK (download_count >= 0)`);
    await q.query(`ALTER TABLE apps ADD COLUMN download_bytes bigint NOT NULL DEFAULT 0 CHECK (download_bytes >= 0)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE apps DROP COLUMN download_bytes, DROP COLUMN download_count, DROP COLUMN version_date, DROP COLUMN developer`,
    );
  }
}
