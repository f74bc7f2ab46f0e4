import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Certificates (a .p12 with its password and provisioning profile; users' own, their temporary ones and the
 * platform's) and App Store Connect API keys. Private material (p12, password, .p8 key) is only stored sealed
 * (`v2:<key id>:…`, AES-256-GCM), with the key id beside it; certificates, chains and profiles are public material.
 */
export class Certificates1764400000000 implements MigrationInterface {
  name = "Certificates1764400000000";

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE certificates (
        id serial PRIMARY KEY,
        scope varchar(8) NOT NULL CHECK (scope IN ('user', 'temp', 'platform')),
        user_id integer REFERENCES users(id) ON DELETE CASCADE,
        name varchar(50) NOT NULL,
        p12_sealed text NOT NULL,
        password_sealed text NOT NULL,
        secrets_key_id varchar(32) NOT NULL,
        certificate_der bytea NOT NULL,
        chain_der bytea[] NOT NULL,
        profile bytea NOT NULL,
        common_name varchar(200) NOT NULL,
        team_id varchar(20) NOT NULL,
        team_name varchar(200) NOT NULL,
        cert_type varchar(16) NOT NULL CHECK (cert_type IN ('development', 'distribution', 'enterprise')),
        serial_number varchar(64) NOT NULL,
        sha1 char(40) NOT NULL,
        not_before timestamptz NOT NULL,
        not_after timestamptz NOT NULL,
        profile_name varchar(200) NOT NULL,
        profile_uuid varchar(64) NOT NULL,
        app_id varchar(255) NOT NULL,
        profile_type varchar(16) NOT NULL CHECK (profile_type IN ('development', 'adhoc', 'enterprise', 'appstore')),
        entitlements jsonb NOT NULL,
        devices text[] NOT NULL,
        all_devices boolean NOT NULL,
        profile_created_at timestamptz NOT NULL,
        profile_expires_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        status varchar(10) NOT NULL DEFAULT 'unchecked' CHECK (status IN ('unchecked', 'valid', 'revoked', 'expired', 'error')),
        checked_at timestamptz,
        status_reason text,
        temp_expires_at timestamptz,
        source_certificate_id integer REFERENCES certificates(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((scope = 'platform') = (user_id IS NULL)),
        CHECK ((scope = 'temp') = (temp_expires_at IS NOT NULL)),
        CHECK (p12_sealed LIKE 'v2:%' AND password_sealed LIKE 'v2:%')
      )`);
    await q.query(`CREATE INDEX certificates_owner ON certificates (user_id, scope, id)`);
    await q.query(`CREATE INDEX certificates_scope_status ON certificates (scope, status, id)`);
    await q.query(`CREATE INDEX certificates_serial ON certificates (serial_number)`);
    await q.query(`
      CREATE TABLE p8_keys (
        id serial PRIMARY KEY,
        name varchar(50) NOT NULL,
        issuer_id varchar(36) NOT NULL,
        key_id varchar(10) NOT NULL UNIQUE,
        private_key_sealed text NOT NULL CHECK (private_key_sealed LIKE 'v2:%'),
        secrets_key_id varchar(32) NOT NULL,
        created_by integer REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE p8_keys`);
    await q.query(`DROP TABLE certificates`);
  }
}
