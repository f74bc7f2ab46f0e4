import { defineDomain, type SharedDeps } from "../module";
import { fileColumns } from "../storage/file-references";
import type { StorageService } from "../storage/storage.service";
import type { WalletService } from "../wallet/wallet.service";
import type { SoftwareSourcesService } from "../software-sources/software-sources.service";
import { Signing1764600000000 } from "./1764600000000-Signing";
import { SigningQuotas1764610000000 } from "./1764610000000-SigningQuotas";
import { SigningResign1764900000000 } from "./1764900000000-SigningResign";
import { SigningResolver } from "./signing.resolver";
import { signingRoutes } from "./signing.rest";
import { SigningService } from "./signing.service";
import { SIGNING_ERRORS } from "./signing.errors";
import { SIGNING_JOBS } from "./signing.jobs";

/**
 * IPA signing (签名IPA, /signature and /app-signature): uploads, tasks and their charges, OTA install links and
 * downloads with a quota, signing settings, cleanup. The worker's `signing.sign` job signs (worker/src/processors/
 * signing.ts) and reports progress through `signing.task-updated`.
 */
export const signingDomain = defineDomain({
  name: "signing",
  errors: { signing: SIGNING_ERRORS },
  jobs: SIGNING_JOBS,
  processors: ({ signing }) => ({
    "signing.refund": async (job) => ({ refundedFen: await signing.refundTask(job.data.taskId) }),
    "signing.cleanup": () => signing.cleanup(),
  }),
  permission: "signing",
  migrations: [Signing1764600000000, SigningQuotas1764610000000, SigningResign1764900000000],
  resolvers: [SigningResolver],
  routes: signingRoutes,
  storedFiles: fileColumns({ signing_uploads: ["icon_url", "storage_key"], signing_tasks: ["icon_url"] }),
  services: ({
    db,
    jobs,
    events,
    rateCounter,
    storage,
    wallet,
    softwareSources,
    config,
  }: SharedDeps & { storage: StorageService; wallet: WalletService; softwareSources: SoftwareSourcesService }) => ({
    signing: new SigningService(db, jobs, events, storage, wallet, rateCounter, softwareSources, {
      jwtSecret: config.jwtSecret,
      publicUrl: config.publicUrl,
      offerDemoCertificate: config.offerDemoCertificate,
      timeZone: config.businessTimeZone,
    }),
  }),
});
