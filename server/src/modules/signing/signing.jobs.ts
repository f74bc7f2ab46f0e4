import { MINUTE, QUEUES, type JobDefs } from "@gryx/contracts/jobs";

declare module "@gryx/contracts/jobs" {
  interface JobPayloads {
    /** Remove expired signed IPAs and uploads; re-queue tasks whose job was lost; settle refunds left behind. */
    "signing.cleanup": Record<string, never>;
  }
  interface JobResults {
    "signing.cleanup": { artifacts: number; uploads: number; requeued: number; refunded: number };
  }
}

/** Its jobs, run on the server's maintenance queue (processors in index.ts). */
export const SIGNING_JOBS = {
  "signing.cleanup": {
    queue: QUEUES.maintenance,
    attempts: 2,
    backoff: { type: "fixed", delay: 60_000 },
    timeoutMs: 30 * MINUTE,
    keepCompletedSeconds: 24 * 3600,
    keepFailedSeconds: 7 * 24 * 3600,
    everyMs: 5 * MINUTE,
  },
} satisfies JobDefs;
