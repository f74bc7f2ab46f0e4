import type { JobsOptions, Queue } from "bullmq";
import { JOB_QUEUE, type JobName, type JobPayloads, type QueueName } from "@gryx/contracts";
import type { QueueConnection } from "@gryx/platform";

/** Typed enqueueing: the job name decides the queue and the payload type. */
export class JobQueue {
  private readonly queues = new Map<QueueName, Queue>();

  constructor(readonly connection: QueueConnection) {}

  private queueFor(name: JobName): Queue {
    const queueName = JOB_QUEUE[name];
    let q = this.queues.get(queueName);
    if (!q) {
      q = this.connection.queue(queueName);
      this.queues.set(queueName, q);
    }
    return q;
  }

  add<J extends JobName>(name: J, data: JobPayloads[J], opts: JobsOptions = {}) {
    return this.queueFor(name).add(name, data, {
      attempts: 5,
      backoff: { type: "exponential", delay: 2000 },
      removeOnComplete: { age: 24 * 3600, count: 1000 },
      removeOnFail: { age: 7 * 24 * 3600 },
      ...opts,
    });
  }

  close(): Promise<void> {
    return this.connection.close();
  }
}
