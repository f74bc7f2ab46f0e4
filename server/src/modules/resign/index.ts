import { log } from "../../common/logger";
import { defineDomain, type SharedDeps } from "../module";
import type { CertificateChecksService } from "../certificate-checks/certificate-checks.service";
import { ResignIncidents1764900200000 } from "./1764900200000-ResignIncidents";
import { ResignResolver } from "./resign.resolver";
import { resignRoutes } from "./resign.rest";
import { ResignService } from "./resign.service";
import { RESIGN_ERRORS } from "./resign.errors";
import { RESIGN_JOBS } from "./resign.jobs";

/**
 * 掉签自动重签: revocation incidents (resign_incidents, resign_items). A check that finds a certificate revoked (a
 * user's, a detection batch's, the schedule's `certificates.watch`) opens an incident; the worker's `signing.resign`
 * re-signs each live task on a replacement (warranty re-issue, the owner's backup certificate, a platform
 * certificate) behind users' own signings, keeping the task's install link. /admin/cert-tasks lists the incidents.
 */
export const resignDomain = defineDomain({
  name: "resign",
  errors: { resign: RESIGN_ERRORS },
  jobs: RESIGN_JOBS,
  processors: ({ resign }) => ({
    "signing.resign-sweep": () => resign.sweep(),
    "certificates.watch": () => resign.watch(),
  }),
  permission: "signing",
  migrations: [ResignIncidents1764900200000],
  resolvers: [ResignResolver],
  routes: resignRoutes,
  services: ({ db, jobs, events, certificateChecks }: SharedDeps & { certificateChecks: CertificateChecksService }) => {
    const resign = new ResignService(db, jobs, events, certificateChecks);
    resign.listen((m) => log.warn(m));
    return { resign };
  },
});
