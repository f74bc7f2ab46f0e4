import type { MigrationInterface, QueryRunner } from "typeorm";
import { DEVICE_MODEL_SEED } from "./device-models.seed";

/**
 * Devices captured by the UDID profile service, the one-time capture sessions the device posts to, the
 * PRODUCT → marketing-name table (seeded) and the site's profile-signing identity (sealed p12).
 */
export class Devices1764420000000 implements MigrationInterface {
  name = "Devices1764420000000";

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE devices (
        id serial PRIMARY KEY,
        user_id integer REFERENCES users(id) ON DELETE SET NULL,
        udid varchar(40) NOT NULL UNIQUE CHECK (udid ~ '^([0-9A-F]{8}-[0-9A-F]{16}|[0-9a-f]{40})$'),
        product varchar(32) NOT NULL DEFAULT '',
        version varchar(32) NOT NULL DEFAULT '',
        serial varchar(32) NOT NULL DEFAULT '',
        imei varchar(32),
        bound_at timestamptz,
        unbound_at timestamptz,
        captured_at timestamptz NOT NULL DEFAULT now(),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX devices_user ON devices (user_id, bound_at DESC) WHERE user_id IS NOT NULL`);
    await q.query(`
      CREATE TABLE udid_sessions (
        id char(32) PRIMARY KEY,
        user_id integer REFERENCES users(id) ON DELETE CASCADE,
        back varchar(500) NOT NULL DEFAULT '/',
        front varchar(200),
        expires_at timestamptz NOT NULL,
        relayed_at timestamptz,
        device_id integer REFERENCES devices(id) ON DELETE SET NULL,
        consumed_at timestamptz,
        consumed_by integer REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX udid_sessions_created ON udid_sessions (created_at)`);
    await q.query(`
      CREATE TABLE device_models (
        id serial PRIMARY KEY,
        product varchar(32) NOT NULL UNIQUE,
        name varchar(64) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `INSERT INTO device_models (product, name) SELECT p, n FROM unnest($1::text[], $2::text[]) AS x(p, n)`,
      [DEVICE_MODEL_SEED.map((m) => m[0]), DEVICE_MODEL_SEED.map((m) => m[1])],
    );
    await q.query(`
      CREATE TABLE udid_signing_identity (
        id integer PRIMARY KEY CHECK (id = 1),
        p12_sealed text NOT NULL,
        password_sealed text NOT NULL,
        common_name varchar(200) NOT NULL,
        not_after timestamptz NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE udid_signing_identity`);
    await q.query(`DROP TABLE device_models`);
    await q.query(`DROP TABLE udid_sessions`);
    await q.query(`DROP TABLE devices`);
  }
}
