import { randomUUID } from "node:crypto";
import type { QueueEvents } from "bullmq";
import type { DataSource } from "typeorm";
import { DomainError } from "../../common/errors";
import type { JobQueue } from "../../jobs/enqueue";
import { QUEUES, type HealthResult } from "@gryx/contracts";

/** Liveness of the pieces the site depends on, and the start-up job round trip through the worker. */
export class HealthService {
  private events: QueueEvents | null = null;

  constructor(
    private readonly db: DataSource,
    private readonly jobs: JobQueue,
  ) {}

  async database(): Promise<boolean> {
    try {
      await this.db.query("SELECT 1");
      return true;
    } catch {
      return false;
    }
  }

  /** Enqueues a health job and waits for the worker to echo its nonce back. */
  async jobRoundTrip(timeoutMs = 30_000): Promise<HealthResult & { ms: number }> {
    this.events ??= this.jobs.connection.events(QUEUES.system);
    await this.events.waitUntilReady();
    const nonce = randomUUID();
    const started = Date.now();
    // Kept for a minute after it ends: removed at once, a fast worker could delete it before waitUntilFinished
    // looks at it ("Missing key for job").
    const job = await this.jobs.add("system.health", { nonce }, { attempts: 1, removeOnComplete: { age: 60 }, removeOnFail: { age: 3600 } });
    let result: HealthResult;
    try {
      result = (await job.waitUntilFinished(this.events, timeoutMs)) as HealthResult;
    } catch (e) {
      throw new DomainError("HEALTH_WORKER_UNAVAILABLE", `后台任务服务无响应：${(e as Error).message}`);
    }
    if (result?.nonce !== nonce) throw new DomainError("HEALTH_WORKER_WRONG_RESULT");
    return { ...result, ms: Date.now() - started };
  }

  async close(): Promise<void> {
    await this.events?.close();
  }
}
