import type { JobsOptions, Queue } from "bullmq";
import { JOB_QUEUE, jobOptions, type JobName, type JobPayloads, type QueueName } from "@gryx/contracts";
import type { QueueConnection } from "@gryx/platform";

/** Typed enqueueing: the job name decides the queue, the payload type and the options (JOB_SPECS). */
export class JobQueue {
  private readonly queues = new Map<QueueName, Queue>();

  /** `retryDelayPercent`: the config's JOB_RETRY_DELAY_PERCENT (the back-off between tries, in percent). */
  constructor(
    readonly connection: QueueConnection,
    private readonly retryDelayPercent = 100,
  ) {}

  queueFor(name: JobName): Queue {
    const queueName = JOB_QUEUE[name];
    let q = this.queues.get(queueName);
    if (!q) {
      q = this.connection.queue(queueName);
      this.queues.set(queueName, q);
    }
    return q;
  }

  /** The contract's options for one job (JOB_SPECS), e.g. for a flow's parent and children. */
  options<J extends JobName>(name: J, data: JobPayloads[J]) {
    return jobOptions(name, data, this.retryDelayPercent);
  }

  /** `opts` overrides the contract's options for this one job (rarely needed). */
  add<J extends JobName>(name: J, data: JobPayloads[J], opts: JobsOptions = {}) {
    return this.queueFor(name).add(name, data, { ...this.options(name, data), ...opts });
  }

  /** Many jobs of one name in one round trip, each with the contract's options and its own overrides. */
  addBulk<J extends JobName>(name: J, jobs: { data: JobPayloads[J]; opts?: JobsOptions }[]) {
    return this.queueFor(name).addBulk(
      jobs.map((j) => ({ name, data: j.data, opts: { ...this.options(name, j.data), ...j.opts } })),
    );
  }

  close(): Promise<void> {
    return this.connection.close();
  }
}
