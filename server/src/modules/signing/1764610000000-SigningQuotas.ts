import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Quotas that cannot be walked around:
 * - Downloads are counted by the bytes served (`download_bytes`): `downloads_used` is how many whole IPAs that makes,
 *   rounded up, so a Range request from anywhere in the file (a suffix range, everything but byte 0) counts like any
 *   other, and a download resumed in pieces counts once. Rows from before count what they had used as whole downloads.
 * - The daily limit counts submissions (`signing_submissions`: a task made, or retried by its owner), which deleting a
 *   task does not take back. Today's tasks from before are carried over.
 * - `run_lease`: see below.
 */
export class SigningQuotas1764610000000 implements MigrationInterface {
  name = "SigningQuotas1764610000000";

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE signing_tasks ADD COLUMN download_bytes bigint NOT NULL DEFAULT 0 CHECK (download_bytes >= 0)`,
    );
    await q.query(
      `UPDATE signing_tasks SET download_bytes = downloads_used::bigint * artifact_size WHERE artifact_size IS NOT NULL AND downloads_used > 0`,
    );
    await q.query(`
      CREATE TABLE signing_submissions (
        id bigserial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        task_id integer,
        at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX signing_submissions_user_at ON signing_submissions (user_id, at)`);
    // Each claim of a run by a worker (a delivery of its job) takes a new lease: a delivery handed out again while the
    // first still runs (a stalled job) supersedes it, and only the holder of the lease may move or finish the task.
    await q.query(`ALTER TABLE signing_tasks ADD COLUMN run_lease uuid`);
    await q.query(
      `INSERT INTO signing_submissions (user_id, task_id, at) SELECT user_id, id, created_at FROM signing_tasks WHERE created_at > now() - interval '2 days'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE signing_tasks DROP COLUMN run_lease`);
    await q.query(`DROP TABLE signing_submissions`);
    await q.query(`ALTER TABLE signing_tasks DROP COLUMN download_bytes`);
  }
}
