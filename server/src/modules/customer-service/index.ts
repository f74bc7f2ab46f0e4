import { defineDomain, type SharedDeps } from "../module";
import { fileColumns } from "../storage/file-references";
import type { StorageService } from "../storage/storage.service";
import type { AuthService } from "../auth/auth.service";
import type { OrdersService } from "../wallet/orders.service";
import type { CertificatesService } from "../certificates/certificates.service";
import type { DevicesService } from "../devices/devices.service";
import { CustomerService1764400000000 } from "./1764400000000-CustomerService";
import { CustomerServiceResolver } from "./customer-service.resolver";
import { customerServiceRoutes } from "./customer-service.rest";
import { CustomerServiceService } from "./customer-service.service";
import { CUSTOMER_SERVICE_ERRORS } from "./customer-service.errors";
import { CUSTOMER_SERVICE_EVENTS } from "./customer-service.events";

/**
 * Customer-service chat (在线客服): guest or user sessions with unguessable ids, their messages (text, image, order
 * and certificate cards), the widget's settings, the admins' console; live through `customer-service.changed`.
 */
export const customerServiceDomain = defineDomain({
  name: "customer-service",
  errors: { customerService: CUSTOMER_SERVICE_ERRORS },
  events: CUSTOMER_SERVICE_EVENTS,
  permission: "customer-service",
  migrations: [CustomerService1764400000000],
  resolvers: [CustomerServiceResolver],
  routes: customerServiceRoutes,
  storedFiles: fileColumns({ cs_messages: ["image_url"], cs_settings: ["customer_service_avatar"] }),
  services: ({
    db,
    events,
    rateCounter,
    storage,
    orders,
    auth,
    certificates,
    devices,
    config,
  }: SharedDeps & {
    storage: StorageService;
    orders: OrdersService;
    auth: AuthService;
    certificates: CertificatesService;
    devices: DevicesService;
  }) => {
    const customerService = new CustomerServiceService(
      db,
      events,
      rateCounter,
      storage,
      orders,
      config.businessTimeZone,
      certificates,
      devices,
    );
    // A guest's chat joins the account when it logs in with its guest id (the widget sends X-Guest-Id).
    auth.onLogin((userId, meta) => customerService.joinGuest(meta.guestId, userId));
    return { customerService };
  },
});
