import { MINUTE, QUEUES, type JobDefs } from "@gryx/contracts/jobs";

declare module "@gryx/contracts/jobs" {
  interface JobPayloads {
    /** Re-enqueue incident items nobody works on (an enqueue lost, a worker killed holding the lease, a warranty wait). */
    "signing.resign-sweep": Record<string, never>;
    /** Re-check every certificate behind a live signed IPA (CERT_WATCH_INTERVAL_MS); a revocation starts repair. */
    "certificates.watch": Record<string, never>;
  }
  interface JobResults {
    "signing.resign-sweep": { enqueued: number };
    "certificates.watch": { checks: number; incidents: number };
  }
}

/** Its jobs, run on the server's maintenance queue (processors in index.ts). */
export const RESIGN_JOBS = {
  "signing.resign-sweep": {
    queue: QUEUES.maintenance,
    attempts: 1,
    timeoutMs: 5 * MINUTE,
    keepCompletedSeconds: 3600,
    keepFailedSeconds: 7 * 24 * 3600,
    everyMs: MINUTE,
  },
  // Every 30 minutes by default; the server's CERT_WATCH_INTERVAL_MS overrides the schedule (jobs/maintenance.ts).
  "certificates.watch": {
    queue: QUEUES.maintenance,
    attempts: 1,
    timeoutMs: 10 * MINUTE,
    keepCompletedSeconds: 3600,
    keepFailedSeconds: 7 * 24 * 3600,
    everyMs: 30 * MINUTE,
  },
} satisfies JobDefs;
