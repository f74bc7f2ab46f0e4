import {
  FlowProducer,
  Queue,
  QueueEvents,
  Worker,
  withBackend,
  createPostgresBackend,
  type Processor,
  type WorkerOptions,
} from "bullmq";
import IORedis from "ioredis";
import { DATABASE_DEFAULTS, GuardedPgClient } from "./db-settings";

/**
 * BullMQ runs on Redis when REDIS_URL is set and on its PostgreSQL backend otherwise; this is the only place
 * that knows the difference. Server and worker both build their queues here.
 */
export interface QueueConnection {
  kind: "postgres" | "redis";
  queue(name: string): Queue;
  events(name: string): QueueEvents;
  worker(name: string, processor: Processor, opts?: Partial<WorkerOptions>): Worker;
  /** Adds parent/child trees of jobs (BullMQ flows; both backends support them). */
  flows(): FlowProducer;
  close(): Promise<void>;
}

const PG_SCHEMA = "bullmq";

/** `prefix` namespaces the Redis keys, so several deployments (or test runs) can share one Redis. */
export function connectQueues(opts: { databaseUrl: string; redisUrl?: string; prefix?: string }): QueueConnection {
  const closables: { close(): Promise<unknown> }[] = [];
  const track = <C extends { close(): Promise<unknown> }>(c: C): C => {
    closables.push(c);
    return c;
  };
  const closeAll = async () => {
    for (const c of closables.reverse()) await c.close().catch(() => undefined);
    closables.length = 0;
  };

  if (opts.redisUrl) {
    const redisUrl = opts.redisUrl;
    // Workers need maxRetriesPerRequest null (blocking commands); one connection per object keeps them independent.
    const conn = () => new IORedis(redisUrl, { maxRetriesPerRequest: null });
    const prefix = opts.prefix ?? "bull";
    return {
      kind: "redis",
      queue: (name) => track(new Queue(name, { connection: conn(), prefix })),
      events: (name) => track(new QueueEvents(name, { connection: conn(), prefix })),
      worker: (name, processor, wopts) => track(new Worker(name, processor, { ...wopts, connection: conn(), prefix })),
      flows: () => track(new FlowProducer({ connection: conn(), prefix })),
      close: closeAll,
    };
  }

  const pg = withBackend(createPostgresBackend);
  const connection = {
    connectionString: opts.databaseUrl,
    schema: PG_SCHEMA,
    migrate: true,
    max: 4,
    connectionTimeoutMillis: DATABASE_DEFAULTS.acquireTimeoutMs,
    // BullMQ keeps clients checked out without an error listener: a dropped connection must not end the process.
    Client: GuardedPgClient,
  };
  return {
    kind: "postgres",
    queue: (name) => track(new pg.Queue(name, { connection })) as unknown as Queue,
    events: (name) => track(new pg.QueueEvents(name, { connection })) as unknown as QueueEvents,
    worker: (name, processor, wopts) =>
      track(new pg.Worker(name, processor, { ...wopts, connection })) as unknown as Worker,
    flows: () => track(new pg.FlowProducer({ connection })) as unknown as FlowProducer,
    close: closeAll,
  };
}
