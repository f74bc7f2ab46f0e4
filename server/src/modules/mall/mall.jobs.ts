import { MINUTE, QUEUES, type JobDefs } from "@gryx/contracts/jobs";

declare module "@gryx/contracts/jobs" {
  interface JobPayloads {
    /** Re-enqueue paid mall orders nobody is working on (an enqueue lost, a worker killed holding the lease). */
    "mall.sweep": Record<string, never>;
  }
  interface JobResults {
    "mall.sweep": { enqueued: number };
  }
}

/** Its jobs, run on the server's maintenance queue (processors in index.ts). */
export const MALL_JOBS = {
  "mall.sweep": {
    queue: QUEUES.maintenance,
    attempts: 1,
    timeoutMs: MINUTE,
    keepCompletedSeconds: 3600,
    keepFailedSeconds: 7 * 24 * 3600,
    everyMs: MINUTE,
  },
} satisfies JobDefs;
