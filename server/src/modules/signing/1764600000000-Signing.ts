import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * IPA signing (签名IPA): the IPAs users upload to sign, the signing tasks (one per submission; the worker's
 * `signing.sign` job runs it), and the one settings row (charges, artifact lifetime, download quota).
 *
 * A task's `run_id` names its current run: the job id is derived from it, a retry gets a new one, and a run whose id
 * no longer matches stops. `artifact_name` is fixed when the task is made, so however often a run repeats, the task
 * has one signed IPA. `charge_fen` is what creating (or retrying) it took from the wallet; `refunded_at` is set once
 * when a failed or cancelled task's charge went back.
 */
export class Signing1764600000000 implements MigrationInterface {
  name = "Signing1764600000000";

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE signing_uploads (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        storage_key varchar(64) NOT NULL UNIQUE,
        filename varchar(255) NOT NULL,
        size bigint NOT NULL,
        name varchar(200) NOT NULL,
        bundle_id varchar(255) NOT NULL,
        version varchar(64) NOT NULL,
        build varchar(64) NOT NULL,
        min_os varchar(32),
        icon_url varchar(255) NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX signing_uploads_user ON signing_uploads (user_id, id DESC)`);
    await q.query(`CREATE INDEX signing_uploads_expiry ON signing_uploads (expires_at)`);
    await q.query(`
      CREATE TABLE signing_tasks (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        certificate_id integer REFERENCES certificates(id) ON DELETE SET NULL,
        certificate_name varchar(200) NOT NULL,
        source varchar(8) NOT NULL CHECK (source IN ('upload', 'app')),
        upload_id integer REFERENCES signing_uploads(id) ON DELETE SET NULL,
        app_id integer REFERENCES apps(id) ON DELETE SET NULL,
        options jsonb NOT NULL DEFAULT '{}',
        status varchar(10) NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed', 'cancelled')),
        stage varchar(10) NOT NULL DEFAULT 'queued',
        progress smallint NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
        run_id uuid NOT NULL,
        runs integer NOT NULL DEFAULT 0,
        heartbeat_at timestamptz,
        error_code varchar(64),
        error_message varchar(500),
        app_name varchar(200) NOT NULL,
        bundle_id varchar(255) NOT NULL,
        version varchar(64) NOT NULL DEFAULT '',
        icon_url varchar(255) NOT NULL DEFAULT '',
        artifact_name varchar(64) NOT NULL UNIQUE,
        artifact_size bigint,
        report jsonb,
        charge_fen bigint NOT NULL DEFAULT 0 CHECK (charge_fen >= 0),
        refunded_at timestamptz,
        downloads_used integer NOT NULL DEFAULT 0 CHECK (downloads_used >= 0),
        downloads_limit integer NOT NULL CHECK (downloads_limit >= 0),
        expires_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz,
        finished_at timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX signing_tasks_user ON signing_tasks (user_id, id DESC)`);
    await q.query(`CREATE INDEX signing_tasks_status ON signing_tasks (status, id DESC)`);
    await q.query(`CREATE INDEX signing_tasks_created ON signing_tasks (created_at)`);
    await q.query(`CREATE INDEX signing_tasks_expiry ON signing_tasks (expires_at) WHERE expires_at IS NOT NULL`);
    await q.query(`CREATE INDEX signing_tasks_certificate ON signing_tasks (certificate_id)`);
    await q.query(`
      CREATE TABLE signing_settings (
        id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
        charge_mode varchar(12) NOT NULL DEFAULT 'free' CHECK (charge_mode IN ('free', 'fee', 'certificate')),
        fee_fen bigint NOT NULL DEFAULT 0 CHECK (fee_fen >= 0),
        artifact_hours integer NOT NULL DEFAULT 72,
        downloads_per_task integer NOT NULL DEFAULT 10,
        daily_limit integer NOT NULL DEFAULT 50,
        max_upload_mb integer NOT NULL DEFAULT 4096,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`INSERT INTO signing_settings (id) VALUES (1)`);
    // The demo certificate (演示证书) is a platform certificate marked demo: offered to everyone outside production.
    await q.query(`ALTER TABLE certificates ADD COLUMN IF NOT EXISTS demo boolean NOT NULL DEFAULT false`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE signing_tasks`);
    await q.query(`DROP TABLE signing_uploads`);
    await q.query(`DROP TABLE signing_settings`);
  }
}
