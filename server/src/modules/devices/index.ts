import { defineDomain, type SharedDeps } from "../module";
import type { SettingsService } from "../settings/settings.service";
import { Devices1764420000000 } from "./1764420000000-Devices";
import { DeviceEntity, DeviceModelEntity, UdidSessionEntity, UdidSigningIdentityEntity } from "./device.entity";
import { DevicesResolver } from "./devices.resolver";
import { devicesRoutes } from "./devices.rest";
import { DevicesService } from "./devices.service";

/**
 * Devices (UDID): the profile service that captures a device's UDID, PRODUCT, VERSION, SERIAL and IMEI through a
 * one-time session, the devices users bind, the PRODUCT → marketing-name table and the profile-signing identity.
 */
export const devicesDomain = defineDomain({
  name: "devices",
  entities: [DeviceEntity, UdidSessionEntity, DeviceModelEntity, UdidSigningIdentityEntity],
  migrations: [Devices1764420000000],
  resolvers: [DevicesResolver],
  routes: devicesRoutes,
  services: ({ db, config, rateCounter, settings }: SharedDeps & { settings: SettingsService }) => ({
    devices: new DevicesService(db, settings, rateCounter, config.secretsKey, { publicUrl: config.publicUrl }),
  }),
});
