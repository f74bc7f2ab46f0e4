import { MINUTE, QUEUES, type JobDefs } from "@gryx/contracts/jobs";

declare module "@gryx/contracts/jobs" {
  interface JobPayloads {
    /** Close recharge orders unpaid for 15 minutes (each asked at its gateway once more first). */
    "payments.close-expired": Record<string, never>;
    /** Ask the gateways (EPay order query) about recharge orders still pending, crediting those paid. */
    "payments.query-pending": Record<string, never>;
  }
  interface JobResults {
    "payments.close-expired": { closed: number; credited: number };
    "payments.query-pending": { asked: number; credited: number };
  }
}

/** Its jobs, run on the server's maintenance queue (processors in index.ts). */
export const PAYMENTS_JOBS = {
  // Every minute: an unpaid order closes within a minute of its 15 minutes; a lost notify is found within a minute.
  "payments.close-expired": {
    queue: QUEUES.maintenance,
    attempts: 1,
    timeoutMs: 5 * MINUTE,
    keepCompletedSeconds: 3600,
    keepFailedSeconds: 7 * 24 * 3600,
    everyMs: MINUTE,
  },
  "payments.query-pending": {
    queue: QUEUES.maintenance,
    attempts: 1,
    timeoutMs: 5 * MINUTE,
    keepCompletedSeconds: 3600,
    keepFailedSeconds: 7 * 24 * 3600,
    everyMs: MINUTE,
  },
} satisfies JobDefs;
