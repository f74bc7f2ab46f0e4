import type { Pool } from "pg";
import type { EventBus, JobRun } from "@gryx/platform";

/** What every processor may use: a database pool, the event bus to publish on, and settings. */
export interface WorkerContext {
  db: Pick<Pool, "query">;
  events: Pick<EventBus, "publish">;
  queueKind: "postgres" | "redis";
  /** host:pid of this worker process. */
  workerId: string;
  smtpUrl?: string;
  mailFrom: string;
  /** Sends a heartbeat now (row and event). */
  heartbeat(): Promise<void>;
  log(message: string): void;
}

export type ProcessorContext = WorkerContext & JobRun;
