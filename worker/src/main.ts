import { Pool } from "pg";
import { UnrecoverableError, type Job } from "bullmq";
import { connectQueues } from "@gryx/platform";
import { JOB_QUEUE, type JobName, type QueueName } from "@gryx/contracts";
import type { WorkerContext } from "./context";
import { PROCESSORS } from "./processors";

/** Starts one BullMQ Worker per queue; jobs are dispatched by name to their processor. */
export async function startWorker(env: NodeJS.ProcessEnv = process.env) {
  const databaseUrl = env.DATABASE_URL;
  if (!databaseUrl) throw new Error("DATABASE_URL is required");
  const missing = (Object.keys(JOB_QUEUE) as JobName[]).filter((name) => typeof PROCESSORS[name] !== "function");
  if (missing.length) throw new Error(`no processor for job(s): ${missing.join(", ")}`);

  const pool = new Pool({ connectionString: databaseUrl, max: 4 });
  const connection = connectQueues({ databaseUrl, redisUrl: env.REDIS_URL || undefined, prefix: env.QUEUE_PREFIX || undefined });
  const ctx: WorkerContext = {
    db: pool,
    queueKind: connection.kind,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? "no-reply@localhost",
    log: (m) => console.log(`[worker] ${m}`),
  };
  const queues = [...new Set(Object.values(JOB_QUEUE))] as QueueName[];
  const workers = queues.map((queue) =>
    connection.worker(
      queue,
      async (job: Job) => {
        const processor = PROCESSORS[job.name as JobName];
        if (!processor || JOB_QUEUE[job.name as JobName] !== queue) throw new UnrecoverableError(`unknown job ${job.name} on ${queue}`);
        return processor(job, ctx);
      },
      { concurrency: 4 },
    ),
  );
  for (const w of workers) w.on("failed", (job, err) => console.error(`[worker] job ${job?.name}#${job?.id} failed: ${err.message}`));
  await Promise.all(workers.map((w) => w.waitUntilReady()));
  console.log(`[worker] ready on ${connection.kind}: ${queues.join(", ")}`);

  return {
    async close() {
      await Promise.all(workers.map((w) => w.close()));
      await connection.close();
      await pool.end();
    },
  };
}

if (require.main === module) {
  startWorker()
    .then((w) => {
      let closing = false;
      const stop = async () => {
        if (closing) return;
        closing = true;
        const force = setTimeout(() => process.exit(1), 15_000);
        force.unref();
        await w.close();
        process.exit(0);
      };
      process.on("SIGINT", stop);
      process.on("SIGTERM", stop);
    })
    .catch((e) => {
      console.error(`[worker] failed to start: ${(e as Error).stack ?? e}`);
      process.exit(1);
    });
}
