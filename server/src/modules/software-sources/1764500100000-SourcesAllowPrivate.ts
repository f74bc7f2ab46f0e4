import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * The admin's switch that lets site-wide sources (those an admin adds) live on loopback or private addresses, for a
 * source server on the same network. Off by default; users' private sources never get it.
 */
export class SourcesAllowPrivate1764500100000 implements MigrationInterface {
  name = "SourcesAllowPrivate1764500100000";

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE software_source_feed ADD COLUMN allow_private boolean NOT NULL DEFAULT false`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE software_source_feed DROP COLUMN allow_private`);
  }
}
