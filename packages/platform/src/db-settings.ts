import { Client, type ClientConfig, type PoolConfig } from "pg";
import { envReader } from "./env-reader";

/**
 * How every PostgreSQL pool of the server and the worker waits, so that one stuck transaction or an unreachable
 * database never hangs the process (issue 19): a request for a connection gives up after `acquireTimeoutMs`
 * (connecting included), a statement after `statementTimeoutMs`, a wait for a lock after `lockTimeoutMs`, and
 * PostgreSQL ends a session left idle inside a transaction after `idleInTransactionTimeoutMs` (freeing its locks and
 * its connection). 0 turns a timeout off. Read from DB_POOL_MAX, DB_ACQUIRE_TIMEOUT_MS, DB_STATEMENT_TIMEOUT_MS,
 * DB_LOCK_TIMEOUT_MS and DB_IDLE_IN_TRANSACTION_TIMEOUT_MS.
 */
export interface DatabaseSettings {
  poolMax: number;
  acquireTimeoutMs: number;
  statementTimeoutMs: number;
  lockTimeoutMs: number;
  idleInTransactionTimeoutMs: number;
}

export const DATABASE_DEFAULTS: Omit<DatabaseSettings, "poolMax"> = {
  acquireTimeoutMs: 10_000,
  statementTimeoutMs: 60_000,
  lockTimeoutMs: 10_000,
  idleInTransactionTimeoutMs: 60_000,
};

type Env = Record<string, string | undefined>;

export function databaseSettingsFromEnv(env: Env, problems: string[], defaults: { poolMax: number }): DatabaseSettings {
  const { int } = envReader(env, problems);
  const hour = 3_600_000;
  return {
    poolMax: int("DB_POOL_MAX", defaults.poolMax, 1, 500),
    acquireTimeoutMs: int("DB_ACQUIRE_TIMEOUT_MS", DATABASE_DEFAULTS.acquireTimeoutMs, 0, hour),
    statementTimeoutMs: int("DB_STATEMENT_TIMEOUT_MS", DATABASE_DEFAULTS.statementTimeoutMs, 0, hour),
    lockTimeoutMs: int("DB_LOCK_TIMEOUT_MS", DATABASE_DEFAULTS.lockTimeoutMs, 0, hour),
    idleInTransactionTimeoutMs: int(
      "DB_IDLE_IN_TRANSACTION_TIMEOUT_MS",
      DATABASE_DEFAULTS.idleInTransactionTimeoutMs,
      0,
      hour,
    ),
  };
}

/**
 * A node-postgres client that always has an 'error' listener. node-postgres emits 'error' on a client whose connection
 * drops and throws when nothing listens; a pool listens only while the client is idle, so a client checked out when
 * the database goes away (by BullMQ, by a long transaction) would end the process. Its queries still fail, and the
 * pool drops it.
 */
export class GuardedPgClient extends Client {
  constructor(config?: string | ClientConfig) {
    super(config);
    this.on("error", () => undefined);
  }
}

/** The settings as node-postgres pool options (the session timeouts are sent when each connection opens). */
export function pgPoolOptions(s: DatabaseSettings): PoolConfig {
  return {
    Client: GuardedPgClient,
    max: s.poolMax,
    connectionTimeoutMillis: s.acquireTimeoutMs,
    statement_timeout: s.statementTimeoutMs,
    lock_timeout: s.lockTimeoutMs,
    idle_in_transaction_session_timeout: s.idleInTransactionTimeoutMs,
  };
}
