import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * QQ 互联 and Sign in with Apple: the admin's provider settings (secret sealed), the accounts' bound identities, and
 * the pending authorisation requests (`state`, single use, tied to the browser, 10 minutes).
 */
export class OAuth1764700100000 implements MigrationInterface {
  name = "OAuth1764700100000";

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE oauth_configs (
        id serial PRIMARY KEY,
        provider varchar(16) NOT NULL UNIQUE CHECK (provider IN ('qq', 'apple')),
        enabled boolean NOT NULL DEFAULT false,
        app_id varchar(128) NOT NULL,
        app_secret_sealed text,
        scope varchar(255) NOT NULL DEFAULT '',
        redirect_uri varchar(500) NOT NULL DEFAULT '',
        base_url varchar(500),
        sdk_url varchar(500),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE oauth_identities (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        provider varchar(16) NOT NULL,
        subject varchar(255) NOT NULL,
        unionid varchar(255),
        nickname varchar(100),
        avatar_url varchar(500),
        email varchar(254),
        is_private_email boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_login_at timestamptz,
        UNIQUE (provider, subject),
        UNIQUE (user_id, provider)
      )`);
    await q.query(`
      CREATE TABLE oauth_states (
        state_hash char(64) PRIMARY KEY,
        provider varchar(16) NOT NULL,
        purpose varchar(8) NOT NULL CHECK (purpose IN ('login', 'bind')),
        user_id integer REFERENCES users(id) ON DELETE CASCADE,
        browser_hash char(64) NOT NULL,
        nonce varchar(64),
        redirect_uri varchar(500) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      )`);
    await q.query(`CREATE INDEX oauth_states_expires_at_idx ON oauth_states (expires_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE oauth_states, oauth_identities, oauth_configs`);
  }
}
