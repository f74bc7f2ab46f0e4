import { defineDomain } from "../module";
import { Devices1764420000000 } from "./1764420000000-Devices";
import { DeviceEntity, DeviceModelEntity, UdidSessionEntity, UdidSigningIdentityEntity } from "./device.entity";

/**
 * Devices (UDID): the profile service that captures a device's UDID, PRODUCT, VERSION, SERIAL and IMEI, the
 * devices users bind, and the PRODUCT → marketing-name table.
 */
export const devicesDomain = defineDomain({
  name: "devices",
  entities: [DeviceEntity, UdidSessionEntity, DeviceModelEntity, UdidSigningIdentityEntity],
  migrations: [Devices1764420000000],
});
