import { EventEmitter, on } from "node:events";
import { DATABASE_DEFAULTS, pgPoolOptions } from "./db-settings";
import { randomUUID } from "node:crypto";
import { Client, Pool } from "pg";
import IORedis from "ioredis";
import type { EventPayloads, EventTopic } from "@gryx/contracts";

export type EventHandler<T extends EventTopic> = (payload: EventPayloads[T]) => void;

/**
 * Publish/subscribe between processes. Every event goes through the backend, also to subscribers of the process
 * that published it, so each subscriber sees each event once and in publish order, wherever it was raised.
 * Delivery is at-most-once: a process whose connection is down misses what is published meanwhile.
 */
export interface EventBus {
  readonly kind: "postgres" | "redis";
  publish<T extends EventTopic>(topic: T, payload: EventPayloads[T]): Promise<void>;
  /** Returns the unsubscribe function. Handlers run synchronously in arrival order; a throwing one is logged. */
  subscribe<T extends EventTopic>(topic: T, handler: EventHandler<T>): () => void;
  /** Resolves once this process listens: events published after that reach its subscribers. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export interface EventBusOptions {
  databaseUrl: string;
  /** With it, Redis pub/sub; without, PostgreSQL LISTEN/NOTIFY on databaseUrl. */
  redisUrl?: string;
  /** Namespaces the Redis channel and keys (several deployments or test runs on one Redis). */
  prefix?: string;
  log?: (message: string) => void;
}

/** What travels on the wire: the payload itself, or (when large) the id it was stored under. */
interface Envelope {
  t: EventTopic;
  p?: unknown;
  ref?: string;
}

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
export const PG_NOTIFY_MAX_BYTES = 7900;
/** Above this, a Redis event is stored under a key and published by id. */
export const REDIS_INLINE_MAX_BYTES = 64 * 1024;
const PG_CHANNEL = "gryx_events";
const PG_TABLE = "gryx_event_payloads";
/** Stored payloads are kept this long: long enough for every listener to fetch them. */
const STORED_TTL_SECONDS = 600;

export function connectEventBus(opts: EventBusOptions): EventBus {
  return opts.redisUrl ? new RedisEventBus(opts, opts.redisUrl) : new PostgresEventBus(opts);
}

abstract class BaseEventBus implements EventBus {
  abstract readonly kind: "postgres" | "redis";
  private readonly local = new EventEmitter();
  /** Events are handed to subscribers one after another, so a payload fetched by id cannot overtake. */
  private chain: Promise<void> = Promise.resolve();
  private listening: Promise<void> | null = null;
  protected closed = false;
  protected readonly log: (message: string) => void;

  constructor(opts: EventBusOptions) {
    this.local.setMaxListeners(0);
    this.log = opts.log ?? ((m) => console.warn(`[events] ${m}`));
  }

  protected abstract send(envelope: Envelope, json: string): Promise<void>;
  protected abstract fetchStored(ref: string): Promise<unknown>;
  protected abstract listen(): Promise<void>;
  protected abstract shutdown(): Promise<void>;

  async publish<T extends EventTopic>(topic: T, payload: EventPayloads[T]): Promise<void> {
    if (this.closed) throw new Error("event bus is closed");
    const envelope: Envelope = { t: topic, p: payload };
    await this.send(envelope, JSON.stringify(envelope));
  }

  subscribe<T extends EventTopic>(topic: T, handler: EventHandler<T>): () => void {
    const wrapped = (payload: EventPayloads[T]) => {
      try {
        handler(payload);
      } catch (e) {
        this.log(`handler of ${topic} failed: ${(e as Error).message}`);
      }
    };
    this.local.on(topic, wrapped);
    void this.ready().catch((e) => this.log(`cannot listen: ${(e as Error).message}`));
    return () => void this.local.off(topic, wrapped);
  }

  ready(): Promise<void> {
    this.listening ??= this.listen();
    return this.listening;
  }

  /** Called by a backend with each raw message that arrives. */
  protected receive(raw: string): void {
    let env: Envelope;
    try {
      env = JSON.parse(raw) as Envelope;
    } catch {
      return this.log("dropped a message that is not JSON");
    }
    if (typeof env?.t !== "string") return;
    this.chain = this.chain.then(async () => {
      if (this.closed) return;
      let payload = env.p;
      if (env.ref !== undefined) {
        try {
          payload = await this.fetchStored(env.ref);
        } catch (e) {
          return this.log(`cannot fetch stored ${env.t} payload ${env.ref}: ${(e as Error).message}`);
        }
        if (payload === undefined) return this.log(`stored ${env.t} payload ${env.ref} is gone`);
      }
      this.local.emit(env.t, payload);
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.local.removeAllListeners();
    await this.listening?.catch(() => undefined);
    await this.shutdown();
  }
}

/** Most messages sent in one NOTIFY statement. */
const NOTIFY_BATCH_MAX = 200;

/**
 * Takes up to `max` messages from the front of `queue`, stopping before a message equal to one already taken:
 * PostgreSQL delivers identical payloads signalled in one transaction only once, and each publish must arrive.
 */
function takeDistinct<T extends { json: string }>(queue: T[], max: number): T[] {
  const seen = new Set<string>();
  let n = 0;
  while (n < queue.length && n < max && !seen.has(queue[n].json)) seen.add(queue[n++].json);
  return queue.splice(0, n);
}

/**
 * LISTEN/NOTIFY on one channel. One dedicated connection listens (reconnecting with back-off when it drops);
 * publishing uses a small pool. Payloads too large for NOTIFY are stored in a table and travel by id.
 */
class PostgresEventBus extends BaseEventBus {
  readonly kind = "postgres" as const;
  private readonly pool: Pool;
  private listener: Client | null = null;
  private retry: NodeJS.Timeout | null = null;
  private tableReady: Promise<void> | null = null;

  constructor(private readonly opts: EventBusOptions) {
    super(opts);
    this.pool = new Pool({
      connectionString: opts.databaseUrl,
      ...pgPoolOptions({ ...DATABASE_DEFAULTS, poolMax: 2 }),
    });
    this.pool.on("error", (e) => this.log(`pool error: ${e.message}`));
  }

  protected async send(envelope: Envelope, json: string): Promise<void> {
    if (Buffer.byteLength(json) <= PG_NOTIFY_MAX_BYTES) return this.notify(json);
    await this.ensureTable();
    const { rows } = await this.pool.query<{ id: string }>(
      `INSERT INTO ${PG_TABLE} (topic, payload) VALUES ($1, $2) RETURNING id::text`,
      [envelope.t, JSON.stringify(envelope.p)],
    );
    await this.notify(JSON.stringify({ t: envelope.t, ref: rows[0].id }));
    await this.pool.query(`DELETE FROM ${PG_TABLE} WHERE created_at < now() - make_interval(secs => $1)`, [
      STORED_TTL_SECONDS,
    ]);
  }

  /** Messages waiting for the NOTIFY in flight to finish; they go out together in the next one. */
  private queued: { json: string; done: (e?: Error) => void }[] = [];
  private flushing = false;

  /**
   * Sends one NOTIFY message. A message published while none is in flight goes out at once; those published while
   * one is in flight wait and then go out together, in publish order, in one statement (one transaction), so a
   * burst of events costs a few round trips and commits instead of one each.
   */
  private notify(json: string): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queued.push({ json, done: (e) => (e ? reject(e) : resolve()) });
      if (!this.flushing) void this.flush();
    });
  }

  private async flush(): Promise<void> {
    this.flushing = true;
    try {
      while (this.queued.length) {
        const batch = takeDistinct(this.queued, NOTIFY_BATCH_MAX);
        try {
          // unnest yields the messages in array order, and NOTIFYs of one transaction arrive in the order sent.
          await this.pool.query(`SELECT pg_notify($1, m) FROM unnest($2::text[]) AS m`, [
            PG_CHANNEL,
            batch.map((b) => b.json),
          ]);
          for (const b of batch) b.done();
        } catch (e) {
          for (const b of batch) b.done(e as Error);
        }
      }
    } finally {
      this.flushing = false;
    }
  }

  private ensureTable(): Promise<void> {
    this.tableReady ??= (async () => {
      const c = await this.pool.connect();
      try {
        // Serialized: concurrent CREATE TABLE IF NOT EXISTS can still collide on the catalog.
        await c.query("BEGIN");
        await c.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [PG_TABLE]);
        await c.query(
          `CREATE TABLE IF NOT EXISTS ${PG_TABLE} (id bigserial PRIMARY KEY, topic text NOT NULL, payload jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`,
        );
        await c.query("COMMIT");
      } catch (e) {
        await c.query("ROLLBACK").catch(() => undefined);
        this.tableReady = null;
        throw e;
      } finally {
        c.release();
      }
    })();
    return this.tableReady;
  }

  protected async fetchStored(ref: string): Promise<unknown> {
    const { rows } = await this.pool.query<{ payload: unknown }>(`SELECT payload FROM ${PG_TABLE} WHERE id = $1`, [
      ref,
    ]);
    return rows[0]?.payload;
  }

  protected async listen(): Promise<void> {
    try {
      await this.connectListener();
    } catch (e) {
      this.scheduleRetry(1000);
      throw e;
    }
  }

  private async connectListener(): Promise<void> {
    const client = new Client({ connectionString: this.opts.databaseUrl });
    client.on("notification", (n) => {
      if (n.channel === PG_CHANNEL && n.payload) this.receive(n.payload);
    });
    client.on("error", (e) => this.lost(client, e.message));
    client.on("end", () => this.lost(client, "connection ended"));
    try {
      await client.connect();
      await client.query(`LISTEN ${PG_CHANNEL}`);
    } catch (e) {
      void drop(client);
      throw e;
    }
    if (this.closed) return drop(client);
    this.listener = client;
  }

  /** The listening connection dropped: events published until it is back are missed. */
  private lost(client: Client, why: string): void {
    if (client !== this.listener || this.closed) return;
    this.listener = null;
    void drop(client);
    this.log(`listener connection lost (${why}), reconnecting`);
    this.scheduleRetry(1000);
  }

  private scheduleRetry(delayMs: number): void {
    if (this.closed || this.retry) return;
    this.retry = setTimeout(
      () => {
        this.retry = null;
        if (this.closed) return;
        this.connectListener().catch((e) => {
          this.log(`cannot listen: ${(e as Error).message}`);
          this.scheduleRetry(Math.min(delayMs * 2, 30_000));
        });
      },
      delayMs * (0.5 + Math.random()),
    );
  }

  protected async shutdown(): Promise<void> {
    if (this.retry) clearTimeout(this.retry);
    const l = this.listener;
    this.listener = null;
    if (l) await drop(l);
    await this.pool.end();
  }
}

function drop(client: Client): Promise<void> {
  client.removeAllListeners();
  client.on("error", () => undefined);
  return client.end().catch(() => undefined);
}

/** Redis pub/sub on one channel; ioredis reconnects and subscribes again by itself. Large payloads go by key. */
class RedisEventBus extends BaseEventBus {
  readonly kind = "redis" as const;
  private readonly pub: IORedis;
  private sub: IORedis | null = null;
  private readonly channel: string;
  private readonly keyPrefix: string;

  constructor(
    opts: EventBusOptions,
    private readonly redisUrl: string,
  ) {
    super(opts);
    const prefix = opts.prefix ?? "gryx";
    this.channel = `${prefix}:events`;
    this.keyPrefix = `${prefix}:event:`;
    this.pub = new IORedis(redisUrl, { maxRetriesPerRequest: 3 });
    this.pub.on("error", (e) => this.log(`redis: ${e.message}`));
  }

  protected async send(envelope: Envelope, json: string): Promise<void> {
    if (Buffer.byteLength(json) <= REDIS_INLINE_MAX_BYTES) {
      await this.pub.publish(this.channel, json);
      return;
    }
    const ref = randomUUID();
    await this.pub.set(this.keyPrefix + ref, JSON.stringify(envelope.p), "EX", STORED_TTL_SECONDS);
    await this.pub.publish(this.channel, JSON.stringify({ t: envelope.t, ref }));
  }

  protected async fetchStored(ref: string): Promise<unknown> {
    const raw = await this.pub.get(this.keyPrefix + ref);
    return raw === null ? undefined : JSON.parse(raw);
  }

  protected async listen(): Promise<void> {
    const sub = new IORedis(this.redisUrl);
    sub.on("error", (e) => this.log(`redis subscriber: ${e.message}`));
    sub.on("message", (channel: string, message: string) => {
      if (channel === this.channel) this.receive(message);
    });
    this.sub = sub;
    await sub.subscribe(this.channel);
  }

  protected async shutdown(): Promise<void> {
    await Promise.allSettled([this.pub.quit(), this.sub?.quit()]);
  }
}

/**
 * The events of one topic as an async iterator, buffered until read. `return()` unsubscribes at once, also while
 * a `next()` is waiting (unlike an async generator's).
 */
export function eventIterator<T extends EventTopic>(bus: EventBus, topic: T): AsyncIterator<EventPayloads[T]> {
  const local = new EventEmitter();
  const events = on(local, "event") as AsyncIterator<unknown[]>;
  const off = bus.subscribe(topic, (payload) => local.emit("event", payload));
  return {
    next: async () => {
      const r = await events.next();
      return r.done ? { done: true, value: undefined } : { done: false, value: r.value[0] as EventPayloads[T] };
    },
    return: async () => {
      off();
      await events.return?.();
      return { done: true, value: undefined };
    },
  };
}
