import { HOUR, QUEUES, type JobDefs } from "@gryx/contracts/jobs";

declare module "@gryx/contracts/jobs" {
  interface JobPayloads {
    /** Remove staged uploads nobody claimed and icons nothing points at. */
    "housekeeping.uploads": Record<string, never>;
  }
  interface JobResults {
    "housekeeping.uploads": { staged: number; icons: number };
  }
}

/** Its jobs, run on the server's maintenance queue (processors in index.ts). */
export const APPS_JOBS = {
  "housekeeping.uploads": {
    queue: QUEUES.maintenance,
    attempts: 3,
    backoff: { type: "exponential", delay: 60_000 },
    timeoutMs: 30 * 60_000,
    keepCompletedSeconds: 24 * 3600,
    keepFailedSeconds: 7 * 24 * 3600,
    everyMs: HOUR,
  },
} satisfies JobDefs;
