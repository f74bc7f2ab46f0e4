/**
 * Event topics and their payload types: the contract between whoever publishes (server instances, workers) and
 * whoever delivers (every server instance, to its own GraphQL subscribers and sockets). Payloads are plain JSON.
 */

/** A user as the admin's live user list shows it (dates travel as ISO strings). */
export interface UserEventPayload {
  id: number;
  username: string;
  email: string | null;
  role: string;
  permissions: string[];
  disabled: boolean;
  createdAt: string;
  lastLoginAt: string | null;
}

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

/** A wallet after one committed change: the owner's pages show the new balance at once. */
export interface WalletChangedPayload {
  userId: number;
  /** The balance after the change, in fen. */
  balanceFen: number;
  /** The ledger type of the change (recharge, purchase, refund, admin_adjust...). */
  type: string;
  /** Signed, in fen. */
  amountFen: number;
  orderNo: string | null;
  /** ISO time of the change. */
  at: string;
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

/** A customer-service message as every reader shows it (dates as ISO strings). */
export interface CsMessagePayload {
  id: string;
  sessionId: string;
  senderType: "user" | "admin" | "system";
  senderName: string;
  messageType: "text" | "image" | "order" | "certificate";
  content: string;
  imageUrl: string | null;
  extraData: Record<string, unknown> | null;
  createdAt: string;
}

/** A customer-service session's summary after a change (the admin console's list row). */
export interface CsSessionPayload {
  sessionId: string;
  userId: number | null;
  username: string | null;
  status: "open" | "closed";
  unreadUser: number;
  unreadAdmin: number;
  messageCount: number;
  lastMessageAt: string | null;
  lastMessagePreview: string;
  lastSenderType: string | null;
  createdAt: string;
  /** Moves with every change a reader must see (the poll's ETag). */
  version: number;
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

export interface EventPayloads {
  /** A new account (registration or admin creation). Published by the server. */
  "user.registered": UserEventPayload;
  /**
   * Sessions that ended (logout, password change, account disabled, admin demoted). Every server instance closes
   * the sockets opened with them. `userId` alone means every session of that user except `keepSessionId`.
   */
  "session.revoked": { sessionIds?: string[]; userId?: number; keepSessionId?: string | null };
  /** A worker is alive (sent on start, every few seconds, after each health job, and once when it stops). */
  "worker.heartbeat": WorkerHeartbeat;
  /** A wallet's balance changed (published by the server after the transaction committed). */
  "wallet.changed": WalletChangedPayload;
  /**
   * A certificate check finished (the worker publishes it for every single check, and for a batch's checks only
   * when the certificate is revoked). The owner's pages follow it through `certificateChecked`.
   */
  "certificates.checked": CertificateCheckedPayload;
  /** A detection batch moved (checks finished, at most a few per second; cancelled; closed). Readers re-read the counts. */
  "certificates.detection-progress": { batchId: number };
  /**
   * A customer-service session changed: a new message (`message` set), a read mark, a close or reopen. The session's
   * subscribers get the message; admins' console gets every change.
   */
  "customer-service.changed": { session: CsSessionPayload; message: CsMessagePayload | null };
  /** A mall order moved (server: paid, refunded, manual delivery; worker: fulfilling, delivered, failed). */
  "mall.order-changed": MallOrderChangedPayload;
  /** A signing task moved; its owner's pages (signingTaskUpdated) re-read it. At most a few per second per task. */
  "signing.task-updated": SigningTaskPayload;
  /** A revocation incident moved (opened, a task repaired or given up, retried). /admin/cert-tasks re-reads it. */
  "signing.resign-progress": { incidentId: number };
}
export type EventTopic = keyof EventPayloads;

/** Every topic, for backends that listen to all of them. */
export const EVENT_TOPICS: readonly EventTopic[] = [
  "user.registered",
  "session.revoked",
  "worker.heartbeat",
  "wallet.changed",
  "certificates.checked",
  "certificates.detection-progress",
  "customer-service.changed",
  "mall.order-changed",
  "signing.task-updated",
  "signing.resign-progress",
];

/** How often a worker sends its heartbeat (by default). */
export const WORKER_HEARTBEAT_MS = 10_000;
/** A worker is gone after this many of its intervals without a heartbeat (and never sooner than WORKER_STALE_MIN_MS). */
export const WORKER_STALE_INTERVALS = 3.5;
export const WORKER_STALE_MIN_MS = 35_000;
