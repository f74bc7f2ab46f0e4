import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Downloads are counted by the bytes served (`download_bytes`): `downloads_used` is how many whole IPAs that makes,
 * rounded up, so a Range request from anywhere in the file (a suffix range, everything but byte 0) counts like any
 * other, and a download resumed in pieces counts once. Rows from before count what they had used as whole downloads.
 */
export class SigningDownloadBytes1764610000000 implements MigrationInterface {
  name = "SigningDownloadBytes1764610000000";

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE signing_tasks ADD COLUMN download_bytes bigint NOT NULL DEFAULT 0 CHECK (download_bytes >= 0)`);
    await q.query(`UPDATE signing_tasks SET download_bytes = downloads_used::bigint * artifact_size WHERE artifact_size IS NOT NULL AND downloads_used > 0`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE signing_tasks DROP COLUMN download_bytes`);
  }
}
