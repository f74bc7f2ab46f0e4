import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * 允许内网地址 per site-wide source: an admin lets one source live on loopback or a private address (a source server
 * beside the site) without opening every source; the switch of `software_source_feed` still opens them all. Off by
 * default; users' private sources never have it (a CHECK keeps it so).
 */
export class SourceAllowPrivate1765000200000 implements MigrationInterface {
  name = "SourceAllowPrivate1765000200000";

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE software_sources ADD COLUMN allow_private boolean NOT NULL DEFAULT false`);
    await q.query(
      `ALTER TABLE software_sources ADD CONSTRAINT software_sources_private_site_only CHECK (NOT allow_private OR owner_id IS NULL)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE software_sources DROP COLUMN allow_private`);
  }
}
