import { defineDomain, type SharedDeps } from "../module";
import { CertificateChecks1764430000000 } from "./1764430000000-CertificateChecks";
import { CertificateChecksResolver } from "./certificate-checks.resolver";
import { certificateChecksRoutes } from "./certificate-checks.rest";
import { CertificateChecksService } from "./certificate-checks.service";
import { CERTIFICATE_CHECKS_ERRORS } from "./certificate-checks.errors";

/**
 * Certificate status checks: single checks (check-status, the admin's status-check page), detection batches (BullMQ
 * flows) and the site messages that tell owners their certificate was revoked. The worker's `certificates.check`
 * job does the checking (OCSP + profile checks) and writes the certificates' status columns.
 */
export const certificateChecksDomain = defineDomain({
  name: "certificate-checks",
  errors: { certificateChecks: CERTIFICATE_CHECKS_ERRORS },
  permission: "signing",
  migrations: [CertificateChecks1764430000000],
  resolvers: [CertificateChecksResolver],
  routes: certificateChecksRoutes,
  services: ({ db, jobs, events, rateCounter, config }: SharedDeps) => ({
    certificateChecks: new CertificateChecksService(
      db,
      jobs,
      events,
      rateCounter,
      config.appleExtraRoots,
      config.ocspRedirects,
    ),
  }),
});
