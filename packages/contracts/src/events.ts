/**
 * Event topics and their payload types: the contract between whoever publishes (server instances, workers) and
 * whoever delivers (every server instance, to its own GraphQL subscribers and sockets). Payloads are plain JSON.
 */

/** One worker process as its heartbeat describes it. */
export interface WorkerHeartbeat {
  /** host:pid, unique per worker process. */
  worker: string;
  backend: "postgres" | "redis";
  queues: string[];
  startedAt: string;
  /** How often it sends one. */
  intervalMs: number;
  /** When this heartbeat was sent. */
  at: string;
  /** False in the last heartbeat of a worker shutting down. */
  running: boolean;
}

/** A certificate status check finished (published by the worker). */
export interface CertificateCheckedPayload {
  taskId: number;
  certificateId: number;
  /** The certificate's owner (null for a platform certificate). */
  userId: number | null;
  status: string;
  reason: string | null;
  batchId: number | null;
  /** ISO time. */
  checkedAt: string;
}

/** A certificate-mall order moved (paid, fulfilling, delivered, failed, refunded, waiting for an admin). */
export interface MallOrderChangedPayload {
  orderId: number;
  orderNo: string;
  userId: number | null;
  status: string;
  at: string;
}

/** A signing task moved (status, stage, progress; published by the server and the worker). */
export interface SigningTaskPayload {
  taskId: number;
  userId: number;
  status: "queued" | "running" | "done" | "failed" | "cancelled" | "deleted";
  stage: string;
  progress: number;
}

/**
 * Payload types of every topic. The topics here are the ones two processes share (the worker publishes them, or
 * the server's infrastructure reads them); a topic only the server's domains use is declared by its domain
 * (server/src/modules/<domain>: its manifest's `events`, and a `declare module "@gryx/contracts/events"` block adding
 * its payload here).
 */
export interface EventPayloads {
  /**
   * Sessions that ended (logout, password change, account disabled, admin demoted). Every server instance closes
   * the sockets opened with them. `userId` alone means every session of that user except `keepSessionId`.
   */
  "session.revoked": { sessionIds?: string[]; userId?: number; keepSessionId?: string | null };
  /** A worker is alive (sent on start, every few seconds, after each health job, and once when it stops). */
  "worker.heartbeat": WorkerHeartbeat;
  /**
   * A certificate check finished (the worker publishes it for every single check, and for a batch's checks only
   * when the certificate is revoked). The owner's pages follow it through `certificateChecked`.
   */
  "certificates.checked": CertificateCheckedPayload;
  /** A detection batch moved (checks finished, at most a few per second; cancelled; closed). Readers re-read the counts. */
  "certificates.detection-progress": { batchId: number };
  /** A mall order moved (server: paid, refunded, manual delivery; worker: fulfilling, delivered, failed). */
  "mall.order-changed": MallOrderChangedPayload;
  /** A signing task moved; its owner's pages (signingTaskUpdated) re-read it. At most a few per second per task. */
  "signing.task-updated": SigningTaskPayload;
  /** A local → S3 migration moved (a few times a second at most, and when it ends). Readers re-read the row. */
  "storage.migration-progress": { migrationId: number };
  /** The object store's settings were saved on /admin/storage: every server and worker re-reads them and switches. */
  "storage.settings-changed": { at: string };
}
export type EventTopic = keyof EventPayloads;

/** Every topic (filled further by `registerEventTopics`): GraphQL subscriptions accept only these. */
export const EVENT_TOPICS: EventTopic[] = [
  "session.revoked",
  "worker.heartbeat",
  "certificates.checked",
  "certificates.detection-progress",
  "mall.order-changed",
  "signing.task-updated",
  "storage.migration-progress",
  "storage.settings-changed",
];

/** Adds topics a domain declares (the server's domain list does this for every manifest's `events`). */
export function registerEventTopics(topics: readonly EventTopic[]): void {
  for (const t of topics) if (!EVENT_TOPICS.includes(t)) EVENT_TOPICS.push(t);
}

/** How often a worker sends its heartbeat (by default). */
export const WORKER_HEARTBEAT_MS = 10_000;
/** A worker is gone after this many of its intervals without a heartbeat (and never sooner than WORKER_STALE_MIN_MS). */
export const WORKER_STALE_INTERVALS = 3.5;
export const WORKER_STALE_MIN_MS = 35_000;
