import { MINUTE, QUEUES, type JobDefs } from "@gryx/contracts/jobs";

declare module "@gryx/contracts/jobs" {
  interface JobPayloads {
    /** Enqueue a `sources.fetch` for every enabled software source whose refresh interval has passed. */
    "sources.refresh-due": Record<string, never>;
    /** Download, parse and index one software source (a second run while one holds the source's lease does nothing). */
    "sources.fetch": { sourceId: number };
  }
  interface JobResults {
    "sources.refresh-due": { enqueued: number };
    "sources.fetch": { outcome: "updated" | "unchanged" | "failed" | "skipped"; apps?: number; errorCode?: string };
  }
}

/** Its jobs, run on the server's maintenance queue (processors in index.ts). */
export const SOFTWARE_SOURCES_JOBS = {
  "sources.refresh-due": {
    queue: QUEUES.maintenance,
    attempts: 1,
    timeoutMs: MINUTE,
    keepCompletedSeconds: 3600,
    keepFailedSeconds: 7 * 24 * 3600,
    everyMs: MINUTE,
  },
  // No jobId (source ids are serial): the fetch takes a lease on the source row, so a duplicate run is a no-op, and a
  // fetch failure is recorded on the source (the job itself succeeds), so only a crash is retried.
  "sources.fetch": {
    queue: QUEUES.maintenance,
    attempts: 2,
    backoff: { type: "fixed", delay: 30_000 },
    timeoutMs: 2 * MINUTE,
    keepCompletedSeconds: 3600,
    keepFailedSeconds: 7 * 24 * 3600,
  },
} satisfies JobDefs;
