import type { Worker } from "bullmq";
import { SERVER_QUEUES } from "@gryx/contracts";
import { consumeQueues, type JobProcessors, type QueueConnection } from "@gryx/platform";
import { log } from "../common/logger";
import type { Services } from "../services";

/**
 * The housekeeping jobs, scheduled in BullMQ (JOB_SPECS `everyMs`) and consumed by the server instances with
 * concurrency 1: each run happens on one instance of the cluster. They live here, not in the worker, because the
 * work needs the server's storage service.
 */
export function maintenanceProcessors(services: Services): JobProcessors<object> {
  return {
    "housekeeping.auth": async () => {
      await services.auth.housekeeping();
      return {};
    },
    "housekeeping.uploads": () => services.apps.housekeeping(),
    "orders.close-expired": async () => ({ closed: await services.orders.closeExpired() }),
    "payments.close-expired": () => services.payments.closeExpired(),
    "payments.query-pending": () => services.payments.reconcilePending(),
    "certificates.purge-temp": async () => ({ deleted: await services.certificates.purgeExpiredTemp() }),
    "sources.refresh-due": () => services.softwareSources.refreshDue(),
    "sources.fetch": (job, ctx) => services.softwareSources.fetchSource(job.data.sourceId, ctx.signal),
    "mall.refund": (job) => services.mall.refund(job.data.orderId),
    "mall.sweep": () => services.mall.sweep(),
    "signing.refund": async (job) => ({ refundedFen: await services.signing.refundTask(job.data.taskId) }),
    "signing.cleanup": () => services.signing.cleanup(),
    "signing.resign-sweep": () => services.resign.sweep(),
    "certificates.watch": () => services.resign.watch(),
  };
}

export function startMaintenance(connection: QueueConnection, services: Services): Promise<Worker[]> {
  return consumeQueues({
    connection,
    queues: SERVER_QUEUES,
    processors: maintenanceProcessors(services),
    context: {},
    concurrency: 1,
    everyMsFor: { "certificates.watch": services.config.certWatchIntervalMs },
    log: (m) => log.warn(`maintenance: ${m}`),
  });
}
