import type { WorkerHeartbeat } from "@gryx/contracts";
import type { Sql } from "./sql";

/** One row of `worker_heartbeats` (owner: the health domain): the last sign of life of each worker process. */
export interface WorkerHeartbeatRow {
  worker: string;
  backend: "postgres" | "redis";
  queues: string[];
  started_at: Date;
  interval_ms: number;
  last_seen: Date;
  running: boolean;
}

/** Writes a worker's heartbeat (its row, made on the first one). */
export async function writeHeartbeat(db: Sql, hb: WorkerHeartbeat): Promise<void> {
  await db.query(
    `INSERT INTO worker_heartbeats (worker, backend, queues, started_at, interval_ms, last_seen, running) VALUES ($1, $2, $3, $4, $5, now(), $6)
     ON CONFLICT (worker) DO UPDATE SET backend = $2, queues = $3, started_at = $4, interval_ms = $5, last_seen = now(), running = $6`,
    [hb.worker, hb.backend, hb.queues, hb.startedAt, hb.intervalMs, hb.running],
  );
}
