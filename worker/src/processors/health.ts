import os from "node:os";
import type { Job } from "bullmq";
import type { HealthResult, JobPayloads } from "@gryx/contracts";
import type { WorkerContext } from "../context";

/** Echoes the nonce so the server knows a worker really took the job. */
export async function healthProcessor(job: Job<JobPayloads["system.health"]>, ctx: WorkerContext): Promise<HealthResult> {
  return { nonce: job.data.nonce, worker: `${os.hostname()}:${process.pid}`, backend: ctx.queueKind };
}
