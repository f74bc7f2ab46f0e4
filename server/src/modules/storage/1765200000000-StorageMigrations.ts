import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * 迁移 local → S3 (/admin/storage): one row per migration an admin started, worked by the worker's `storage.migrate`
 * under `run_id` (a run that finds another id stops). At most one runs at a time (the partial unique index).
 */
export class StorageMigrations1765200000000 implements MigrationInterface {
  name = "StorageMigrations1765200000000";

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE storage_migrations (
        id serial PRIMARY KEY,
        run_id uuid NOT NULL,
        status varchar(10) NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'done', 'failed')),
        total_count integer NOT NULL DEFAULT 0,
        total_bytes bigint NOT NULL DEFAULT 0,
        moved_count integer NOT NULL DEFAULT 0,
        moved_bytes bigint NOT NULL DEFAULT 0,
        failed_count integer NOT NULL DEFAULT 0,
        runs integer NOT NULL DEFAULT 0,
        last_error varchar(500),
        started_by integer REFERENCES users(id) ON DELETE SET NULL,
        started_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz
      )`);
    await q.query(
      `CREATE UNIQUE INDEX storage_migrations_one_running ON storage_migrations ((true)) WHERE status = 'running'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE storage_migrations`);
  }
}
