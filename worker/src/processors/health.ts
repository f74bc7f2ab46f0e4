import type { Job } from "bullmq";
import type { HealthResult, JobPayloads } from "@gryx/contracts";
import type { ProcessorContext } from "../context";

/** Echoes the nonce so the server knows a worker really took the job, and sends a heartbeat on the event bus. */
export async function healthProcessor(
  job: Job<JobPayloads["system.health"]>,
  ctx: ProcessorContext,
): Promise<HealthResult> {
  await ctx.heartbeat();
  return { nonce: job.data.nonce, worker: ctx.workerId, backend: ctx.queueKind };
}
