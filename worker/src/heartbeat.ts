import type { EventBus } from "@gryx/platform";
import type { WorkerHeartbeat } from "@gryx/contracts";
import { writeHeartbeat } from "@gryx/store";
import type { WorkerContext } from "./context";

/**
 * Tells the servers this worker is alive: a row in worker_heartbeats (the health endpoint reads it) and a
 * `worker.heartbeat` event (live dashboards), at start, every `intervalMs`, and once more (running: false) at stop.
 * Failures are logged, never fatal, and retried after 2 s. Before the server's first migration the table does not
 * exist yet: the worker waits for it quietly (a first boot starts both at once) and only says so if it is still
 * missing after `migrationGraceMs`.
 */
export function startHeartbeat(opts: {
  db: WorkerContext["db"];
  events: EventBus;
  worker: string;
  backend: "postgres" | "redis";
  queues: string[];
  intervalMs: number;
  log: (message: string) => void;
  migrationGraceMs?: number;
}) {
  const startedAt = new Date().toISOString();
  const quietUntil = Date.now() + (opts.migrationGraceMs ?? 120_000);
  let lastError = "";
  let retry: NodeJS.Timeout | null = null;
  const beat = async (running: boolean) => {
    const hb: WorkerHeartbeat = {
      worker: opts.worker,
      backend: opts.backend,
      queues: opts.queues,
      startedAt,
      intervalMs: opts.intervalMs,
      at: new Date().toISOString(),
      running,
    };
    try {
      await writeHeartbeat(opts.db, hb);
      await opts.events.publish("worker.heartbeat", hb);
      lastError = "";
    } catch (e) {
      const msg = (e as Error).message;
      // 42P01 undefined_table: the server has not run its migrations yet.
      const waiting = (e as { code?: string }).code === "42P01" && Date.now() < quietUntil;
      if (msg !== lastError && !waiting) opts.log(`heartbeat failed: ${msg}`);
      if (!waiting) lastError = msg;
      // Soon again rather than a whole interval later (e.g. the server has not migrated the table yet).
      if (running && !retry) {
        retry = setTimeout(
          () => {
            retry = null;
            void beat(true);
          },
          Math.min(2000, opts.intervalMs),
        );
        retry.unref();
      }
    }
  };
  const timer = setInterval(() => void beat(true), opts.intervalMs);
  timer.unref();
  void beat(true);
  return {
    beat: () => beat(true),
    async stop() {
      clearInterval(timer);
      if (retry) clearTimeout(retry);
      await beat(false);
    },
  };
}
