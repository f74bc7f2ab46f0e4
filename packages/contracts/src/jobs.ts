/**
 * The contract between whoever enqueues and whoever processes: queue names, job names, payload and result types,
 * and each job's options. Payloads carry ids, never whole objects.
 */
export const QUEUES = {
  system: "system",
  email: "email",
  /** Scheduled housekeeping. Consumed by the server instances (the work needs the server's storage). */
  maintenance: "maintenance",
  /** Certificate status checks (OCSP + profile checks), single and in detection batches. */
  certificates: "certificates",
  /** Certificate mall fulfilment: App Store Connect, suppliers (network-bound, retried with back-off). */
  mall: "mall",
  /** IPA signing tasks: CPU and disk heavy, concurrency derived from memory (worker config). */
  signing: "signing",
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** Who consumes each queue. The worker consumes every queue but these. */
export const SERVER_QUEUES: readonly QueueName[] = [QUEUES.maintenance];

export interface JobPayloads {
  /** Round trip: the worker echoes the nonce back as the job's result (and sends a heartbeat). */
  "system.health": { nonce: string };
  /** Deliver one row of email_outbox. */
  "email.send": { outboxId: number };
  /** Drop expired rate-limit windows, long-ended sessions, old reset codes and stale trusted addresses. */
  "housekeeping.auth": Record<string, never>;
  /** Remove staged uploads nobody claimed and icons nothing points at. */
  "housekeeping.uploads": Record<string, never>;
  /** Close orders still unpaid 15 minutes after they were created. */
  "orders.close-expired": Record<string, never>;
  /** Close recharge orders unpaid for 15 minutes (each asked at its gateway once more first). */
  "payments.close-expired": Record<string, never>;
  /** Ask the gateways (EPay order query) about recharge orders still pending, crediting those paid. */
  "payments.query-pending": Record<string, never>;
  /** Delete temporary certificates (and so their sealed p12s) whose time is up. */
  "certificates.purge-temp": Record<string, never>;
  /** Run one certificate status check task (a row of certificate_checks): OCSP + profile checks, result stored. */
  "certificates.check": { taskId: number };
  /** A detection batch's parent job: runs once every child check finished; closes the batch. */
  "certificates.detect-batch": { batchId: number };
  /** Enqueue a `sources.fetch` for every enabled software source whose refresh interval has passed. */
  "sources.refresh-due": Record<string, never>;
  /** Download, parse and index one software source (a second run while one holds the source's lease does nothing). */
  "sources.fetch": { sourceId: number };
  /** Fulfil one paid certificate-mall order (a row of mall_orders): App Store Connect, a supplier, or wait for an admin. */
  "mall.fulfil": { orderId: number };
  /** Refund a mall order whose fulfilment finally failed (the wallet is the server's): order refunded, wallet credited. */
  "mall.refund": { orderId: number };
  /** Re-enqueue paid mall orders nobody is working on (an enqueue lost, a worker killed holding the lease). */
  "mall.sweep": Record<string, never>;
  /** Sign one signing task (a row of signing_tasks): at most one artifact and one charge however often it runs. */
  "signing.sign": { taskId: number; runId: string };
  /** Give back the charge of a task that failed or was cancelled (once; a second run finds it settled). */
  "signing.refund": { taskId: number };
  /** Remove expired signed IPAs and uploads; re-queue tasks whose job was lost; settle refunds left behind. */
  "signing.cleanup": Record<string, never>;
  /**
   * Re-sign one task of a revocation incident (a row of resign_items) on a replacement certificate: lower priority
   * than users' own signings (same queue, BullMQ priority), free, one artifact swap however often it runs.
   */
  "signing.resign": { itemId: number };
  /** Re-enqueue incident items nobody works on (an enqueue lost, a worker killed holding the lease, a warranty wait). */
  "signing.resign-sweep": Record<string, never>;
  /** Re-check every certificate behind a live signed IPA (CERT_WATCH_INTERVAL_MS); a revocation starts repair. */
  "certificates.watch": Record<string, never>;
}
export type JobName = keyof JobPayloads;

export interface HealthResult {
  nonce: string;
  worker: string;
  backend: "postgres" | "redis";
}

export interface JobResults {
  "system.health": HealthResult;
  "email.send": { status: string };
  "housekeeping.auth": Record<string, never>;
  "housekeeping.uploads": { staged: number; icons: number };
  "orders.close-expired": { closed: number };
  "payments.close-expired": { closed: number; credited: number };
  "payments.query-pending": { asked: number; credited: number };
  "certificates.purge-temp": { deleted: number };
  /** The task's status after the run (valid, revoked, expired, error; cancelled; gone when the task was deleted). */
  "certificates.check": { status: string };
  "certificates.detect-batch": { status: string };
  "sources.refresh-due": { enqueued: number };
  "sources.fetch": { outcome: "updated" | "unchanged" | "failed" | "skipped"; apps?: number; errorCode?: string };
  /** The order's status after the run (delivered, fulfilling, waiting, failed; busy when another run holds it). */
  "mall.fulfil": { status: string };
  "mall.refund": { status: string };
  "mall.sweep": { enqueued: number };
  /** The task's status after the run (done, failed, cancelled; gone when it was deleted). */
  "signing.sign": { status: string };
  "signing.refund": { refundedFen: number };
  "signing.cleanup": { artifacts: number; uploads: number; requeued: number; refunded: number };
  /** The item's status after the run (repaired, waiting, failed, no_replacement; busy when another run holds it). */
  "signing.resign": { status: string };
  "signing.resign-sweep": { enqueued: number };
  "certificates.watch": { checks: number; incidents: number };
}

/** Which queue each job runs on. A consumer refuses to start when a job of its queues has no processor. */
export const JOB_QUEUE: { [J in JobName]: QueueName } = {
  "system.health": QUEUES.system,
  "email.send": QUEUES.email,
  "housekeeping.auth": QUEUES.maintenance,
  "housekeeping.uploads": QUEUES.maintenance,
  "orders.close-expired": QUEUES.maintenance,
  "payments.close-expired": QUEUES.maintenance,
  "payments.query-pending": QUEUES.maintenance,
  "certificates.check": QUEUES.certificates,
  "certificates.detect-batch": QUEUES.certificates,
  "certificates.purge-temp": QUEUES.maintenance,
  "sources.refresh-due": QUEUES.maintenance,
  "sources.fetch": QUEUES.maintenance,
  "mall.fulfil": QUEUES.mall,
  "mall.refund": QUEUES.maintenance,
  "mall.sweep": QUEUES.maintenance,
  "signing.sign": QUEUES.signing,
  "signing.refund": QUEUES.maintenance,
  "signing.cleanup": QUEUES.maintenance,
  "signing.resign": QUEUES.signing,
  "signing.resign-sweep": QUEUES.maintenance,
  "certificates.watch": QUEUES.maintenance,
};

/**
 * Jobs run at once per consumer for queues that differ from the consumer's default: status checks wait on OCSP
 * responders (network-bound), so many run at once. The worker's CERT_CHECK_CONCURRENCY overrides it.
 */
export const QUEUE_CONCURRENCY: Partial<Record<QueueName, number>> = { certificates: 16, mall: 8 };

export interface JobSpec<J extends JobName> {
  /** Tries in all (1: never retried). */
  attempts: number;
  backoff?: { type: "exponential" | "fixed"; delay: number };
  /** The processor fails (and may be retried) when it runs longer than this. */
  timeoutMs: number;
  /**
   * De-duplication: jobs with the same id are one job while it exists, so enqueueing twice (a retried request,
   * two instances reacting to one event) runs it once. Only for ids unique for good (a UUID), never a serial id.
   */
  jobId?: (payload: JobPayloads[J]) => string;
  /** How long finished jobs are kept (seconds), for inspection. */
  keepCompletedSeconds: number;
  keepFailedSeconds: number;
  /** Scheduled jobs run every `everyMs`, once per cluster however many instances declare the schedule. */
  everyMs?: number;
  /**
   * BullMQ priority (1 highest … 2,097,152 lowest). Jobs without one are taken before any prioritised job of the
   * queue, so a prioritised job waits while any plain one (a user's signing) does.
   */
  priority?: number;
}

const HOUR = 3600_000;
const MINUTE = 60_000;

export const JOB_SPECS: { [J in JobName]: JobSpec<J> } = {
  // Kept a minute: removed at once, a fast worker could delete it before the caller's waitUntilFinished looks.
  // The nonce is a UUID: the same round trip enqueued twice (a retried request) is one job.
  "system.health": {
    attempts: 1,
    timeoutMs: 10_000,
    jobId: (p) => `health-${p.nonce}`,
    keepCompletedSeconds: 60,
    keepFailedSeconds: 3600,
  },
  "email.send": {
    attempts: 5,
    backoff: { type: "exponential", delay: 2000 },
    timeoutMs: 60_000,
    // No jobId: outbox ids restart with a new database while Redis may keep old jobs; the processor is idempotent.
    keepCompletedSeconds: 24 * 3600,
    keepFailedSeconds: 7 * 24 * 3600,
  },
  "housekeeping.auth": {
    attempts: 3,
    backoff: { type: "exponential", delay: 60_000 },
    timeoutMs: 10 * 60_000,
    keepCompletedSeconds: 24 * 3600,
    keepFailedSeconds: 7 * 24 * 3600,
    everyMs: HOUR,
  },
  "housekeeping.uploads": {
    attempts: 3,
    backoff: { type: "exponential", delay: 60_000 },
    timeoutMs: 30 * 60_000,
    keepCompletedSeconds: 24 * 3600,
    keepFailedSeconds: 7 * 24 * 3600,
    everyMs: HOUR,
  },
  "orders.close-expired": {
    attempts: 3,
    backoff: { type: "fixed", delay: 10_000 },
    timeoutMs: 60_000,
    keepCompletedSeconds: 3600,
    keepFailedSeconds: 7 * 24 * 3600,
    everyMs: 60_000,
  },
  // Every minute: an unpaid order closes within a minute of its 15 minutes; a lost notify is found within a minute.
  "payments.close-expired": {
    attempts: 1,
    timeoutMs: 5 * MINUTE,
    keepCompletedSeconds: 3600,
    keepFailedSeconds: 7 * 24 * 3600,
    everyMs: MINUTE,
  },
  "payments.query-pending": {
    attempts: 1,
    timeoutMs: 5 * MINUTE,
    keepCompletedSeconds: 3600,
    keepFailedSeconds: 7 * 24 * 3600,
    everyMs: MINUTE,
  },
  // Every 10 minutes: an expired temporary certificate leaves the database within 10 minutes (reads hide it at once).
  "certificates.purge-temp": {
    attempts: 3,
    backoff: { type: "fixed", delay: 10_000 },
    timeoutMs: 5 * MINUTE,
    keepCompletedSeconds: 3600,
    keepFailedSeconds: 7 * 24 * 3600,
    everyMs: 10 * MINUTE,
  },
  // No jobId: task ids restart with a new database; the processor is idempotent (a finished task is not run again).
  // The OCSP request itself times out after 10 s, so a run fits well within a minute.
  "certificates.check": {
    attempts: 3,
    backoff: { type: "exponential", delay: 2000 },
    timeoutMs: MINUTE,
    keepCompletedSeconds: 600,
    keepFailedSeconds: 7 * 24 * 3600,
  },
  "certificates.detect-batch": {
    attempts: 3,
    backoff: { type: "fixed", delay: 5000 },
    timeoutMs: MINUTE,
    keepCompletedSeconds: 24 * 3600,
    keepFailedSeconds: 7 * 24 * 3600,
  },
  "sources.refresh-due": {
    attempts: 1,
    timeoutMs: MINUTE,
    keepCompletedSeconds: 3600,
    keepFailedSeconds: 7 * 24 * 3600,
    everyMs: MINUTE,
  },
  // No jobId (source ids are serial): the fetch takes a lease on the source row, so a duplicate run is a no-op, and a
  // fetch failure is recorded on the source (the job itself succeeds), so only a crash is retried.
  "sources.fetch": {
    attempts: 2,
    backoff: { type: "fixed", delay: 30_000 },
    timeoutMs: 2 * MINUTE,
    keepCompletedSeconds: 3600,
    keepFailedSeconds: 7 * 24 * 3600,
  },
  // No jobId (order ids are serial): the run takes a lease on the order row, so a duplicate is a no-op. Transient
  // failures (429, 5xx, timeouts) throw and are retried: 2, 4, 8, 16, 32 s; the last attempt refunds.
  "mall.fulfil": {
    attempts: 6,
    backoff: { type: "exponential", delay: 2000 },
    timeoutMs: 90_000,
    keepCompletedSeconds: 24 * 3600,
    keepFailedSeconds: 7 * 24 * 3600,
  },
  "mall.refund": {
    attempts: 5,
    backoff: { type: "exponential", delay: 5000 },
    timeoutMs: MINUTE,
    keepCompletedSeconds: 24 * 3600,
    keepFailedSeconds: 7 * 24 * 3600,
  },
  "mall.sweep": {
    attempts: 1,
    timeoutMs: MINUTE,
    keepCompletedSeconds: 3600,
    keepFailedSeconds: 7 * 24 * 3600,
    everyMs: MINUTE,
  },
  // The job id is the task's run id (a UUID; a retry is a new run), so a second enqueue of one run is one job. Transient failures (I/O, database) are retried with back-off; bad input fails at once (UnrecoverableError).
  // The processor enforces the task's own timeout (SIGNING_TIMEOUT_MS) and stops promptly on cancel.
  "signing.sign": {
    attempts: 4,
    backoff: { type: "exponential", delay: 3000 },
    timeoutMs: 60 * MINUTE,
    jobId: (p) => `sign-${p.runId}`,
    keepCompletedSeconds: 3600,
    keepFailedSeconds: 7 * 24 * 3600,
  },
  "signing.refund": {
    attempts: 5,
    backoff: { type: "exponential", delay: 5000 },
    timeoutMs: MINUTE,
    keepCompletedSeconds: 3600,
    keepFailedSeconds: 7 * 24 * 3600,
  },
  "signing.cleanup": {
    attempts: 2,
    backoff: { type: "fixed", delay: 60_000 },
    timeoutMs: 30 * MINUTE,
    keepCompletedSeconds: 24 * 3600,
    keepFailedSeconds: 7 * 24 * 3600,
    everyMs: 5 * MINUTE,
  },
  // No jobId (item ids are serial): the run takes a lease on the item row, so a duplicate does nothing. Behind every
  // user's signing on the same queue (priority); transient failures are retried, the last attempt fails the item.
  "signing.resign": {
    attempts: 4,
    backoff: { type: "exponential", delay: 3000 },
    timeoutMs: 60 * MINUTE,
    keepCompletedSeconds: 3600,
    keepFailedSeconds: 7 * 24 * 3600,
    priority: 100,
  },
  "signing.resign-sweep": {
    attempts: 1,
    timeoutMs: 5 * MINUTE,
    keepCompletedSeconds: 3600,
    keepFailedSeconds: 7 * 24 * 3600,
    everyMs: MINUTE,
  },
  // Every 30 minutes by default; the server's CERT_WATCH_INTERVAL_MS overrides the schedule.
  "certificates.watch": {
    attempts: 1,
    timeoutMs: 10 * MINUTE,
    keepCompletedSeconds: 3600,
    keepFailedSeconds: 7 * 24 * 3600,
    everyMs: 30 * MINUTE,
  },
};

/** The jobs of one queue. */
export function jobsOf(queue: QueueName): JobName[] {
  return (Object.keys(JOB_QUEUE) as JobName[]).filter((j) => JOB_QUEUE[j] === queue);
}

/** BullMQ options for one job of the contract (`bullmq`'s JobsOptions, spelled out so contracts needs no bullmq). */
export function jobOptions<J extends JobName>(name: J, payload: JobPayloads[J]) {
  const spec = JOB_SPECS[name] as JobSpec<J>;
  return {
    attempts: spec.attempts,
    ...(spec.backoff ? { backoff: spec.backoff } : {}),
    ...(spec.jobId ? { jobId: spec.jobId(payload) } : {}),
    ...(spec.priority ? { priority: spec.priority } : {}),
    removeOnComplete: { age: spec.keepCompletedSeconds, count: 1000 },
    removeOnFail: { age: spec.keepFailedSeconds },
  };
}
