import { X509Certificate } from "node:crypto";
import os from "node:os";
import { APPLE_ROOT_PEMS } from "@gryx/apple/apple-certs";
import { Pool } from "pg";
import { pgPoolOptions } from "@gryx/platform/db-settings";
import { connectEventBus, connectQueues, consumeQueues } from "@gryx/platform";
import {
  JOB_QUEUE,
  jobOptions,
  QUEUE_CONCURRENCY,
  QUEUES,
  SERVER_QUEUES,
  WORKER_HEARTBEAT_MS,
  type QueueName,
} from "@gryx/contracts";
import { OcspCache } from "@gryx/apple/ocsp";
import { storageSettingsInForce, transaction } from "@gryx/store";
import type { WorkerContext } from "./context";
import { loadWorkerConfig, WorkerConfigError } from "./config";
import { startHeartbeat } from "./heartbeat";
import { PROCESSORS } from "./processors";
import { sweepStaleWorkDirs } from "./processors/signing";
import { createObjectStore, sameStore, SwitchingObjectStore } from "@gryx/platform/storage";

/** How often a worker removes what killed signing runs left on its disk (besides at start). */
const WORK_SWEEP_MS = 10 * 60_000;

/** The queues the worker consumes: all of the contract's but the ones server instances consume. */
export const WORKER_QUEUES = (Object.values(QUEUES) as QueueName[]).filter((q) => !SERVER_QUEUES.includes(q));

/** Starts one BullMQ Worker per queue (jobs dispatched by name to their processor), the event bus and the heartbeat. */
export async function startWorker(env: NodeJS.ProcessEnv = process.env) {
  const config = loadWorkerConfig(env, { heartbeatMs: WORKER_HEARTBEAT_MS });
  const log = (m: string) => console.log(`[worker] ${m}`);
  const pool = new Pool({ connectionString: config.databaseUrl, ...pgPoolOptions(config.database) });
  pool.on("error", (e) => log(`database pool: ${e.message}`));
  // The environment's storage settings, with the ones saved on /admin/storage where it is silent. Wrong credentials,
  // a missing bucket or an unreachable store are reported now, naming the failing check.
  let storageSettings = config.storage;
  let store: SwitchingObjectStore;
  try {
    storageSettings = await storageSettingsInForce(pool, config.storage, config.secrets);
    store = new SwitchingObjectStore(createObjectStore(storageSettings));
    await store.probe().catch((e: Error) => {
      store.close();
      throw new Error(`STORAGE_BACKEND=${storageSettings.backend}: ${e.message}`);
    });
  } catch (e) {
    await pool.end();
    throw e;
  }
  const connection = connectQueues({
    databaseUrl: config.databaseUrl,
    redisUrl: config.redisUrl,
    prefix: config.queuePrefix,
  });
  const events = connectEventBus({
    databaseUrl: config.databaseUrl,
    redisUrl: config.redisUrl,
    prefix: config.queuePrefix,
    log,
  });
  // Settings saved on the page while this worker runs: re-read, and the store switched for the jobs that follow.
  events.subscribe("storage.settings-changed", () => {
    storageSettingsInForce(pool, config.storage, config.secrets)
      .then((next) => {
        if (sameStore(next, storageSettings)) return;
        storageSettings = next;
        store.swap(createObjectStore(next));
        log(`storage settings changed: now ${next.backend}`);
      })
      .catch((e: Error) => log(`storage settings: ${e.message}`));
  });
  const workerId = `${os.hostname()}:${process.pid}`;
  const heartbeat = startHeartbeat({
    db: pool,
    events,
    worker: workerId,
    backend: connection.kind,
    queues: WORKER_QUEUES,
    intervalMs: config.heartbeatMs,
    log,
  });
  const queues = new Map<QueueName, ReturnType<typeof connection.queue>>();
  const ctx: WorkerContext = {
    db: pool,
    transaction: (fn) => transaction(pool, fn),
    events,
    queueKind: connection.kind,
    workerId,
    smtpUrl: config.smtpUrl,
    mailFrom: config.mailFrom,
    heartbeat: heartbeat.beat,
    enqueue: async (name, payload, opts) => {
      const queue = JOB_QUEUE[name];
      let q = queues.get(queue);
      if (!q) queues.set(queue, (q = connection.queue(queue)));
      await q.add(name, payload, {
        ...jobOptions(name, payload, config.jobRetryDelayPercent),
        ...(opts?.delayMs ? { delay: opts.delayMs } : {}),
      });
    },
    ascBaseUrl: config.ascBaseUrl,
    mallLeaseSeconds: config.mallLeaseSeconds,
    resignLeaseSeconds: config.resignLeaseSeconds,
    appleExtraRoots: config.appleExtraRoots,
    ocspTimeoutMs: config.ocspTimeoutMs,
    certCheckConcurrency: config.certCheckConcurrency,
    ocspRedirects: config.ocspRedirects,
    ocspCache: new OcspCache(),
    storageDir: config.storageDir,
    store,
    secrets: config.secrets,
    trustedRootPems: [...APPLE_ROOT_PEMS, ...config.appleExtraRoots.map((der) => new X509Certificate(der).toString())],
    signingTimeoutMs: config.signingTimeoutMs,
    signingMemoryLimitMb: config.signingMemoryLimitMb,
    log,
  };
  let workers;
  try {
    workers = await consumeQueues({
      connection,
      queues: WORKER_QUEUES,
      processors: PROCESSORS,
      context: ctx,
      concurrency: config.concurrency,
      concurrencyFor: {
        [QUEUES.certificates]: config.certCheckConcurrency,
        [QUEUES.signing]: config.signingConcurrency,
        [QUEUES.mall]: QUEUE_CONCURRENCY.mall ?? 8,
        // One migration at a time, one object after another (the disk and the store's bandwidth are the limit).
        [QUEUES.storage]: 1,
      },
      lockMs: config.jobLockMs,
      log,
    });
  } catch (e) {
    await heartbeat.stop();
    await Promise.allSettled([connection.close(), events.close(), pool.end()]);
    store.close();
    throw e;
  }
  log(`ready on ${connection.kind}: ${WORKER_QUEUES.join(", ")}`);
  // At start, then every WORK_SWEEP_MS: a run killed with its worker is still "running" under its lease when the worker
  // comes back, so its work directory goes at a later sweep, once another run has taken the task over.
  const sweep = () =>
    void sweepStaleWorkDirs(config.storageDir, config.signingTimeoutMs, pool).catch((e: Error) =>
      log(`signing temp sweep: ${e.message}`),
    );
  sweep();
  const sweeper = setInterval(sweep, WORK_SWEEP_MS);
  sweeper.unref();

  return {
    workerId,
    async close() {
      clearInterval(sweeper);
      await Promise.all(workers.map((w) => w.close()));
      await heartbeat.stop();
      await connection.close();
      await events.close();
      await pool.end();
      store.close();
    },
  };
}

if (require.main === module) {
  startWorker()
    .then((w) => {
      let closing = false;
      const stop = async () => {
        if (closing) return;
        closing = true;
        const force = setTimeout(() => process.exit(1), 15_000);
        force.unref();
        await w.close();
        process.exit(0);
      };
      const onSignal = () =>
        void stop().catch((e: unknown) => {
          console.error("worker: shutdown failed", e);
          process.exit(1);
        });
      process.on("SIGINT", onSignal);
      process.on("SIGTERM", onSignal);
    })
    .catch((e) => {
      if (e instanceof WorkerConfigError) {
        console.error(e.message);
        process.exit(2);
      }
      console.error(`[worker] failed to start: ${(e as Error).stack ?? e}`);
      process.exit(1);
    });
}
