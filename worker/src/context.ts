import type { Pool } from "pg";

/** What every processor may use: a database pool and settings, nothing else. */
export interface WorkerContext {
  db: Pick<Pool, "query">;
  queueKind: "postgres" | "redis";
  smtpUrl?: string;
  mailFrom: string;
  log(message: string): void;
}
