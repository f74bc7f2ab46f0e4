import type { WorkerHeartbeat } from "@gryx/contracts";
import { one, rows, type Sql } from "./sql";

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

/** Workers that sent a running heartbeat in the last 40 seconds and consume `queue`. */
export async function workersOnline(db: Sql, queue: string): Promise<number> {
  const r = await one<{ n: number }>(
    db,
    `SELECT count(*)::int AS n FROM worker_heartbeats WHERE running AND last_seen > now() - interval '40 seconds' AND $1 = ANY(queues)`,
    [queue],
  );
  return r?.n ?? 0;
}

/**
 * The workers seen in the last day, latest first, each with whether it is alive: running, and seen within the longer
 * of `staleMinMs` and `staleIntervals` of its own heartbeat interval.
 */
export function recentWorkers(
  db: Sql,
  staleMinMs: number,
  staleIntervals: number,
): Promise<
  (Pick<WorkerHeartbeatRow, "worker" | "backend" | "queues" | "started_at" | "last_seen"> & { alive: boolean })[]
> {
  return rows(
    db,
    `SELECT worker, backend, queues, started_at, last_seen,
            (running AND last_seen > now() - make_interval(secs => greatest($1::float8, interval_ms * $2::float8) / 1000.0)) AS alive
       FROM worker_heartbeats WHERE last_seen > now() - interval '1 day' ORDER BY last_seen DESC, worker`,
    [staleMinMs, staleIntervals],
  );
}
