import { HOUR, QUEUES, type JobDefs } from "@gryx/contracts/jobs";

declare module "@gryx/contracts/jobs" {
  interface JobPayloads {
    /** Drop expired rate-limit windows, long-ended sessions, old reset codes and stale trusted addresses. */
    "housekeeping.auth": Record<string, never>;
  }
  interface JobResults {
    "housekeeping.auth": Record<string, never>;
  }
}

/** Its jobs, run on the server's maintenance queue (processors in index.ts). */
export const AUTH_JOBS = {
  "housekeeping.auth": {
    queue: QUEUES.maintenance,
    attempts: 3,
    backoff: { type: "exponential", delay: 60_000 },
    timeoutMs: 10 * 60_000,
    keepCompletedSeconds: 24 * 3600,
    keepFailedSeconds: 7 * 24 * 3600,
    everyMs: HOUR,
  },
} satisfies JobDefs;
