import { UnrecoverableError, type Job, type Worker } from "bullmq";
import {
  JOB_QUEUE,
  JOB_SPECS,
  jobOptions,
  jobsOf,
  type JobName,
  type JobPayloads,
  type JobResults,
  type QueueName,
} from "@gryx/contracts";
import type { QueueConnection } from "./queue-backend";

/** What a processor gets besides its context: a signal aborted when the job's timeout (JOB_SPECS) passes. */
export interface JobRun {
  signal: AbortSignal;
}

export type JobProcessor<J extends JobName, C> = (job: Job<JobPayloads[J]>, ctx: C & JobRun) => Promise<JobResults[J]>;
export type JobProcessors<C> = { [J in JobName]?: JobProcessor<J, C> };

export class JobTimeoutError extends Error {}

/**
 * Starts one BullMQ Worker per queue, dispatching each job by name to its processor with the job's timeout.
 * Refuses to start when a job of these queues has no processor. Declares the scheduled jobs of these queues
 * (`everyMs`): a scheduler is one per cluster, however many processes declare it, so each run happens once.
 */
export async function consumeQueues<C extends object>(opts: {
  connection: QueueConnection;
  queues: readonly QueueName[];
  processors: JobProcessors<C>;
  context: C;
  concurrency: number;
  /** Per-queue concurrency where it differs from `concurrency`. */
  concurrencyFor?: Partial<Record<QueueName, number>>;
  /** Schedules (ms) that differ from JOB_SPECS `everyMs` (an operator's setting, e.g. CERT_WATCH_INTERVAL_MS). */
  everyMsFor?: Partial<Record<JobName, number>>;
  /** A running job's lock (BullMQ lockDuration) and the stalled-job check's interval; BullMQ's 30 s when unset. */
  lockMs?: number;
  log: (message: string) => void;
}): Promise<Worker[]> {
  const { connection, queues, processors, context } = opts;
  const missing = queues.flatMap(jobsOf).filter((name) => typeof processors[name] !== "function");
  if (missing.length) throw new Error(`no processor for job(s): ${missing.join(", ")}`);

  for (const queue of queues) {
    const scheduled = jobsOf(queue).filter((name) => JOB_SPECS[name].everyMs);
    if (!scheduled.length) continue;
    const q = connection.queue(queue);
    for (const name of scheduled) {
      const { jobId: _none, ...template } = jobOptions(name, {} as never) as ReturnType<typeof jobOptions> & {
        jobId?: string;
      };
      const every = opts.everyMsFor?.[name] ?? JOB_SPECS[name].everyMs!;
      await q.upsertJobScheduler(name, { every }, { name, data: {}, opts: template });
    }
  }

  const workers = queues.map((queue) =>
    connection.worker(
      queue,
      async (job: Job) => {
        const name = job.name as JobName;
        const processor = processors[name] as JobProcessor<JobName, C> | undefined;
        if (!processor || JOB_QUEUE[name] !== queue)
          throw new UnrecoverableError(`unknown job ${job.name} on ${queue}`);
        return runWithTimeout(JOB_SPECS[name].timeoutMs, (signal) => processor(job, { ...context, signal }));
      },
      {
        concurrency: opts.concurrencyFor?.[queue] ?? opts.concurrency,
        ...(opts.lockMs ? { lockDuration: opts.lockMs, stalledInterval: opts.lockMs } : {}),
      },
    ),
  );
  for (const w of workers) w.on("failed", (job, err) => opts.log(`job ${job?.name}#${job?.id} failed: ${err.message}`));
  await Promise.all(workers.map((w) => w.waitUntilReady()));
  return workers;
}

/** Runs `fn`, failing with JobTimeoutError (and aborting its signal) once `ms` pass. */
export async function runWithTimeout<T>(ms: number, fn: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const ac = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const err = new JobTimeoutError(`timed out after ${ms} ms`);
      ac.abort(err);
      reject(err);
    }, ms);
  });
  try {
    return await Promise.race([fn(ac.signal), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
