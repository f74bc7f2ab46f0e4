import { defineDomain, type SharedDeps } from "../module";
import { Certificates1764400000000 } from "./1764400000000-Certificates";
import { CertificatesDemo1764590000000 } from "./1764590000000-CertificatesDemo";
import { CertificateAutoResign1764900100000 } from "./1764900100000-CertificateAutoResign";
import { CertificatesResolver } from "./certificates.resolver";
import { certificatesRoutes } from "./certificates.rest";
import { CertificatesService, P12_PURPOSE, PASSWORD_PURPOSE } from "./certificates.service";
import { P8_PURPOSE, P8KeysService } from "./p8-keys.service";
import { CERTIFICATES_ERRORS } from "./certificates.errors";
import { CERTIFICATES_JOBS } from "./certificates.jobs";

/**
 * Certificates: users' signing certificates (a p12 + password, sealed, and the provisioning profile), temporary
 * certificates, the platform's own, and App Store Connect API keys. Status checks write through
 * `CertificatesService.recordCheck`.
 */
export const certificatesDomain = defineDomain({
  name: "certificates",
  errors: { certificates: CERTIFICATES_ERRORS },
  jobs: CERTIFICATES_JOBS,
  processors: ({ certificates }) => ({
    "certificates.purge-temp": async () => ({ deleted: await certificates.purgeExpiredTemp() }),
  }),
  permission: "signing",
  migrations: [Certificates1764400000000, CertificatesDemo1764590000000, CertificateAutoResign1764900100000],
  resolvers: [CertificatesResolver],
  routes: certificatesRoutes,
  sealed: [
    {
      table: "certificates",
      columns: { p12_sealed: P12_PURPOSE, password_sealed: PASSWORD_PURPOSE },
      keyIdColumn: "secrets_key_id",
    },
    { table: "p8_keys", columns: { private_key_sealed: P8_PURPOSE }, keyIdColumn: "secrets_key_id" },
  ],
  services: ({ db, config, rateCounter }: SharedDeps) => ({
    certificates: new CertificatesService(db, config.secrets, config.appleExtraRoots, rateCounter),
    p8Keys: new P8KeysService(db, config.secrets),
  }),
});
