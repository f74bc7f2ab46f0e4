import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Software sources (软件源): subscribed AltStore / ESign / Scarlet documents (site-wide ones added by an admin,
 * private ones added by a user), the apps of each source's last good copy, a log of every fetch, and which
 * categories of our own catalogue the published feeds (/sources/altstore.json, /sources/esign.json) carry.
 */
export class SoftwareSources1764500000000 implements MigrationInterface {
  name = "SoftwareSources1764500000000";

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE software_sources (
        id serial PRIMARY KEY,
        owner_id integer REFERENCES users(id) ON DELETE CASCADE,
        name varchar(100) NOT NULL,
        url varchar(2000),
        icon_url varchar(2000) NOT NULL DEFAULT '',
        description text NOT NULL DEFAULT '',
        enabled boolean NOT NULL DEFAULT true,
        sort_order integer NOT NULL DEFAULT 0,
        refresh_minutes integer NOT NULL DEFAULT 360 CHECK (refresh_minutes BETWEEN 5 AND 10080),
        format varchar(16) CHECK (format IN ('altstore', 'esign', 'scarlet')),
        doc_name varchar(255) NOT NULL DEFAULT '',
        identifier varchar(255) NOT NULL DEFAULT '',
        source_url varchar(2000) NOT NULL DEFAULT '',
        doc_icon_url varchar(2000) NOT NULL DEFAULT '',
        doc_description text NOT NULL DEFAULT '',
        website varchar(2000) NOT NULL DEFAULT '',
        pay_url varchar(2000) NOT NULL DEFAULT '',
        unlock_url varchar(2000) NOT NULL DEFAULT '',
        news jsonb NOT NULL DEFAULT '[]',
        app_count integer NOT NULL DEFAULT 0,
        content_sha256 char(64),
        etag varchar(500),
        last_modified varchar(100),
        status varchar(16) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'ok', 'failed')),
        last_fetch_at timestamptz,
        last_success_at timestamptz,
        last_error_code varchar(64),
        last_error text,
        warnings jsonb NOT NULL DEFAULT '[]',
        next_fetch_at timestamptz NOT NULL DEFAULT now(),
        lease_until timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE UNIQUE INDEX software_sources_url_per_owner ON software_sources (COALESCE(owner_id, 0), url) WHERE url IS NOT NULL`,
    );
    await q.query(
      `CREATE INDEX software_sources_due ON software_sources (next_fetch_at) WHERE enabled AND url IS NOT NULL`,
    );
    await q.query(`CREATE INDEX software_sources_owner ON software_sources (owner_id)`);
    await q.query(`
      CREATE TABLE software_source_apps (
        id serial PRIMARY KEY,
        source_id integer NOT NULL REFERENCES software_sources(id) ON DELETE CASCADE,
        position integer NOT NULL,
        name varchar(255) NOT NULL,
        bundle_id varchar(255) NOT NULL DEFAULT '',
        version varchar(64) NOT NULL DEFAULT '',
        version_date timestamptz,
        version_description text NOT NULL DEFAULT '',
        size_bytes bigint,
        description text NOT NULL DEFAULT '',
        icon_url varchar(2000) NOT NULL DEFAULT '',
        download_url varchar(2000) NOT NULL DEFAULT '',
        developer varchar(255) NOT NULL DEFAULT '',
        locked boolean NOT NULL DEFAULT false,
        category varchar(64) NOT NULL DEFAULT ''
      )`);
    await q.query(`CREATE INDEX software_source_apps_source ON software_source_apps (source_id, position)`);
    await q.query(
      `CREATE INDEX software_source_apps_search ON software_source_apps USING gin ((name || ' ' || bundle_id) gin_trgm_ops)`,
    );
    await q.query(`
      CREATE TABLE software_source_fetches (
        id serial PRIMARY KEY,
        source_id integer NOT NULL REFERENCES software_sources(id) ON DELETE CASCADE,
        started_at timestamptz NOT NULL,
        duration_ms integer NOT NULL,
        outcome varchar(16) NOT NULL CHECK (outcome IN ('updated', 'unchanged', 'failed')),
        http_status integer,
        bytes integer NOT NULL DEFAULT 0,
        app_count integer,
        warning_count integer NOT NULL DEFAULT 0,
        error_code varchar(64),
        error_message text
      )`);
    await q.query(`CREATE INDEX software_source_fetches_source ON software_source_fetches (source_id, id DESC)`);
    await q.query(`
      CREATE TABLE software_source_feed (
        id integer PRIMARY KEY CHECK (id = 1),
        category_ids integer[] NOT NULL DEFAULT '{}',
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`INSERT INTO software_source_feed (id) VALUES (1)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE software_source_feed`);
    await q.query(`DROP TABLE software_source_fetches`);
    await q.query(`DROP TABLE software_source_apps`);
    await q.query(`DROP TABLE software_sources`);
  }
}
