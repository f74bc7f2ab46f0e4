import { QUEUES, type JobDefs } from "@gryx/contracts/jobs";

declare module "@gryx/contracts/jobs" {
  interface JobPayloads {
    /** Close orders still unpaid 15 minutes after they were created. */
    "orders.close-expired": Record<string, never>;
  }
  interface JobResults {
    "orders.close-expired": { closed: number };
  }
}

/** Its jobs, run on the server's maintenance queue (processors in index.ts). */
export const WALLET_JOBS = {
  "orders.close-expired": {
    queue: QUEUES.maintenance,
    attempts: 3,
    backoff: { type: "fixed", delay: 10_000 },
    timeoutMs: 60_000,
    keepCompletedSeconds: 3600,
    keepFailedSeconds: 7 * 24 * 3600,
    everyMs: 60_000,
  },
} satisfies JobDefs;
