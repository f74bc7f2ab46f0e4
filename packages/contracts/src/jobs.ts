/**
 * The contract between the server (which enqueues) and the worker (which processes): queue names, job names
 * and payload types. Payloads carry ids, never whole objects.
 */
export const QUEUES = {
  system: "system",
  email: "email",
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export interface JobPayloads {
  /** Start-up round trip: the worker echoes the nonce back as the job's result. */
  "system.health": { nonce: string };
  /** Deliver one row of email_outbox. */
  "email.send": { outboxId: number };
}
export type JobName = keyof JobPayloads;

/** Which queue each job runs on. The worker refuses to start when a job here has no processor. */
export const JOB_QUEUE: { [J in JobName]: QueueName } = {
  "system.health": QUEUES.system,
  "email.send": QUEUES.email,
};

export interface HealthResult {
  nonce: string;
  worker: string;
  backend: "postgres" | "redis";
}
