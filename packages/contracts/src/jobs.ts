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
  /** Moving stored files from local disk to the object store (one run at a time). */
  storage: "storage",
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** Who consumes each queue. The worker consumes every queue but these. */
export const SERVER_QUEUES: readonly QueueName[] = [QUEUES.maintenance];

/**
 * Payload and result types of every job, by name. The jobs here are the ones two processes share (the worker runs or
 * enqueues them); a job only the server runs is declared by its domain (server/src/modules/<domain>: its manifest's
 * `jobs`, and a `declare module "@gryx/contracts/jobs"` block adding its payload and result here).
 */
export interface JobPayloads {
  /** Round trip: the worker echoes the nonce back as the job's result (and sends a heartbeat). */
  "system.health": { nonce: string };
  /** Deliver one row of email_outbox. */
  "email.send": { outboxId: number };
  /** Run one certificate status check task (a row of certificate_checks): OCSP + profile checks, result stored. */
  "certificates.check": { taskId: number };
  /**
   * A part of a detection batch (a child of its flow): up to DETECTION_PART_SIZE of its check tasks, run with bounded
   * concurrency (the worker's CERT_CHECK_CONCURRENCY, for all parts at once) and stored many rows per statement.
   */
  "certificates.check-part": { batchId: number; taskIds: number[] };
  /** A detection batch's parent job: runs once every child part finished; closes the batch. */
  "certificates.detect-batch": { batchId: number };
  /** Fulfil one paid certificate-mall order (a row of mall_orders): App Store Connect, a supplier, or wait for an admin. */
  "mall.fulfil": { orderId: number };
  /** Refund a mall order whose fulfilment finally failed (the wallet is the server's): order refunded, wallet credited. */
  "mall.refund": { orderId: number };
  /** Sign one signing task (a row of signing_tasks): at most one artifact and one charge however often it runs. */
  "signing.sign": { taskId: number; runId: string };
  /** Give back the charge of a task that failed or was cancelled (once; a second run finds it settled). */
  "signing.refund": { taskId: number };
  /**
   * Re-sign one task of a revocation incident (a row of resign_items) on a replacement certificate: lower priority
   * than users' own signings (same queue, BullMQ priority), free, one artifact swap however often it runs.
   */
  "signing.resign": { itemId: number };
  /**
   * Move every object of the local disk (STORAGE_DIR) into the S3 store (a row of storage_migrations), each one's size
   * and SHA-256 checked against the S3 copy before the local file is removed. `runId` is the row's current run.
   */
  "storage.migrate": { migrationId: number; runId: string };
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
  /** The task's status after the run (valid, revoked, expired, error; cancelled; gone when the task was deleted). */
  "certificates.check": { status: string };
  /** How many of the part's tasks this run finished (a rerun finds those finished and skips them). */
  "certificates.check-part": { checked: number };
  "certificates.detect-batch": { status: string };
  /** The order's status after the run (delivered, fulfilling, waiting, failed; busy when another run holds it). */
  "mall.fulfil": { status: string };
  "mall.refund": { status: string };
  /** The task's status after the run (done, failed, cancelled; gone when it was deleted). */
  "signing.sign": { status: string };
  "signing.refund": { refundedFen: number };
  /** The item's status after the run (repaired, waiting, failed, none; busy when another run holds it). */
  "signing.resign": { status: string };
  /** The migration's status after the run (done; superseded when another run took it over; gone). */
  "storage.migrate": { status: string };
}

/**
 * Which queue each job runs on. A consumer refuses to start when a job of its queues has no processor. Filled further
 * by `registerJobs` (the server's domains).
 */
export const JOB_QUEUE: { [J in JobName]: QueueName } = {
  "system.health": QUEUES.system,
  "email.send": QUEUES.email,
  "certificates.check": QUEUES.certificates,
  "certificates.check-part": QUEUES.certificates,
  "certificates.detect-batch": QUEUES.certificates,
  "mall.fulfil": QUEUES.mall,
  "mall.refund": QUEUES.maintenance,
  "signing.sign": QUEUES.signing,
  "signing.refund": QUEUES.maintenance,
  "signing.resign": QUEUES.signing,
  "storage.migrate": QUEUES.storage,
};

/**
 * Jobs run at once per consumer for queues that differ from the consumer's default: status checks wait on OCSP
 * responders (network-bound), so many run at once. The worker's CERT_CHECK_CONCURRENCY overrides it.
 */
export const QUEUE_CONCURRENCY: Partial<Record<QueueName, number>> = { certificates: 16, mall: 8 };

/** Check tasks per part of a detection batch (one `certificates.check-part` job each). */
export const DETECTION_PART_SIZE = 200;
/** A part's priority: behind single checks (users waiting on an answer) on the same queue. */
const DETECTION_PART_PRIORITY = 10;

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

export const HOUR = 3600_000;
export const MINUTE = 60_000;

/** Each job's options (filled further by `registerJobs`). */
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
  // No jobId: task ids restart with a new database; the processor is idempotent (a finished task is not run again).
  // The OCSP request itself times out after 10 s, so a run fits well within a minute.
  "certificates.check": {
    attempts: 3,
    backoff: { type: "exponential", delay: 2000 },
    timeoutMs: MINUTE,
    keepCompletedSeconds: 600,
    keepFailedSeconds: 7 * 24 * 3600,
  },
  // A part stores its results as it goes (tens of rows per statement), so a retry only runs the tasks still open. Its
  // timeout allows a slow responder (10 s per request) at the concurrency it shares with the other parts.
  "certificates.check-part": {
    attempts: 3,
    backoff: { type: "exponential", delay: 2000 },
    timeoutMs: 30 * MINUTE,
    keepCompletedSeconds: 600,
    priority: DETECTION_PART_PRIORITY,
    keepFailedSeconds: 7 * 24 * 3600,
  },
  "certificates.detect-batch": {
    attempts: 3,
    backoff: { type: "fixed", delay: 5000 },
    timeoutMs: MINUTE,
    keepCompletedSeconds: 24 * 3600,
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
  // The job id is the run id (a UUID): the same run enqueued twice is one job. A run killed with its worker is handed
  // out again by BullMQ's stalled-job check and picks up where the disk says it is (what is left there); a store that
  // fails is retried with back-off (30 s, 60 s, 2 min...).
  "storage.migrate": {
    attempts: 6,
    backoff: { type: "exponential", delay: 30_000 },
    timeoutMs: 12 * HOUR,
    jobId: (p) => `storage-migrate-${p.runId}`,
    keepCompletedSeconds: 24 * 3600,
    keepFailedSeconds: 7 * 24 * 3600,
  },
};

/** A job as a domain declares it: its options and its queue. */
export type JobDef<J extends JobName> = JobSpec<J> & { queue: QueueName };
export type JobDefs = { [J in JobName]?: JobDef<J> };

/**
 * Adds jobs a domain declares (the server's domain list does this for every manifest's `jobs`). The same definition
 * again does nothing; a name already defined otherwise throws.
 */
export function registerJobs(defs: JobDefs): void {
  for (const [name, def] of Object.entries(defs) as [JobName, JobDef<JobName>][]) {
    if (REGISTERED.get(name) === def) continue;
    if (name in JOB_SPECS) throw new Error(`job ${name} defined twice`);
    const { queue, ...spec } = def;
    REGISTERED.set(name, def);
    (JOB_SPECS as Record<string, JobSpec<JobName>>)[name] = spec;
    (JOB_QUEUE as Record<string, QueueName>)[name] = queue;
  }
}
const REGISTERED = new Map<string, object>();

/** The jobs of one queue. */
export function jobsOf(queue: QueueName): JobName[] {
  return (Object.keys(JOB_QUEUE) as JobName[]).filter((j) => JOB_QUEUE[j] === queue);
}

/**
 * BullMQ options for one job of the contract (`bullmq`'s JobsOptions, spelled out so contracts needs no bullmq).
 * `retryDelayPercent` scales the back-off between tries (JOB_RETRY_DELAY_PERCENT of server and worker, 100 unless a
 * test shortens the waits; the number of tries does not change).
 */
export function jobOptions<J extends JobName>(name: J, payload: JobPayloads[J], retryDelayPercent = 100) {
  const spec = JOB_SPECS[name] as JobSpec<J>;
  return {
    attempts: spec.attempts,
    ...(spec.backoff
      ? {
          backoff: {
            ...spec.backoff,
            delay: Math.max(1, Math.round((spec.backoff.delay * retryDelayPercent) / 100)),
          },
        }
      : {}),
    ...(spec.jobId ? { jobId: spec.jobId(payload) } : {}),
    ...(spec.priority ? { priority: spec.priority } : {}),
    removeOnComplete: { age: spec.keepCompletedSeconds, count: 1000 },
    removeOnFail: { age: spec.keepFailedSeconds },
  };
}
