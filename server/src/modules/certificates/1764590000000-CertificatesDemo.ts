import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * The demo certificate (演示证书) of the default run: a platform certificate issued by the committed demo PKI
 * (demo/certificate), marked `demo`. At most one row is the demo certificate (a partial unique index), so two
 * servers seeding it at once store one.
 */
export class CertificatesDemo1764590000000 implements MigrationInterface {
  name = "CertificatesDemo1764590000000";

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE certificates ADD COLUMN IF NOT EXISTS demo boolean NOT NULL DEFAULT false`);
    await q.query(`CREATE UNIQUE INDEX IF NOT EXISTS certificates_one_demo ON certificates ((true)) WHERE demo`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS certificates_one_demo`);
    await q.query(`ALTER TABLE certificates DROP COLUMN demo`);
  }
}
