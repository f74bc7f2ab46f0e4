import type { MigrationInterface, QueryRunner } from "typeorm";

/** One row per worker process, refreshed by its heartbeat: the server's view of worker liveness. */
export class WorkerHeartbeats1763900000000 implements MigrationInterface {
  name = "WorkerHeartbeats1763900000000";

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE worker_heartbeats (
        worker varchar(255) PRIMARY KEY,
        backend varchar(16) NOT NULL,
        queues text[] NOT NULL DEFAULT '{}',
        started_at timestamptz NOT NULL,
        interval_ms integer NOT NULL,
        last_seen timestamptz NOT NULL DEFAULT now(),
        running boolean NOT NULL DEFAULT true
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE worker_heartbeats`);
  }
}
