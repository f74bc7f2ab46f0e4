import { MINUTE, QUEUES, type JobDefs } from "@gryx/contracts/jobs";

declare module "@gryx/contracts/jobs" {
  interface JobPayloads {
    /** Delete temporary certificates (and so their sealed p12s) whose time is up. */
    "certificates.purge-temp": Record<string, never>;
  }
  interface JobResults {
    "certificates.purge-temp": { deleted: number };
  }
}

/** Its jobs, run on the server's maintenance queue (processors in index.ts). */
export const CERTIFICATES_JOBS = {
  // Every 10 minutes: an expired temporary certificate leaves the database within 10 minutes (reads hide it at once).
  "certificates.purge-temp": {
    queue: QUEUES.maintenance,
    attempts: 3,
    backoff: { type: "fixed", delay: 10_000 },
    timeoutMs: 5 * MINUTE,
    keepCompletedSeconds: 3600,
    keepFailedSeconds: 7 * 24 * 3600,
    everyMs: 10 * MINUTE,
  },
} satisfies JobDefs;
