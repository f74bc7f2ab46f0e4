import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Certificate status checks: every check is a task row (certificate_checks: a single check-status request, an
 * admin's check, or one certificate of a detection batch), with the full report once it ran; detection batches,
 * of which at most one runs at a time (a partial unique index); and users' site messages (user_notifications), which
 * the batches use to tell owners their certificate was revoked.
 */
export class CertificateChecks1764430000000 implements MigrationInterface {
  name = "CertificateChecks1764430000000";

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE detection_batches (
        id serial PRIMARY KEY,
        created_by integer REFERENCES users(id) ON DELETE SET NULL,
        filter jsonb NOT NULL,
        status varchar(10) NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'completed', 'cancelled')),
        total integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz
      )`);
    // One running batch at most: a second start at the same moment fails on this index and stores nothing.
    await q.query(
      `CREATE UNIQUE INDEX detection_batches_one_running ON detection_batches ((true)) WHERE status = 'running'`,
    );
    await q.query(`
      CREATE TABLE certificate_checks (
        id serial PRIMARY KEY,
        certificate_id integer NOT NULL REFERENCES certificates(id) ON DELETE CASCADE,
        batch_id integer REFERENCES detection_batches(id) ON DELETE CASCADE,
        requested_by integer REFERENCES users(id) ON DELETE SET NULL,
        status varchar(10) NOT NULL DEFAULT 'checking' CHECK (status IN ('checking', 'valid', 'revoked', 'expired', 'error', 'cancelled')),
        ocsp_status varchar(8) CHECK (ocsp_status IN ('good', 'revoked', 'unknown', 'error')),
        reason text,
        report jsonb,
        next_update timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz,
        CHECK ((status = 'checking') = (finished_at IS NULL))
      )`);
    await q.query(
      `CREATE INDEX certificate_checks_batch ON certificate_checks (batch_id, id) WHERE batch_id IS NOT NULL`,
    );
    await q.query(`CREATE INDEX certificate_checks_certificate ON certificate_checks (certificate_id, id DESC)`);
    await q.query(`
      CREATE TABLE user_notifications (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        kind varchar(40) NOT NULL,
        title varchar(200) NOT NULL,
        body text NOT NULL,
        link varchar(200),
        dedupe_key varchar(100),
        read_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (user_id, dedupe_key)
      )`);
    await q.query(`CREATE INDEX user_notifications_user ON user_notifications (user_id, id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE user_notifications`);
    await q.query(`DROP TABLE certificate_checks`);
    await q.query(`DROP TABLE detection_batches`);
  }
}
