import { randomUUID } from "node:crypto";
import type { QueueEvents } from "bullmq";
import type { DataSource } from "typeorm";
import { eventIterator, type EventBus } from "@gryx/platform";
import { DomainError } from "../../common/errors";
import type { JobQueue } from "../../jobs/enqueue";
import { QUEUES, WORKER_STALE_INTERVALS, WORKER_STALE_MIN_MS, type HealthResult } from "@gryx/contracts";
import { recentWorkers } from "@gryx/store";

interface WorkerInfo {
  worker: string;
  backend: string;
  queues: string[];
  startedAt: Date;
  lastSeenAt: Date;
  /** Running and heard from within a few of its heartbeat intervals. */
  alive: boolean;
}

export interface WorkerStatus {
  /** At least one worker is alive. */
  alive: boolean;
  /** The most recent heartbeat of any worker. */
  lastSeenAt: Date | null;
  /** Workers heard from within the last day, most recent first. */
  workers: WorkerInfo[];
}

export interface HealthSummary {
  database: boolean;
  queue: "postgres" | "redis";
  events: "postgres" | "redis";
  worker: { alive: boolean; lastSeenAt: Date | null };
}

/**
 * Liveness of the pieces the site depends on. Workers report themselves with heartbeats (a row each in
 * worker_heartbeats, and a `worker.heartbeat` event); the job round trip proves a job really goes through.
 */
export class HealthService {
  private events: QueueEvents | null = null;

  constructor(
    private readonly db: DataSource,
    private readonly jobs: JobQueue,
    private readonly bus: EventBus,
  ) {}

  async database(): Promise<boolean> {
    try {
      await this.db.query("SELECT 1");
      return true;
    } catch {
      return false;
    }
  }

  /** What anyone may know: whether the database answers, the backends in use, whether a worker is alive. */
  async summary(): Promise<HealthSummary> {
    const database = await this.database();
    const workers = database ? await this.workers() : null;
    return {
      database,
      queue: this.jobs.connection.kind,
      events: this.bus.kind,
      worker: { alive: workers?.alive ?? false, lastSeenAt: workers?.lastSeenAt ?? null },
    };
  }

  async workers(): Promise<WorkerStatus> {
    const rows = await recentWorkers(this.db, WORKER_STALE_MIN_MS, WORKER_STALE_INTERVALS);
    const workers = rows.map((r) => ({
      worker: r.worker,
      backend: r.backend,
      queues: r.queues,
      startedAt: new Date(r.started_at),
      lastSeenAt: new Date(r.last_seen),
      alive: r.alive,
    }));
    return { alive: workers.some((w) => w.alive), lastSeenAt: workers[0]?.lastSeenAt ?? null, workers };
  }

  /**
   * The worker status now, then again after every heartbeat, for as long as the caller reads (a live dashboard).
   * The first value arrives at once, so a subscriber also knows it is subscribed.
   */
  watchWorkers(): AsyncIterableIterator<WorkerStatus> {
    const heartbeats = eventIterator(this.bus, "worker.heartbeat");
    let first = true;
    const it: AsyncIterableIterator<WorkerStatus> = {
      next: async () => {
        if (!first) {
          const r = await heartbeats.next();
          if (r.done) return { done: true, value: undefined };
        }
        first = false;
        return { done: false, value: await this.workers() };
      },
      return: async () => {
        await heartbeats.return?.();
        return { done: true, value: undefined };
      },
      [Symbol.asyncIterator]: () => it,
    };
    return it;
  }

  /** Enqueues a health job and waits for the worker to echo its nonce back. */
  async jobRoundTrip(timeoutMs = 30_000): Promise<HealthResult & { ms: number }> {
    this.events ??= this.jobs.connection.events(QUEUES.system);
    await this.events.waitUntilReady();
    const nonce = randomUUID();
    const started = Date.now();
    const job = await this.jobs.add("system.health", { nonce });
    let result: HealthResult;
    try {
      result = (await job.waitUntilFinished(this.events, timeoutMs)) as HealthResult;
    } catch (e) {
      throw new DomainError("HEALTH_WORKER_UNAVAILABLE", `后台任务服务无响应：${(e as Error).message}`);
    }
    if (result?.nonce !== nonce) throw new DomainError("HEALTH_WORKER_WRONG_RESULT");
    return { ...result, ms: Date.now() - started };
  }

  async close(): Promise<void> {
    await this.events?.close();
  }
}
