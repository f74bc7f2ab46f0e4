import type { Worker } from "bullmq";
import { SERVER_QUEUES } from "@gryx/contracts";
import { consumeQueues, type JobProcessors, type QueueConnection } from "@gryx/platform";
import { log } from "../common/logger";
import { DOMAINS } from "../modules";
import type { DomainModule } from "../modules/module";
import type { Services } from "../services";

/**
 * The housekeeping jobs, scheduled in BullMQ (JOB_SPECS `everyMs`) and consumed by the server instances with
 * concurrency 1: each run happens on one instance of the cluster. Each domain gives the processors of the jobs it
 * runs here (its manifest's `processors`), because the work needs the server's services (storage, wallet).
 */
export function maintenanceProcessors(
  services: Services,
  domains: readonly DomainModule<any, any>[] = DOMAINS,
): JobProcessors<object> {
  return Object.assign({}, ...domains.map((d) => d.processors?.(services) ?? {}));
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
