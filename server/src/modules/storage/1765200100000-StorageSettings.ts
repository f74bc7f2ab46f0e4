import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * The object store's settings saved from /admin/storage (one row). The secret key is sealed with the keyring
 * (`secret_access_key_sealed`); the environment's variables win over each saved setting where they are set.
 */
export class StorageSettings1765200100000 implements MigrationInterface {
  name = "StorageSettings1765200100000";

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE storage_settings (
        id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
        backend varchar(10) NOT NULL CHECK (backend IN ('local', 's3')),
        downloads varchar(10) NOT NULL DEFAULT 'proxy' CHECK (downloads IN ('proxy', 'redirect')),
        endpoint varchar(500),
        region varchar(64),
        bucket varchar(255),
        access_key_id varchar(255),
        secret_access_key_sealed text,
        secrets_key_id varchar(64),
        force_path_style boolean NOT NULL DEFAULT false,
        public_url varchar(500),
        updated_by integer REFERENCES users(id) ON DELETE SET NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE storage_settings`);
  }
}
