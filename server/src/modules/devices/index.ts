import { defineDomain, type SharedDeps } from "../module";
import type { SettingsService } from "../settings/settings.service";
import { Devices1764420000000 } from "./1764420000000-Devices";
import { DevicesResolver } from "./devices.resolver";
import { devicesRoutes } from "./devices.rest";
import { DevicesService, SIGNING_P12_PURPOSE, SIGNING_PASSWORD_PURPOSE } from "./devices.service";
import { DEVICES_ERRORS } from "./devices.errors";

/**
 * Devices (UDID): the profile service that captures a device's UDID, PRODUCT, VERSION, SERIAL and IMEI through a
 * one-time session, the devices users bind, the PRODUCT → marketing-name table and the profile-signing identity.
 */
export const devicesDomain = defineDomain({
  name: "devices",
  errors: { devices: DEVICES_ERRORS },
  permission: "signing",
  migrations: [Devices1764420000000],
  resolvers: [DevicesResolver],
  routes: devicesRoutes,
  sealed: [
    {
      table: "udid_signing_identity",
      columns: { p12_sealed: SIGNING_P12_PURPOSE, password_sealed: SIGNING_PASSWORD_PURPOSE },
    },
  ],
  services: ({ db, config, rateCounter, settings }: SharedDeps & { settings: SettingsService }) => ({
    devices: new DevicesService(db, settings, rateCounter, config.secrets, {
      publicUrl: config.publicUrl,
      deviceExtraRoots: config.appleDeviceExtraRoots,
    }),
  }),
});
